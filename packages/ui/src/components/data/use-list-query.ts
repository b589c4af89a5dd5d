/**
 * A table's server state through TanStack Query: the page, size and sort it shows, the filter it
 * applies, the rows selected across pages, and the answer to the current list query (spec §3). A
 * superseded page's request is aborted (the query's signal), the previous page stays on screen
 * while the next loads, and `reload` fetches the current page again (after an edit or delete).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE, type ListPage, type ListQuery, type Order, type Where } from '@vap/contracts';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { pageCount } from './pagination.js';

export interface Paging {
  page: number;
  size: number;
  orders: Order[];
}

export interface ListQueryOptions<T> {
  /** The table's id: its queries' key starts `['data-table', id]`. */
  id: string;
  load: (query: ListQuery, signal: AbortSignal) => Promise<ListPage<T>>;
  filters?: readonly Where[] | undefined;
  initialQuery?: Partial<Pick<ListQuery, 'page' | 'size' | 'orders'>> | undefined;
  rowKey: (row: T) => string | number;
}

export function useListQuery<T>({ id, load, filters, initialQuery, rowKey }: ListQueryOptions<T>) {
  const [paging, setPaging] = useState<Paging>(() => ({
    page: initialQuery?.page ?? 1,
    size: initialQuery?.size ?? DEFAULT_PAGE_SIZE,
    orders: initialQuery?.orders ?? [],
  }));
  const [selected, setSelected] = useState<ReadonlyMap<string, T>>(() => new Map());

  // Callers usually build `filters` afresh on every render: compare by content, not identity.
  const filtersKey = JSON.stringify(filters ?? []);
  const [applied, setApplied] = useState(() => ({ key: filtersKey, wheres: [...(filters ?? [])] }));
  if (applied.key !== filtersKey) {
    setApplied({ key: filtersKey, wheres: [...(filters ?? [])] });
    setPaging((previous) => ({ ...previous, page: 1 }));
    // Rows picked under another filter would be acted on unseen: a new filter starts afresh.
    setSelected(new Map());
  }

  // The latest `load` and `rowKey`, without a new query when the caller passes new functions.
  const loadRef = useRef(load);
  loadRef.current = load;
  const rowKeyRef = useRef(rowKey);
  rowKeyRef.current = rowKey;

  const query: ListQuery = {
    page: paging.page,
    size: paging.size,
    wheres: applied.wheres,
    orders: paging.orders,
  };
  const result = useQuery({
    queryKey: ['data-table', id, query],
    queryFn: ({ signal }) => loadRef.current(query, signal),
    placeholderData: keepPreviousData,
    // A list shows what the server has now whenever it is shown.
    staleTime: 0,
  });

  const answer = result.data;
  const current = answer !== undefined && !result.isPlaceholderData;
  // How many rows the last answer of its own said match, and under which filter: a page or sort
  // change keeps the count, a filter change makes it unknown until its answer comes.
  const matching = useRef<{ key: string; total: number } | null>(null);
  const appliedKey = useRef(applied.key);
  appliedKey.current = applied.key;
  if (current && answer) matching.current = { key: applied.key, total: answer.total };
  const matchingTotal = useCallback(
    () => (matching.current?.key === appliedKey.current ? matching.current.total : null),
    [],
  );
  useEffect(() => {
    if (!current || !answer) return;
    const lastPage = pageCount(answer.total, paging.size);
    if (answer.items.length === 0 && paging.page > lastPage) {
      // The page emptied (rows deleted elsewhere): show the last page that has rows.
      setPaging((previous) => ({ ...previous, page: lastPage }));
      return;
    }
    setSelected((previous) => {
      // Keep the selection's row objects fresh for bulk actions.
      if (previous.size === 0) return previous;
      let next: Map<string, T> | undefined;
      for (const row of answer.items) {
        const key = String(rowKeyRef.current(row));
        if (previous.has(key)) {
          next ??= new Map(previous);
          next.set(key, row);
        }
      }
      return next ?? previous;
    });
  }, [answer, current, paging.page, paging.size]);

  const { refetch } = result;
  const reload = useCallback(() => void refetch(), [refetch]);
  // A poll's fetch shows no loading veil: the rows stay as they are until the new ones come.
  const [quiet, setQuiet] = useState(false);
  const refresh = useCallback(() => {
    setQuiet(true);
    void refetch().finally(() => setQuiet(false));
  }, [refetch]);
  const failed = result.isError && !result.isFetching;
  return {
    paging,
    setPaging,
    wheres: applied.wheres,
    selected,
    setSelected,
    /** The last answer: the previous page's while the next loads, and after a failure. */
    answer,
    /** How many rows match the current filter, as its last answer said; null until one has. */
    matchingTotal,
    loading: result.isFetching && !(quiet && current),
    error: failed ? result.error : null,
    reload,
    refresh,
    loadRef: loadRef as RefObject<ListQueryOptions<T>['load']>,
  };
}
