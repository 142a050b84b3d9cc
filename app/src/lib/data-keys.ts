/**
 * Which cached queries read which tables, so that a mutation refreshes every view of the data it changed: each
 * feature declares, next to its query keys, the tables its queries read (`readsTables`); a mutation names the
 * tables it wrote (`invalidateTables`), and every query under a registered key is refetched or marked stale.
 * A feature that was never loaded registered nothing, and has nothing in the cache either.
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';

const readers = new Map<string, QueryKey[]>();

/** Declares that the queries under `queryKey` read `tables`. */
export function readsTables(queryKey: QueryKey, tables: readonly string[]): void {
  for (const table of tables) {
    const keys = readers.get(table) ?? [];
    if (!keys.some((key) => JSON.stringify(key) === JSON.stringify(queryKey))) keys.push(queryKey);
    readers.set(table, keys);
  }
}

/** The query keys registered for any of `tables`, each once. */
export function keysReading(tables: readonly string[]): QueryKey[] {
  const seen = new Map<string, QueryKey>();
  for (const table of tables) for (const key of readers.get(table) ?? []) seen.set(JSON.stringify(key), key);
  return [...seen.values()];
}

/** Refreshes every query that reads one of `tables` (after a mutation that wrote them). */
export function invalidateTables(queryClient: QueryClient, tables: readonly string[]): Promise<void> {
  return Promise.all(keysReading(tables).map((queryKey) => queryClient.invalidateQueries({ queryKey }))).then(
    () => undefined,
  );
}
