/**
 * Server-side paging of list screens: the row range a page asks for, the "1-25 de 5.002" label (pt-BR
 * thousands), and the text filters that run in the query (ILIKE over several columns), never in JS after fetching.
 */

/** The page sizes a list offers; the first is the default. */
export const PAGE_SIZES = [25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = PAGE_SIZES[0];

/** Rows `from`..`to` (inclusive, zero-based) of page `page` (1-based), as `.range(from, to)` takes them. */
export function pageRange(page: number, pageSize: number): { from: number; to: number } {
  const current = Math.max(1, Math.floor(page));
  const from = (current - 1) * pageSize;
  return { from, to: from + pageSize - 1 };
}

/** 5002 -> '5.002'. */
export function formatCount(value: number): string {
  return value.toLocaleString('pt-BR');
}

export interface PagerState {
  page: number;
  pageCount: number;
  start: number;
  end: number;
  total: number;
  /** '1-25 de 5.002'; '0 de 0' when empty. */
  label: string;
  hasPrevious: boolean;
  hasNext: boolean;
}

/** What the pager shows for `total` rows at page `page` (clamped to the last page). */
export function pagerState(total: number, page: number, pageSize: number): PagerState {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, page), pageCount);
  const start = total === 0 ? 0 : (current - 1) * pageSize + 1;
  const end = Math.min(total, current * pageSize);
  return {
    page: current,
    pageCount,
    start,
    end,
    total,
    label: total === 0 ? '0 de 0' : `${formatCount(start)}-${formatCount(end)} de ${formatCount(total)}`,
    hasPrevious: current > 1,
    hasNext: current < pageCount,
  };
}

/** A term as a literal ILIKE pattern `*term*`: LIKE's wildcards in it match themselves; '*' is dropped. */
export function likePattern(term: string): string {
  const escaped = term
    .trim()
    .replace(/\*/g, '')
    .replace(/[\\%_]/g, (ch) => `\\${ch}`);
  return `*${escaped}*`;
}

/** A value inside a PostgREST logic filter: double-quoted, so commas, dots and parentheses stay literal. */
function quoted(value: string): string {
  return `"${value.replace(/[\\"]/g, (ch) => `\\${ch}`)}"`;
}

/**
 * The `.or()` text matching `term` anywhere in any of `columns`, case-insensitive: 'full_name.ilike."*ana*",...'.
 * Null for a blank term (no filter).
 */
export function ilikeAny(columns: readonly string[], term: string): string | null {
  if (!term.trim().replace(/\*/g, '')) return null;
  const pattern = quoted(likePattern(term));
  return columns.map((column) => `${column}.ilike.${pattern}`).join(',');
}

/** A page of rows and the exact number of rows the filters match. */
export interface Page<T> {
  rows: T[];
  total: number;
}
