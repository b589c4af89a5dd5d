/** Errors of the database engines, read the same way on PGlite and PostgreSQL. */

/** Whether a write failed on a unique index (SQLSTATE 23505), at any depth of causes. */
export function isUniqueViolation(error: unknown): boolean {
  for (let cause: unknown = error; cause; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
