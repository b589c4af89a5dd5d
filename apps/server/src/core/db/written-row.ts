/**
 * The row a write of one row answers (`insert … returning`, `update … returning`): the write
 * cannot miss it, so a missing one is the database's fault, thrown as `message`.
 */
export async function writtenRow<T>(rows: PromiseLike<T[]>, message: string): Promise<T> {
  const [row] = await rows;
  if (!row) throw new Error(message);
  return row;
}
