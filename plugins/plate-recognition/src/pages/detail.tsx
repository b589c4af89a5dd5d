import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatFen, PRS_CALLS, PRS_EXPORT_MAX_ROWS, PRS_PACKAGE_OFFERS, type PrsCall } from '@vap/contracts';
import { ApiError, useClient, usePagePath, usePermission, useT } from '@vap/kernel';
import {
  Alert,
  Button,
  Card,
  type Column,
  type DataTableHandle,
  ListPage,
  message,
  TableExportButton,
} from '@vap/ui';
import { type ReactNode, useRef, useState } from 'react';
import { Link } from 'react-router';
import { v4 as uuidv4 } from 'uuid';
import { usePlateWords } from './plate.js';

const USAGE_KEY = ['prs', 'usage'];
const PACKAGES_KEY = ['prs', 'packages'];
const CALLS_TABLE = 'prs-calls';
const NEWEST_FIRST = [{ k: 'at', o: 'desc' as const }];
const RECHARGE_PAGE = 'recharge';

/**
 * The service's detail (spec §2.3 prs_detail, §9): this month's per-call tiers with their calls and
 * cost, the calls by day, the resource packages not expired (remaining, expiry) with the offers the
 * role's `buy` button buys — valid a year, no renewal or refund —, and the calls, exported (.xlsx by
 * the server, at most 5000 rows) with the role's `export` button. A purchase the balance does not
 * cover says so with the way to recharge (spec §8).
 */
