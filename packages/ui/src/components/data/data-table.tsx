/**
 * The list view of every console page: server-side paging, sorting and filtering mapped onto the
 * spec's list query (§3 page/size/wheres/orders), row selection kept across pages, a remembered
 * column chooser, virtualised rows for very large pages and CSV export of the current filter. Its
 * parts: the list query (use-list-query.ts, on TanStack Query), the header (table-head.tsx), the
 * virtualised rows (virtual-rows.tsx), the export (csv-export.tsx) and the columns (columns.ts).
 */

import { type ListPage, type ListQuery, PAGE_SIZES, type Where } from '@vap/contracts';
import {
  type CSSProperties,
  type ReactNode,
  type Ref,
  useCallback,
  useEffect,
  useImperativeHandle,
  useRef,
} from 'react';
import { cn } from '../../cn.js';
import { useUiT } from '../../i18n.js';
import { useControlSize } from '../../size.js';
import { Button } from '../button.js';
import { Spinner } from '../spinner.js';
import { ColumnChooser } from './column-chooser.js';
import { isColumnShown, isHideable, useColumnVisibility } from './column-visibility.js';
import { type Column, columnClass, defaultCell, errorMessage, kindOf, nextOrders } from './columns.js';
import { type DataTableExport, useCsvExport } from './csv-export.js';
import { Pagination } from './pagination.js';
import { TableHead } from './table-head.js';
import { useListQuery } from './use-list-query.js';
import { useOverflows } from './use-overflows.js';
import { VIRTUAL_ROW_THRESHOLD, VirtualRows } from './virtual-rows.js';

export type { Column, ColumnKind } from './columns.js';
export type { DataTableExport } from './csv-export.js';
export { VIRTUAL_ROW_THRESHOLD } from './virtual-rows.js';

/** What a parent can do to a table through its `ref`. */
export interface DataTableHandle {
  /** Loads the current page again (after an edit or delete), keeping page, sort and selection. */
  reload: () => void;
  /** Loads it again quietly, the rows shown until the new ones come: what a live view polls with. */
  refresh: () => void;
  clearSelection: () => void;
  /** The list query the table shows now (filter, page, size, sort): what a server export takes. */
  query: () => ListQuery;
  /**
   * How many rows match the filter shown, as the server last answered for it; null while a new
   * filter's answer is awaited: what an export checks against its row limit.
   */
  total: () => number | null;
}

