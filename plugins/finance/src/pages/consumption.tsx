import {
  CONSUMPTION_EXPORT_MAX_ROWS,
  type Consumption,
  FINANCE_CALLS,
  formatFen,
  parseCloudChargeNote,
} from '@vap/contracts';
import { useClient, usePermission, useT } from '@vap/kernel';
import { type Column, type DataTableHandle, ListPage, TableExportButton } from '@vap/ui';
import { useRef, useState } from 'react';
import { useConsumptionFilters } from './consumption-filters.js';

/** The newest first, as the server's default; the export follows the table's order. */
const NEWEST_FIRST = [{ k: 'created_at', o: 'desc' as const }];

/** What the last answer for a filter said: how many charges match and what they total. */
interface Totals {
  /** The filter's wheres, as JSON: a total is shown only under the filter it was counted for. */
  key: string;
  rows: number;
  amount: number;
}

/**
 * Consumption records (spec §2.3 consume_record): every charge to the balance — time, product,
 * reference, note, amount spent and the balance after — filtered by product, reference and days,
 * with what the filter's charges total, sorted by time or amount, paged, and exported (.xlsx made
 * by the server) with the role's `export` button.
 */
export default function ConsumptionPage() {
  const t = useT('finance');
  const finance = useClient(FINANCE_CALLS);
  const mayExport = usePermission('export');
  const table = useRef<DataTableHandle>(null);
  const filters = useConsumptionFilters();
  const [totals, setTotals] = useState<Totals | null>(null);
  const wheres = filters.wheres;
  const shown = totals?.key === JSON.stringify(wheres) ? totals : null;

  /**
   * A charge's note: a cloud package's code (`cbs:upgrade:r`, contracts cbs.ts) in words, any
   * other note as it was written.
   */
  const noteText = (note: string) => {
    const cloud = parseCloudChargeNote(note);
    if (!cloud) return note || '—';
    return t(`consumption.cloudNotes.${cloud.reason}`, { plan: t(`consumption.cloudPlans.${cloud.plan}`) });
  };

  const columns: Column<Consumption>[] = [
    { key: 'created_at', title: t('consumption.time'), kind: 'date', sortable: true },
    {
      key: 'product',
      title: t('consumption.product'),
      kind: 'state',
      render: (row) => t(`products.${row.product}`),
    },
    {
      key: 'reference',
      title: t('consumption.reference'),
      kind: 'id',
      render: (row) => row.reference || '—',
    },
    { key: 'note', title: t('consumption.note'), render: (row) => noteText(row.note) },
    {
      key: 'amount',
      title: t('consumption.amount'),
      kind: 'number',
      sortable: true,
      render: (row) => formatFen(row.amount),
    },
    {
      key: 'balance_after',
      title: t('consumption.balanceAfter'),
      kind: 'number',
      render: (row) => formatFen(row.balance_after),
    },
  ];

  return (
    <ListPage
      title={t('consumption.title')}
      description={t('consumption.description')}
      filterBy={{ label: t('consumption.filters'), filters }}
      id="finance-consumption"
      ref={table}
      columns={columns}
      rowKey={(row) => row.id}
      initialQuery={{ orders: NEWEST_FIRST }}
      load={async (query, signal) => {
        const page = await finance.consumption({ query }, { signal });
        setTotals({ key: JSON.stringify(query.wheres), rows: page.total, amount: page.amount_total });
        return page;
      }}
      emptyText={t('consumption.empty')}
      toolbar={
        <>
          <output aria-live="polite" className="text-sm text-ink">
            {shown ? t('consumption.total', { amount: formatFen(shown.amount) }) : null}
          </output>
          {mayExport ? (
            <span className="ml-auto">
              <TableExportButton
                table={table}
                wheres={wheres}
                orders={NEWEST_FIRST}
                total={() => shown?.rows ?? null}
                max={CONSUMPTION_EXPORT_MAX_ROWS}
                file={t('consumption.exportFile')}
                exportList={(query) => finance.exportConsumption({ query })}
              />
            </span>
          ) : null}
        </>
      }
    />
  );
}
