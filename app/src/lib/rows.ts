/**
 * Rows read through supabase-js, narrowed without casts. The generated types (database.types.ts) give a text
 * column as `string` and a jsonb column as `Json`; a screen works with the few values the column's check allows,
 * or with the JSON's shape. These helpers check that at run time, so the compiler can trust the narrower type.
 */

/** Whether `value` is one of `values`: a type guard for a union of literals (e.g. a status column's check). */
export function isOneOf<const T extends string>(values: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (values as readonly string[]).includes(value);
}

/**
 * The rows `parse` accepts (returns non-null). A row it refuses is left out with a console warning that names
 * `what`: a value the screen does not know never crashes it nor is shown as something it is not.
 */
export function keepParsed<R, T>(
  rows: readonly R[] | null | undefined,
  parse: (row: R) => T | null,
  what: string,
): T[] {
  const kept: T[] = [];
  for (const row of rows ?? []) {
    const parsed = parse(row);
    if (parsed === null) console.warn(`${what}: a row with an unexpected value was left out`, row);
    else kept.push(parsed);
  }
  return kept;
}
