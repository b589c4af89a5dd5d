/** Rows of `db.execute`: an array on postgres.js, `{ rows }` on PGlite. */
export const executedRows = <T>(result: unknown): T[] =>
  Array.isArray(result) ? result : (result as { rows: T[] }).rows;