export interface DataTableProps<T> {
  /**
   * Stable per table and page: the key of its pages' cache, and the one under which the column
   * choice is remembered (`vap_table_columns:<id>`), so each page keeps its own.
   */
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
  /** Whether a row may be selected (default all): the others show a disabled box and stay out of a page's select-all. */
  rowSelectable?: (row: T) => boolean;
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

export function DataTable<T>({
  id,
  columns,
  rowKey,
  load,
  filters,
  initialQuery,
  pageSizes = PAGE_SIZES,
  selectable,
  rowSelectable,
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
  const {
    paging,
    setPaging,
    wheres,
    selected,
    setSelected,
    answer,
    matchingTotal,
    loading,
    error,
    reload,
    refresh,
    loadRef,
  } = useListQuery({ id, load, filters, initialQuery, rowKey });

  const clearSelection = useCallback(() => setSelected(new Map()), [setSelected]);
  const currentQuery = useRef<ListQuery>({ ...paging, wheres });
  currentQuery.current = { ...paging, wheres };
  useImperativeHandle(
    ref,
    () => ({ reload, refresh, clearSelection, query: () => currentQuery.current, total: matchingTotal }),
    [reload, refresh, clearSelection, matchingTotal],
  );

  const { choices, setShown, reset } = useColumnVisibility(id);
  const shownColumns = columns.filter((column) => isColumnShown(column, choices));
  const visibleColumns = shownColumns.length > 0 ? shownColumns : columns;

  const rows = error ? [] : (answer?.items ?? []);
  const total = answer?.total ?? 0;
  const columnCount = visibleColumns.length + (selectable ? 1 : 0);

  const keyOf = (row: T) => String(rowKey(row));
  const canSelect = (row: T) => rowSelectable?.(row) ?? true;
  const selectableRows = rows.filter(canSelect);
  const pageKeys = selectableRows.map(keyOf);
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
      for (const row of selectableRows) {
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
    wheres,
    orders: paging.orders,
    columns: visibleColumns,
    options: exportCsv,
  });

  const scrollRef = useRef<HTMLDivElement>(null);
  const scrolls = useOverflows(scrollRef);
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
        className={cn(isSelected ? 'bg-primary-soft' : 'bg-surface hover:bg-canvas-soft')}
      >
        {selectable ? (
          <td
            data-kind="select"
            className={cn(cellPadding, 'sticky left-0 z-[1] w-10 border-b border-line-soft bg-inherit')}
          >
            <input
              type="checkbox"
              className="h-4 w-4 accent-primary"
              aria-label={t('data.selectRow', { key })}
              checked={isSelected}
              disabled={!isSelected && !canSelect(row)}
              onChange={(event) => toggleRow(row, event.target.checked)}
            />
          </td>
        ) : null}
        {visibleColumns.map((column) => {
          const kind = kindOf(column as Column<never>);
          return (
            <td
              key={column.key}
              data-kind={kind}
              className={cn(
                cellPadding,
                'border-b border-line-soft text-ink',
                columnClass(column as Column<never>, kind),
                // The row's own background, opaque, so that what scrolls under the actions is hidden.
                kind === 'actions' && 'bg-inherit',
                virtual && 'overflow-hidden text-ellipsis whitespace-nowrap',
              )}
            >
              {column.render ? column.render(row, index) : defaultCell(row, column as Column<never>)}
            </td>
          );
        })}
      </tr>
    );
  };

  let body: ReactNode;
  if (error) {
    body = (
      <tr>
        <td colSpan={columnCount} className="px-3 py-10">
          <div role="alert" className="flex flex-col items-center gap-3 text-sm text-danger">
            <span>{errorMessage(error) || t('data.loadFailed')}</span>
            <Button onClick={reload}>{t('data.retry')}</Button>
          </div>
        </td>
      </tr>
    );
  } else if (loading && !answer) {
    body = Array.from({ length: 5 }, (_, index) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows of a fixed count, never reordered.
      <tr key={index} data-skeleton="">
        {Array.from({ length: columnCount }, (_, cell) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cells of a fixed count, never reordered.
          <td key={cell} className={cn(cellPadding, 'border-b border-line-soft')}>
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

  const hideable = columns.some(isHideable);
  const selectedRows = [...selected.values()];

  return (
    <div className={cn('flex min-w-0 flex-col gap-3', className)}>
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
      <div className="relative min-w-0 rounded border border-line-soft bg-surface">
        <div
          ref={scrollRef}
          // A table wider than its card scrolls sideways here, never the page; while it does, the
          // region is a tab stop named by its table, so the keyboard scrolls it too.
          {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': label } : {})}
          className="overflow-auto rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
          style={virtual ? { height: virtualHeight } : undefined}
          data-virtual={virtual ? '' : undefined}
        >
          <table
            aria-label={label}
            aria-busy={loading}
            aria-rowcount={virtual ? rows.length + 1 : undefined}
            // Separate borders: the sticky cells (selection, actions) carry theirs as they move.
            className={cn('w-full border-separate border-spacing-0 text-sm', virtual && 'table-fixed')}
          >
            <TableHead
              columns={visibleColumns}
              selectable={Boolean(selectable)}
              virtual={virtual}
              cellPadding={cellPadding}
              currentOrder={currentOrder}
              sortBy={sortBy}
              headerCheckbox={headerCheckbox}
              allOnPage={allOnPage}
              noRows={pageKeys.length === 0}
              togglePage={togglePage}
            />
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
