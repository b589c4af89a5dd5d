import type { Order } from '@vap/contracts';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { Ref } from 'react';
import { cn } from '../../cn.js';
import { useUiT } from '../../i18n.js';
import { type Column, columnClass, kindOf, sortKeyOf } from './columns.js';

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

/**
 * The header row: the page's select-all box and the column titles, sortable ones as buttons. A
 * title never breaks; the select-all box and the actions' title stay at the table's edges when it
 * scrolls sideways, as their cells do.
 */
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
      <tr>
        {selectable ? (
          <th
            scope="col"
            data-kind="select"
            className={cn(cellPadding, 'sticky left-0 z-[1] w-10 border-b border-line-soft bg-canvas')}
          >
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
          const kind = kindOf(column as Column<never>);
          return (
            <th
              key={column.key}
              scope="col"
              data-kind={kind}
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
              className={cn(
                cellPadding,
                'whitespace-nowrap border-b border-line-soft bg-canvas font-medium text-ink',
                columnClass(column as Column<never>, kind),
              )}
            >
              {sortKey ? (
                <button
                  type="button"
                  className="inline-flex items-center gap-1 whitespace-nowrap rounded hover:text-primary focus-visible:outline-2 focus-visible:outline-primary"
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
