/**
 * The list view of every console page: server-side paging, sorting and filtering mapped onto the
 * spec's list query (§3 page/size/wheres/orders), row selection kept across pages, a remembered
 * column chooser, virtualised rows for very large pages and CSV export of the current filter.
 */

import { useVirtualizer } from '@tanstack/react-virtual';
import {
  DEFAULT_PAGE_SIZE,
  type ListPage,
  type ListQuery,
  type Order,
  PAGE_SIZES,
  type Where,
} from '@vap/contracts';
import { ArrowDown, ArrowUp, ArrowUpDown, Download } from 'lucide-react';
import {
  type CSSProperties,
  type ReactNode,
  type Ref,
  type RefObject,
  useCallback,
  useEffect,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
} from 'react';
import { cn } from '../../cn.js';
import { useUiT } from '../../i18n.js';
import { useControlSize } from '../../size.js';
import { Alert } from '../alert.js';
import { Button } from '../button.js';
import { Spinner } from '../spinner.js';
import { collectRows, DEFAULT_EXPORT_LIMIT, DEFAULT_EXPORT_PAGE_SIZE } from './collect-rows.js';
import { ColumnChooser } from './column-chooser.js';
import { isColumnShown, useColumnVisibility } from './column-visibility.js';
import type { CsvValue } from './csv.js';
import { Pagination, pageCount } from './pagination.js';

/** Pages with at least this many rows render only the rows in view. */
export const VIRTUAL_ROW_THRESHOLD = 1000;

export interface Column<T> {
  /** Unique among the columns; also the row field shown when there is no `render`. */
  key: string;
  /** The translated header, also used by the column chooser and as the CSV header. */
  title: string;
  render?: (row: T, index: number) => ReactNode;
  /** Sortable by this sort key (`true`: by `key`). */
  sortable?: boolean | string;
  width?: number | string;
  align?: 'left' | 'center' | 'right';
  /** Whether the column chooser offers to hide it (default true). */
  hideable?: boolean;
  /** Hidden until the user shows it. */
  defaultHidden?: boolean;
  /** The cell in a CSV export; without it the row field `key` is exported when it is plain data. */
  csv?: (row: T) => CsvValue;
}

/** What a parent can do to a table through its `ref`. */
export interface DataTableHandle {
  /** Loads the current page again (after an edit or delete), keeping page, sort and selection. */
  reload: () => void;
  clearSelection: () => void;
}

export interface DataTableExport {
  /** The download's name; `.csv` is added when missing. */
  filename: string;
  /** At most this many rows are exported (default 5000, spec §5.7). */
  limit?: number;
  /** Rows fetched per request while exporting (default 500). */
  pageSize?: number;
}

export interface DataTableProps<T> {
  /** Stable per table: the key under which the column choice is remembered. */
  id: string;
  columns: readonly Column<T>[];
  rowKey: (row: T) => string | number;
  /** Loads one page; the signal is aborted when a newer query makes the answer useless. */
  load: (query: ListQuery, signal: AbortSignal) => Promise<ListPage<T>>;
  /** The page's current filter; a change goes back to page 1 and reloads. */
  filters?: readonly Where[];
  /** Starting page, size and sort. */
  initialQuery?: Partial<Pick<ListQuery, 'page' | 'size' | 'orders'>>;
  /** The page sizes offered (default the spec's list sizes). */
  pageSizes?: readonly number[];
  selectable?: boolean;
  /** Shown above the table while rows are selected; the selection spans pages. */
  bulkActions?: (selectedRows: T[], clearSelection: () => void) => ReactNode;
  /** Page-specific controls at the left of the toolbar (add button, …). */
  toolbar?: ReactNode;
  exportCsv?: DataTableExport;
  emptyText?: ReactNode;
  /** The table's accessible name. */
  label?: string;
  /** Height of the scrolling area when rows are virtualised (default 600px). */
  virtualHeight?: number;
  className?: string;
  ref?: Ref<DataTableHandle>;
}

