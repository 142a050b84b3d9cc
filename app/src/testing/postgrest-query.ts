/**
 * The part of PostgREST's query grammar the app's tests need, applied to in-memory rows:
 * select columns (aliases, casts, embeds read from the row), filters (eq neq gt gte lt lte like ilike in is, not.),
 * order, limit/offset. Pure functions; supabase-server.ts puts them behind HTTP.
 */

export type Row = Record<string, unknown>;

/** Query-string keys that are not column filters. */
const RESERVED = new Set([
  'select',
  'order',
  'limit',
  'offset',
  'columns',
  'on_conflict',
  'or',
  'and',
  'not.or',
  'not.and',
]);

/** Splits at commas outside parentheses and double quotes: `a,b(c,d),"e,f"` -> [a, b(c,d), "e,f"]. */
export function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let current = '';
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && char === '(') depth += 1;
    else if (!quoted && char === ')') depth -= 1;
    if (char === ',' && depth === 0 && !quoted) {
      parts.push(current);
      current = '';
    } else current += char;
  }
  if (current !== '') parts.push(current);
  return parts.map((p) => p.trim()).filter(Boolean);
}

/**
 * The row as `select` shapes it. `*` keeps every column; `alias:col::cast` renames; an embed `rel(...)`
 * (or `alias:rel!hint(...)`) takes the row's own `rel` value, so a test seeds embedded data inside the row.
 */
export function project(row: Row, select: string | null): Row {
  if (!select || select === '*') return { ...row };
  const out: Row = {};
  for (const item of splitTopLevel(select)) {
    if (item === '*') {
      Object.assign(out, row);
      continue;
    }
    const embed = /^(?:([\w]+):)?([\w]+)(?:![\w]+)?\((.*)\)$/s.exec(item);
    if (embed) {
      const [, alias, relation, inner] = embed;
      const value = row[alias ?? relation!] ?? row[relation!];
      out[alias ?? relation!] = Array.isArray(value)
        ? value.map((v) => project(v as Row, inner!))
        : value && typeof value === 'object'
          ? project(value as Row, inner!)
          : (value ?? null);
      continue;
    }
    const [, alias, column] = /^(?:([\w]+):)?([\w]+)(?:::[\w]+)?$/.exec(item) ?? [];
    if (!column) throw new Error(`select not understood by the test server: ${item}`);
    out[alias ?? column] = row[column];
  }
  return out;
}

/** The value of a filter as the row's column would hold it (numbers and booleans are compared as such). */
function coerce(raw: string, sample: unknown): unknown {
  if (typeof sample === 'number') return Number(raw);
  if (typeof sample === 'boolean') return raw === 'true';
  return raw;
}

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
}

