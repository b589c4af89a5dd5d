import type { Order } from '@vap/contracts';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { Ref } from 'react';
import { cn } from '../../cn.js';
import { useUiT } from '../../i18n.js';
import { alignClass, type Column, sortKeyOf } from './columns.js';

interface TableHeadProps<T> {
  columns: readonly Column<T>[];
  selectable: boolean;
  /** Sticky above virtualised rows. */
  virtual: boolean;
  cellPadding: string;
  currentOrder: Order | undefined;
  sortBy: (key: string) => void;
  headerCheckbox: Ref<HTMLInputElement>;
  allOnPage: boolean;
  noRows: boolean;
  togglePage: (checked: boolean) => void;
}

/** The header row: the page's select-all box and the column titles, sortable ones as buttons. */
export function TableHead<T>({
  columns: visibleColumns,
  selectable,
  virtual,
  cellPadding,
  currentOrder,
  sortBy,
  headerCheckbox,
  allOnPage,
  noRows,
  togglePage,
}: TableHeadProps<T>) {
  const t = useUiT();
  return (
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
              disabled={noRows}
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
  );
}