interface Paging {
  page: number;
  size: number;
  orders: Order[];
}

type LoadState<T> =
  | { status: 'loading'; answer?: ListPage<T> | undefined }
  | { status: 'ready'; answer: ListPage<T> }
  | { status: 'error'; error: unknown; answer?: ListPage<T> | undefined };

const alignClass = { left: 'text-left', center: 'text-center', right: 'text-right' } as const;

function sortKeyOf(column: Column<unknown>): string | undefined {
  if (column.sortable === true) return column.key;
  return typeof column.sortable === 'string' ? column.sortable : undefined;
}

function field(row: unknown, key: string): unknown {
  return typeof row === 'object' && row !== null ? (row as Record<string, unknown>)[key] : undefined;
}

function plain(value: unknown): CsvValue {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : '';
}

function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return typeof error === 'string' ? error : '';
}

/** The next sort after a click on a header: ascending, then descending, then none. */
function nextOrders(current: Order | undefined, key: string): Order[] {
  if (current?.k !== key) return [{ k: key, o: 'asc' }];
  return current.o === 'asc' ? [{ k: key, o: 'desc' }] : [];
}

export function DataTable<T>({
  id,
  columns,
  rowKey,
  load,
  filters,
  initialQuery,
  pageSizes = PAGE_SIZES,
  selectable,
  bulkActions,
  toolbar,
  exportCsv,
  emptyText,
  label,
  virtualHeight = 600,
  className,
  ref,
}: DataTableProps<T>) {
  const t = useUiT();
  const controlSize = useControlSize();
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

  const [attempt, setAttempt] = useState(0);
  const request = useMemo(
    () => ({
      query: { page: paging.page, size: paging.size, wheres: applied.wheres, orders: paging.orders },
      attempt,
    }),
    [paging, applied.wheres, attempt],
  );

  // The latest `load`, without reloading when the caller passes a new function for the same query.
  const loadRef = useRef(load);
  loadRef.current = load;
  const rowKeyRef = useRef(rowKey);
  rowKeyRef.current = rowKey;

  const [state, setState] = useState<LoadState<T>>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    const { query } = request;
    setState((previous) => ({ status: 'loading', answer: previous.answer }));
    loadRef.current(query, controller.signal).then(
      (answer) => {
        // An answer to a query that has been replaced must never overwrite the newer one.
        if (controller.signal.aborted) return;
        const lastPage = pageCount(answer.total, query.size);
        if (answer.items.length === 0 && query.page > lastPage) {
          // The page emptied (rows deleted elsewhere): show the last page that has rows.
          setPaging((previous) => ({ ...previous, page: lastPage }));
          return;
        }
        setState({ status: 'ready', answer });
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
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState((previous) => ({ status: 'error', error, answer: previous.answer }));
      },
    );
    return () => controller.abort();
  }, [request]);

  const clearSelection = useCallback(() => setSelected(new Map()), []);
  const reload = useCallback(() => setAttempt((value) => value + 1), []);
  useImperativeHandle(ref, () => ({ reload, clearSelection }), [reload, clearSelection]);

  const { choices, setShown, reset } = useColumnVisibility(id);
  const shownColumns = columns.filter((column) => isColumnShown(column, choices));
  const visibleColumns = shownColumns.length > 0 ? shownColumns : columns;

  const answer = state.answer;
  const rows = state.status === 'error' ? [] : (answer?.items ?? []);
  const total = answer?.total ?? 0;
  const loading = state.status === 'loading';
  const columnCount = visibleColumns.length + (selectable ? 1 : 0);

  const keyOf = (row: T) => String(rowKey(row));
  const pageKeys = rows.map(keyOf);
  const selectedOnPage = pageKeys.filter((key) => selected.has(key)).length;
  const allOnPage = pageKeys.length > 0 && selectedOnPage === pageKeys.length;
  const headerCheckbox = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (headerCheckbox.current) headerCheckbox.current.indeterminate = selectedOnPage > 0 && !allOnPage;
  });

  const toggleRow = (row: T, checked: boolean) =>
    setSelected((previous) => {
      const next = new Map(previous);
      if (checked) next.set(keyOf(row), row);
      else next.delete(keyOf(row));
      return next;
    });
  const togglePage = (checked: boolean) =>
    setSelected((previous) => {
      const next = new Map(previous);
      for (const row of rows) {
        if (checked) next.set(keyOf(row), row);
        else next.delete(keyOf(row));
      }
      return next;
    });

  const currentOrder = paging.orders[0];
  const sortBy = (key: string) =>
    setPaging((previous) => ({ ...previous, page: 1, orders: nextOrders(previous.orders[0], key) }));

  const exporter = useCsvExport({
    load: loadRef,
    wheres: applied.wheres,
    orders: paging.orders,
    columns: visibleColumns,
    options: exportCsv,
  });

  const scrollRef = useRef<HTMLDivElement>(null);
  const virtual = rows.length >= VIRTUAL_ROW_THRESHOLD;
  const rowHeight = controlSize === 'small' ? 33 : 41;
  const cellPadding = controlSize === 'small' ? 'px-2 py-1.5' : 'px-3 py-2.5';

  const renderRow = (row: T, index: number, style?: CSSProperties) => {
    const key = keyOf(row);
    const isSelected = selected.has(key);
    return (
      <tr
        key={key}
        style={style}
        className={cn('border-b border-line-soft hover:bg-canvas/60', isSelected && 'bg-primary-soft')}
      >
        {selectable ? (
          <td className={cn(cellPadding, 'w-10')}>
            <input
              type="checkbox"
              className="h-4 w-4 accent-primary"
              aria-label={t('data.selectRow', { key })}
              checked={isSelected}
              onChange={(event) => toggleRow(row, event.target.checked)}
            />
          </td>
        ) : null}
        {visibleColumns.map((column) => (
          <td
            key={column.key}
            className={cn(
              cellPadding,
              'text-ink',
              alignClass[column.align ?? 'left'],
              virtual && 'overflow-hidden text-ellipsis whitespace-nowrap',
            )}
          >
            {column.render ? column.render(row, index) : String(plain(field(row, column.key)))}
          </td>
        ))}
      </tr>
    );
  };

  let body: ReactNode;
  if (state.status === 'error') {
    body = (
      <tr>
        <td colSpan={columnCount} className="px-3 py-10">
          <div role="alert" className="flex flex-col items-center gap-3 text-sm text-danger">
            <span>{errorMessage(state.error) || t('data.loadFailed')}</span>
            <Button onClick={reload}>{t('data.retry')}</Button>
          </div>
        </td>
      </tr>
    );
  } else if (loading && !answer) {
    body = Array.from({ length: 5 }, (_, index) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows of a fixed count, never reordered.
      <tr key={index} data-skeleton="" className="border-b border-line-soft">
        {Array.from({ length: columnCount }, (_, cell) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cells of a fixed count, never reordered.
          <td key={cell} className={cellPadding}>
            <span aria-hidden="true" className="block h-4 animate-pulse rounded bg-line-soft" />
          </td>
        ))}
      </tr>
    ));
  } else if (rows.length === 0) {
    body = (
      <tr>
        <td colSpan={columnCount} className="px-3 py-10 text-center text-sm text-ink-faint">
          {emptyText ?? t('data.empty')}
        </td>
      </tr>
    );
  } else if (virtual) {
    body = (
      <VirtualRows
        rows={rows}
        scrollRef={scrollRef}
        rowHeight={rowHeight}
        columnCount={columnCount}
        renderRow={renderRow}
      />
    );
  } else {
    body = rows.map((row, index) => renderRow(row, index));
  }

  const hideable = columns.some((column) => column.hideable !== false);
  const selectedRows = [...selected.values()];

  return (
    <div className={cn('flex flex-col gap-3', className)}>
      {toolbar || exportCsv || hideable ? (
        <div className="flex flex-wrap items-center gap-2">
          <div className="flex flex-1 flex-wrap items-center gap-2">{toolbar}</div>
          {exportCsv ? exporter.button(loading && !answer) : null}
          {hideable ? (
            <ColumnChooser columns={columns} choices={choices} onShownChange={setShown} onReset={reset} />
          ) : null}
        </div>
      ) : null}
      {exporter.feedback}
      {selectable && selected.size > 0 ? (
        <div className="flex flex-wrap items-center gap-3 rounded border border-primary/30 bg-primary-soft px-3 py-2 text-sm text-ink">
          <span role="status">{t('data.selected', { count: selected.size })}</span>
          {bulkActions?.(selectedRows, clearSelection)}
          <Button variant="link" size="small" className="px-0" onClick={clearSelection}>
            {t('data.clearSelection')}
          </Button>
        </div>
      ) : null}
      <div className="relative rounded border border-line-soft bg-surface">
        <div
          ref={scrollRef}
          className="overflow-auto"
          style={virtual ? { height: virtualHeight } : undefined}
          data-virtual={virtual ? '' : undefined}
        >
          <table
            aria-label={label}
            aria-busy={loading}
            aria-rowcount={virtual ? rows.length + 1 : undefined}
            className={cn('w-full border-collapse text-sm', virtual && 'table-fixed')}
          >
            <thead className={cn('bg-canvas', virtual && 'sticky top-0 z-10')}>
              <tr className="border-b border-line-soft">
                {selectable ? (
                  <th scope="col" className={cn(cellPadding, 'w-10')}>
                    <input
                      ref={headerCheckbox}
                      type="checkbox"
                      className="h-4 w-4 accent-primary"
                      aria-label={t('data.selectPage')}
                      checked={allOnPage}
                      disabled={rows.length === 0}
                      onChange={(event) => togglePage(event.target.checked)}
                    />
                  </th>
                ) : null}
                {visibleColumns.map((column) => {
                  const sortKey = sortKeyOf(column as Column<unknown>);
                  const direction = sortKey && currentOrder?.k === sortKey ? currentOrder.o : undefined;
                  const Icon = direction === 'asc' ? ArrowUp : direction === 'desc' ? ArrowDown : ArrowUpDown;
                  return (
                    <th
                      key={column.key}
                      scope="col"
                      style={column.width === undefined ? undefined : { width: column.width }}
                      aria-sort={
                        sortKey
                          ? direction === 'asc'
                            ? 'ascending'
                            : direction === 'desc'
                              ? 'descending'
                              : 'none'
                          : undefined
                      }
                      className={cn(cellPadding, 'font-medium text-ink', alignClass[column.align ?? 'left'])}
                    >
                      {sortKey ? (
                        <button
                          type="button"
                          className="inline-flex items-center gap-1 rounded hover:text-primary focus-visible:outline-2 focus-visible:outline-primary"
                          onClick={() => sortBy(sortKey)}
                        >
                          {column.title}
                          <Icon
                            aria-hidden="true"
                            className={cn('h-3.5 w-3.5', direction ? 'text-primary' : 'text-ink-faint')}
                          />
                        </button>
                      ) : (
                        column.title
                      )}
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody>{body}</tbody>
          </table>
        </div>
        {loading && answer ? (
          <div className="absolute inset-0 flex items-center justify-center bg-surface/60">
            <Spinner className="text-primary" label={t('data.loading')} />
          </div>
        ) : null}
      </div>
      <Pagination
        page={paging.page}
        size={paging.size}
        total={total}
        pageSizes={pageSizes}
        disabled={loading && !answer}
        onChange={(page, size) => setPaging((previous) => ({ ...previous, page, size }))}
      />
    </div>
  );
}

interface VirtualRowsProps<T> {
  rows: readonly T[];
  scrollRef: RefObject<HTMLDivElement | null>;
  rowHeight: number;
  columnCount: number;
  renderRow: (row: T, index: number, style?: CSSProperties) => ReactNode;
}

/** Only the rows in view plus a few, with spacer rows standing in for the rest. */
function VirtualRows<T>({ rows, scrollRef, rowHeight, columnCount, renderRow }: VirtualRowsProps<T>) {
  const virtualizer = useVirtualizer<HTMLDivElement, HTMLTableRowElement>({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 10,
  });
  const items = virtualizer.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0);
  return (
    <>
      {before > 0 ? (
        <tr style={{ height: before }}>
          <td aria-hidden="true" colSpan={columnCount} />
        </tr>
      ) : null}
      {items.map((item) => renderRow(rows[item.index] as T, item.index, { height: rowHeight }))}
      {after > 0 ? (
        <tr style={{ height: after }}>
          <td aria-hidden="true" colSpan={columnCount} />
        </tr>
      ) : null}
    </>
  );
}

interface CsvExportOptions<T> {
  load: RefObject<DataTableProps<T>['load']>;
  wheres: Where[];
  orders: Order[];
  columns: readonly Column<T>[];
  options: DataTableExport | undefined;
}

/** The export button, its progress and its outcome: pages through `load`, then downloads. */
function useCsvExport<T>({ load, wheres, orders, columns, options }: CsvExportOptions<T>) {
  const t = useUiT();
  const [progress, setProgress] = useState<{ done: number; goal: number } | null>(null);
  const [notice, setNotice] = useState<{ tone: 'warning' | 'error'; text: string } | null>(null);
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  const start = async () => {
    if (!options || running.current) return;
    const limit = options.limit ?? DEFAULT_EXPORT_LIMIT;
    const controller = new AbortController();
    running.current = controller;
    setNotice(null);
    setProgress({ done: 0, goal: 0 });
    try {
      const { rows, total } = await collectRows(load.current, {
        wheres,
        orders,
        limit,
        pageSize: Math.min(limit, options.pageSize ?? DEFAULT_EXPORT_PAGE_SIZE),
        signal: controller.signal,
        onProgress: (done, goal) => setProgress({ done, goal }),
      });
      const header = columns.map((column) => column.title);
      const body = rows.map((row) =>
        columns.map((column) => (column.csv ? column.csv(row) : plain(field(row, column.key)))),
      );
      // The CSV writer loads with the first export, not with every list page.
      const { buildCsv, downloadCsv } = await import('./csv.js');
      downloadCsv(options.filename, buildCsv(header, body));
      if (total > limit) setNotice({ tone: 'warning', text: t('data.exportLimited', { limit, total }) });
    } catch (error) {
      if (!controller.signal.aborted) {
        setNotice({ tone: 'error', text: t('data.exportFailed', { message: errorMessage(error) }) });
      }
    } finally {
      if (running.current === controller) running.current = null;
      setProgress(null);
    }
  };

  const button = (disabled: boolean) => (
    <Button disabled={disabled} loading={progress !== null} onClick={() => void start()}>
      {progress ? null : <Download aria-hidden="true" className="h-4 w-4" />}
      {t('data.exportCsv')}
    </Button>
  );

  const feedback = progress ? (
    <div className="flex items-center gap-3 text-sm text-ink-soft">
      <span role="status">{t('data.exporting', { done: progress.done, total: progress.goal })}</span>
      <progress
        className="h-2 w-40 accent-primary"
        aria-label={t('data.exportCsv')}
        value={progress.done}
        max={Math.max(progress.goal, 1)}
      />
      <Button variant="link" size="small" className="px-0" onClick={() => running.current?.abort()}>
        {t('data.exportCancel')}
      </Button>
    </div>
  ) : notice ? (
    <Alert tone={notice.tone} className="flex items-start justify-between gap-3">
      <span>{notice.text}</span>
      <button
        type="button"
        className="shrink-0 text-xs underline focus-visible:outline-2 focus-visible:outline-primary"
        onClick={() => setNotice(null)}
      >
        {t('data.dismiss')}
      </button>
    </Alert>
  ) : null;

  return { button, feedback };
}
