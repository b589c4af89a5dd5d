import type { ListPage, ListQuery } from '@vap/contracts';

/** The value a row sorts by for a sort key; the row's field of that name by default. */
export type SortValue<T> = (row: T, key: string) => unknown;

const fieldOf = <T>(row: T, key: string): unknown => (row as Record<string, unknown>)[key];

/** Numbers by value, other values as text; empty values (null, undefined) before all others. */
function compare(left: unknown, right: unknown): number {
  const leftEmpty = left === null || left === undefined;
  const rightEmpty = right === null || right === undefined;
  if (leftEmpty || rightEmpty) return leftEmpty && rightEmpty ? 0 : leftEmpty ? -1 : 1;
  if (typeof left === 'number' && typeof right === 'number') return left - right;
  return String(left).localeCompare(String(right));
}

/**
 * One page of a list the server answers whole (`{ items }`, no paging): the table's sort and page
 * applied in the console. The sort is stable, so rows that tie keep the server's order.
 */
export function pageLocally<T>(
  rows: readonly T[],
  query: Pick<ListQuery, 'page' | 'size' | 'orders'>,
  sortValue: SortValue<T> = fieldOf,
): ListPage<T> {
  const [order] = query.orders;
  const sorted = [...rows];
  if (order) {
    const direction = order.o === 'asc' ? 1 : -1;
    sorted.sort((a, b) => compare(sortValue(a, order.k), sortValue(b, order.k)) * direction);
  }
  const start = (query.page - 1) * query.size;
  return { items: sorted.slice(start, start + query.size), total: rows.length };
}
