/**
 * Fetches the rows of a list for an export: the same filter and sort as on screen, page after page,
 * until `limit` rows or the end (spec §5.7: an export has at most 5000 rows).
 */
import type { ListPage, ListQuery, Order, Where } from '@vap/contracts';

export const DEFAULT_EXPORT_LIMIT = 5000;
/** Rows asked for per request while exporting; the server must allow this page size. */
export const DEFAULT_EXPORT_PAGE_SIZE = 500;

export interface CollectOptions {
  wheres: Where[];
  orders: Order[];
  limit: number;
  pageSize: number;
  signal: AbortSignal;
  /** After each page: rows fetched so far and how many will be fetched in all. */
  onProgress?: (done: number, goal: number) => void;
}

/** The first `limit` matching rows and the number of rows that match in all. */
export async function collectRows<T>(
  load: (query: ListQuery, signal: AbortSignal) => Promise<ListPage<T>>,
  { wheres, orders, limit, pageSize, signal, onProgress }: CollectOptions,
): Promise<{ rows: T[]; total: number }> {
  const rows: T[] = [];
  let total = Number.POSITIVE_INFINITY;
  for (let page = 1; rows.length < Math.min(limit, total); page++) {
    signal.throwIfAborted();
    const answer = await load({ page, size: pageSize, wheres, orders }, signal);
    signal.throwIfAborted();
    total = answer.total;
    rows.push(...answer.items.slice(0, limit - rows.length));
    onProgress?.(rows.length, Math.min(limit, total));
    // A short page is the last one, whatever `total` said (rows may have been deleted meanwhile).
    if (answer.items.length < pageSize) break;
  }
  return { rows, total: Number.isFinite(total) ? total : rows.length };
}
