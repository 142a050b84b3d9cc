/**
 * Every view registers the tables it reads and every mutation names the tables it writes (see data-keys.ts): a
 * walk over the app's source that fails on a mutation hook with no `invalidateTables`, or a feature whose queries
 * registered no table, so a new screen cannot quietly go stale after a write elsewhere.
 */
import { describe, expect, it } from 'vitest';

const sources = import.meta.glob<string>(
  ['/src/**/*.ts', '/src/**/*.tsx', '!/src/**/*.test.ts', '!/src/**/*.test.tsx'],
  {
    query: '?raw',
    import: 'default',
    eager: true,
  },
);

/** The text of the call that starts at `open` (the index of its opening parenthesis), parentheses balanced. */
export function callText(source: string, open: number): string {
  let depth = 0;
  for (let i = open; i < source.length; i++) {
    if (source[i] === '(') depth++;
    else if (source[i] === ')' && --depth === 0) return source.slice(open, i + 1);
  }
  return source.slice(open);
}

/** `file:line` of each useMutation call whose options name no written table. */
export function mutationsNamingNoTables(files: Record<string, string>): string[] {
  const missing: string[] = [];
  for (const [file, source] of Object.entries(files)) {
    // a local helper (`const invalidate = () => invalidateTables(...)`) counts for the mutations that call it
    const helper =
      /invalidate\w*\s*=\s*(\(\)|useInvalidate\w*\(\))/.test(source) && source.includes('invalidateTables(');
    for (const match of source.matchAll(/\buseMutation\(/g)) {
      const text = callText(source, match.index + match[0].length - 1);
      if (text.includes('invalidateTables(')) continue;
      if (helper && /\b(onSuccess|onSettled)\b[^,]*\binvalidate\w*/.test(text)) continue;
      missing.push(`${file}:${source.slice(0, match.index).split('\n').length}`);
    }
  }
  return missing;
}

/** Features (or files outside features) that run queries but registered no table they read. */
export function readersRegisteringNoTables(files: Record<string, string>): string[] {
  const groups = new Map<string, { queries: boolean; registers: boolean }>();
  for (const [file, source] of Object.entries(files)) {
    const group = /^\/src\/features\/[^/]+/.exec(file)?.[0] ?? file;
    const entry = groups.get(group) ?? { queries: false, registers: false };
    entry.queries ||= /\buse(Suspense)?Quer(y|ies)\(/.test(source);
    entry.registers ||= source.includes('readsTables(');
    groups.set(group, entry);
  }
  return [...groups].filter(([, g]) => g.queries && !g.registers).map(([group]) => group);
}

describe('data keys coverage', () => {
  it('finds the source', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(100);
  });

  it('every mutation names the tables it writes', () => {
    expect(mutationsNamingNoTables(sources)).toEqual([]);
  });

  it('every feature that reads data registers the tables it reads', () => {
    expect(readersRegisteringNoTables(sources)).toEqual([]);
  });

  it('catches a mutation that only refreshes its own key', () => {
    const stale = {
      '/src/features/x/api.ts':
        "useMutation({ mutationFn: f, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['x'] }) });",
      '/src/features/y/api.ts':
        "useMutation({ mutationFn: f, onSuccess: () => invalidateTables(queryClient, ['y']) });",
    };
    expect(mutationsNamingNoTables(stale)).toEqual(['/src/features/x/api.ts:1']);
    expect(readersRegisteringNoTables({ '/src/features/z/q.ts': 'useQuery({ queryKey: k, queryFn })' })).toEqual([
      '/src/features/z',
    ]);
  });
});