export default function DetailPage() {
  const t = useT('prs');
  const words = usePlateWords();
  const prs = useClient(PRS_CALLS);
  const queryClient = useQueryClient();
  const mayBuy = usePermission('buy');
  const mayExport = usePermission('export');
  const recharge = usePagePath(RECHARGE_PAGE);
  const table = useRef<DataTableHandle>(null);
  const [refusal, setRefusal] = useState<unknown>(null);
  const [buying, setBuying] = useState<string | null>(null);
  // One key per offer, made once: a purchase sent again (a double click, a retry) is charged once.
  const [requestIds, setRequestIds] = useState<Record<string, string>>({});
  const usage = useQuery({ queryKey: USAGE_KEY, queryFn: ({ signal }) => prs.usage({}, { signal }) });
  const packages = useQuery({
    queryKey: PACKAGES_KEY,
    queryFn: ({ signal }) => prs.packages({}, { signal }),
  });

  const buy = async (offer: (typeof PRS_PACKAGE_OFFERS)[number]['code']) => {
    const requestId = requestIds[offer] ?? uuidv4();
    setRequestIds((ids) => ({ ...ids, [offer]: requestId }));
    setRefusal(null);
    setBuying(offer);
    try {
      const bought = await prs.buyPackage({ body: { offer, request_id: requestId } }, { quiet: true });
      message.success(t('detail.bought', { number: bought.number }));
      setRequestIds((ids) => {
        const { [offer]: _, ...rest } = ids;
        return rest;
      });
      void queryClient.invalidateQueries({ queryKey: PACKAGES_KEY });
    } catch (error) {
      setRefusal(error);
    } finally {
      setBuying(null);
    }
  };

  const columns: Column<PrsCall>[] = [
    { key: 'at', title: t('detail.at'), kind: 'date', sortable: true },
    { key: 'plate', title: t('detail.plate'), kind: 'id' },
    { key: 'type', title: t('detail.type'), render: (row) => words.type(row.type) },
    { key: 'billing', title: t('detail.billing'), render: (row) => words.billing(row.billing) },
    {
      key: 'amount',
      title: t('detail.amount'),
      kind: 'number',
      sortable: true,
      render: (row) => formatFen(row.amount),
    },
  ];
  const short = refusal instanceof ApiError && refusal.code === 'balance_insufficient';

  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-xl font-medium text-ink">{t('detail.title')}</h1>
      <Card
        title={
          usage.data
            ? `${t('detail.tiers')} · ${t('detail.month', { month: usage.data.month })}`
            : t('detail.tiers')
        }
      >
        <div className="px-5 py-4">
          <p className="mb-3 text-sm text-ink-muted">{t('detail.description')}</p>
          {usage.isError ? <Alert tone="error">{usage.error.message}</Alert> : null}
          {usage.data ? (
            <SmallTable
              caption={t('detail.tiers')}
              items={usage.data.tiers}
              rowKey={(tier) => tier.from}
              columns={[
                {
                  key: 'range',
                  title: t('detail.calls'),
                  cell: (tier) =>
                    tier.up_to === null
                      ? t('detail.tierAbove', { from: tier.from.toLocaleString() })
                      : t('detail.tierRange', {
                          from: tier.from.toLocaleString(),
                          upTo: tier.up_to.toLocaleString(),
                        }),
                },
                { key: 'price', title: t('detail.price'), cell: (tier) => formatFen(tier.price_fen) },
                { key: 'calls', title: t('detail.calls'), cell: (tier) => tier.calls.toLocaleString() },
                { key: 'amount', title: t('detail.amount'), cell: (tier) => formatFen(tier.amount) },
              ]}
            />
          ) : null}
        </div>
      </Card>
      <Card title={t('detail.days')}>
        <div className="px-5 py-4">
          {usage.data ? (
            <SmallTable
              caption={t('detail.days')}
              empty={t('detail.noDays')}
              items={usage.data.days}
              rowKey={(day) => day.day}
              columns={[
                { key: 'day', title: t('detail.day'), cell: (day) => day.day },
                {
                  key: 'package',
                  title: t('detail.packageCalls'),
                  cell: (day) => day.package_calls.toLocaleString(),
                },
                {
                  key: 'perCall',
                  title: t('detail.perCallCalls'),
                  cell: (day) => day.per_call_calls.toLocaleString(),
                },
                { key: 'amount', title: t('detail.amount'), cell: (day) => formatFen(day.amount) },
              ]}
            />
          ) : null}
        </div>
      </Card>
      <Card title={t('detail.packages')}>
        <div className="flex flex-col gap-3 px-5 py-4">
          <p className="text-sm text-ink-muted">{t('detail.packagesNote')}</p>
          {mayBuy ? (
            <div className="flex flex-wrap gap-2">
              {PRS_PACKAGE_OFFERS.map((offer) => (
                <Button
                  key={offer.code}
                  onClick={() => buy(offer.code)}
                  loading={buying === offer.code}
                  disabled={buying !== null}
                >
                  {`${t('detail.buy')} · ${t('detail.offer', {
                    calls: offer.calls.toLocaleString(),
                    price: formatFen(offer.priceFen),
                  })}`}
                </Button>
              ))}
            </div>
          ) : null}
          {refusal ? (
            <Alert tone="error" className="flex flex-wrap items-center gap-x-3">
              <span>{refusal instanceof Error ? refusal.message : String(refusal)}</span>
              {short && recharge ? (
                <Link to={recharge} className="font-medium text-primary underline-offset-2 hover:underline">
                  {t('detail.recharge')}
                </Link>
              ) : null}
            </Alert>
          ) : null}
          {packages.data ? (
            <SmallTable
              caption={t('detail.packages')}
              empty={t('detail.noPackages')}
              items={packages.data.items}
              rowKey={(item) => item.id}
              columns={[
                { key: 'number', title: t('detail.number'), cell: (item) => item.number },
                { key: 'calls', title: t('detail.calls'), cell: (item) => item.calls.toLocaleString() },
                {
                  key: 'remaining',
                  title: t('detail.remaining'),
                  cell: (item) => item.remaining.toLocaleString(),
                },
                { key: 'expires', title: t('detail.expires'), cell: (item) => item.expires_at.slice(0, 10) },
              ]}
            />
          ) : null}
        </div>
      </Card>
      <ListPage
        title={t('detail.callsTitle')}
        id={CALLS_TABLE}
        ref={table}
        columns={columns}
        rowKey={(row) => row.id}
        initialQuery={{ orders: NEWEST_FIRST }}
        load={(query, signal) => prs.calls({ query }, { signal })}
        emptyText={t('detail.noCalls')}
        toolbar={
          mayExport ? (
            <span className="ml-auto">
              <TableExportButton
                table={table}
                wheres={[]}
                orders={NEWEST_FIRST}
                max={PRS_EXPORT_MAX_ROWS}
                file={t('detail.exportFile')}
                exportList={(query) => prs.exportCalls({ query })}
              />
            </span>
          ) : null
        }
      />
    </div>
  );
}

/**
 * One of the page's small tables (the tiers, the days, the packages): a caption for a screen reader,
 * a header a column, a row an item — or, when there are no items and `empty` is given, that line.
 */
function SmallTable<T>({
  caption,
  empty,
  items,
  rowKey,
  columns,
}: {
  caption: string;
  empty?: string;
  items: readonly T[];
  rowKey: (item: T) => string | number;
  columns: { key: string; title: string; cell: (item: T) => ReactNode }[];
}) {
  if (items.length === 0 && empty !== undefined) return <p className="text-sm">{empty}</p>;
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="text-left">
          {columns.map((column) => (
            <th key={column.key} scope="col">
              {column.title}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr key={rowKey(item)}>
            {columns.map((column) => (
              <td key={column.key}>{column.cell(item)}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