function likeToRegExp(pattern: string, flags: string): RegExp {
  // `\x` is a literal x (LIKE's escape); `*`/`%` any text; `_` one character
  let source = '';
  for (let i = 0; i < pattern.length; i += 1) {
    const char = pattern[i]!;
    if (char === '\\' && i + 1 < pattern.length) source += pattern[++i]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    else if (char === '*' || char === '%') source += '.*';
    else if (char === '_') source += '.';
    else source += char.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`, flags + 's');
}

/** A double-quoted filter value without its quotes and backslash escapes: `"a\"b"` -> `a"b`. */
function unquoteValue(raw: string): string {
  return raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1).replace(/\\(.)/g, '$1') : raw;
}

/** `in.(a,"b,c",d)` -> ['a', 'b,c', 'd']. */
function listValues(raw: string): string[] {
  const inner = raw.replace(/^\(/, '').replace(/\)$/, '');
  return splitTopLevel(inner).map((v) => v.replace(/^"(.*)"$/, '$1'));
}

/** Whether `value` passes `op.raw` (SQL semantics: a comparison with NULL is never true). */
export function matches(value: unknown, expression: string): boolean {
  const isNull = value === null || value === undefined;
  if (expression.startsWith('not.'))
    return !matches(value, expression.slice(4)) && (!isNull || expression.startsWith('not.is.'));
  const dot = expression.indexOf('.');
  const op = expression.slice(0, dot);
  const raw = expression.slice(dot + 1);
  if (op === 'is') {
    if (raw === 'null') return isNull;
    if (raw === 'not_null') return !isNull;
    if (raw === 'true') return value === true;
    if (raw === 'false') return value === false;
    throw new Error(`is.${raw} not understood by the test server`);
  }
  if (isNull) return false;
  switch (op) {
    case 'eq':
      return value === coerce(raw, value);
    case 'neq':
      return value !== coerce(raw, value);
    case 'gt':
      return compare(value, coerce(raw, value)) > 0;
    case 'gte':
      return compare(value, coerce(raw, value)) >= 0;
    case 'lt':
      return compare(value, coerce(raw, value)) < 0;
    case 'lte':
      return compare(value, coerce(raw, value)) <= 0;
    case 'like':
      return likeToRegExp(unquoteValue(raw), '').test(String(value));
    case 'ilike':
      return likeToRegExp(unquoteValue(raw), 'i').test(String(value));
    case 'in':
      return listValues(raw).some((v) => value === coerce(v, value));
    default:
      throw new Error(`filter operator ${op} not understood by the test server`);
  }
}

/** The column filters of a query string: [[column, 'op.value'], ...]. */
export function filtersOf(params: URLSearchParams): [string, string][] {
  return [...params.entries()].filter(([key]) => !RESERVED.has(key));
}

/** One term of a logic tree: `col.op.value`, `not.or(...)`, `and(...)`. */
function termMatches(row: Row, term: string): boolean {
  const negated = term.startsWith('not.');
  const body = negated ? term.slice(4) : term;
  const logic = /^(or|and)\((.*)\)$/s.exec(body);
  let result: boolean;
  if (logic) result = logicMatches(row, logic[1] as 'or' | 'and', logic[2]!);
  else {
    const dot = body.indexOf('.');
    result = matches(row[body.slice(0, dot)], body.slice(dot + 1));
  }
  return negated ? !result : result;
}

function logicMatches(row: Row, kind: 'or' | 'and', inner: string): boolean {
  const terms = splitTopLevel(inner);
  return kind === 'or' ? terms.some((t) => termMatches(row, t)) : terms.every((t) => termMatches(row, t));
}

/** Column filters and `or=(...)`/`and=(...)` trees, all of which a row must pass. */
export function applyFilters(rows: Row[], params: URLSearchParams): Row[] {
  const filters = filtersOf(params);
  const trees = [...params.entries()].filter(
    ([key]) => key === 'or' || key === 'and' || key === 'not.or' || key === 'not.and',
  );
  return rows.filter(
    (row) =>
      filters.every(([column, expression]) => matches(row[column], expression)) &&
      trees.every(([key, value]) => termMatches(row, `${key}${value}`)),
  );
}

/** `order=a.desc.nullslast,b` with PostgreSQL's defaults (NULLs last ascending, first descending). */
export function applyOrder(rows: Row[], order: string | null): Row[] {
  if (!order) return rows;
  const terms = splitTopLevel(order).map((term) => {
    const [column, ...modifiers] = term.split('.');
    const descending = modifiers.includes('desc');
    const nullsFirst = modifiers.includes('nullsfirst') || (descending && !modifiers.includes('nullslast'));
    return { column: column!, descending, nullsFirst };
  });
  return [...rows].sort((a, b) => {
    for (const { column, descending, nullsFirst } of terms) {
      const x = a[column] ?? null;
      const y = b[column] ?? null;
      if (x === null && y === null) continue;
      if (x === null) return nullsFirst ? -1 : 1;
      if (y === null) return nullsFirst ? 1 : -1;
      const c = compare(x, y);
      if (c !== 0) return descending ? -c : c;
    }
    return 0;
  });
}

/** `offset`/`limit` query parameters, or a `Range: 0-9` header. Returns the slice and its first index. */
export function applyRange(
  rows: Row[],
  params: URLSearchParams,
  rangeHeader: string | null,
): { rows: Row[]; start: number } {
  let start = Number(params.get('offset') ?? 0);
  let end = params.has('limit') ? start + Number(params.get('limit')) : rows.length;
  const range = rangeHeader ? /^(\d+)-(\d*)$/.exec(rangeHeader) : null;
  if (range) {
    start = Number(range[1]);
    end = range[2] ? Number(range[2]) + 1 : rows.length;
  }
  return { rows: rows.slice(start, end), start };
}
