/** The rows of a raw `db.execute(sql…)`: PGlite answers an array, node-postgres a result with `rows`. */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];
}
