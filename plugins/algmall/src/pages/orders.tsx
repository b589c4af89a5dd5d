import { ALGMALL_CALLS, type AlgmallOrder, formatFen, ORDER_EXPORT_MAX_ROWS } from '@vap/contracts';
import { useClient, usePermission, useT } from '@vap/kernel';
import { type Column, type DataTableHandle, ListPage, TableExportButton } from '@vap/ui';
import { useRef } from 'react';
import { ORDERS_TABLE } from '../order.js';
import { useLocalized } from '../product.js';
import { useOrderFilters } from './order-filters.js';

/** The newest first, as the server's default; the export follows the table's order. */
const NEWEST_FIRST = [{ k: 'created_at', o: 'desc' as const }];

/**
 * The company's orders of authorisations (spec §2.3 algmall_order, §3 Order): number, product, how
 * many were bought, used, given back and remain, the amount and the time — filtered by number,
 * product and days, sorted by time, amount or what remains, paged, and exported (.xlsx made by the
 * server, at most ORDER_EXPORT_MAX_ROWS rows, spec §5.7) with the role's `export` button.
 */
export default function OrdersPage() {
  const t = useT('algmall');
  const mall = useClient(ALGMALL_CALLS);
  const localized = useLocalized();
  const mayExport = usePermission('export');
  const table = useRef<DataTableHandle>(null);
  const filters = useOrderFilters();
  const wheres = filters.wheres;

  const count = (
    key: 'purchased' | 'used' | 'returned' | 'remaining',
    sortable = false,
  ): Column<AlgmallOrder> => ({
    key,
    title: t(`orders.${key}`),
    kind: 'number',
    sortable,
  });
  const columns: Column<AlgmallOrder>[] = [
    { key: 'number', title: t('orders.number'), kind: 'id' },
    { key: 'product', title: t('orders.product'), render: (row) => localized(row.product_name) },
    count('purchased'),
    count('used'),
    count('returned'),
    count('remaining', true),
    {
      key: 'amount',
      title: t('orders.amount'),
      kind: 'number',
      sortable: true,
      render: (row) => formatFen(row.amount),
    },
    { key: 'created_at', title: t('orders.time'), kind: 'date', sortable: true },
  ];

  return (
    <ListPage
      title={t('orders.title')}
      description={t('orders.description')}
      filterBy={{ label: t('orders.filters'), filters }}
      id={ORDERS_TABLE}
      ref={table}
      columns={columns}
      rowKey={(row) => row.id}
      initialQuery={{ orders: NEWEST_FIRST }}
      load={(query, signal) => mall.orders({ query }, { signal })}
      emptyText={t('orders.empty')}
      toolbar={
        mayExport ? (
          <span className="ml-auto">
            <TableExportButton
              table={table}
              wheres={wheres}
              orders={NEWEST_FIRST}
              max={ORDER_EXPORT_MAX_ROWS}
              file={t('orders.exportFile')}
              exportList={(query) => mall.exportOrders({ query })}
            />
          </span>
        ) : null
      }
    />
  );
}
