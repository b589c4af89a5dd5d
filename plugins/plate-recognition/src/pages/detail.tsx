import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  formatFen,
  listParams,
  PRS_CALLS,
  PRS_EXPORT_MAX_ROWS,
  PRS_PACKAGE_OFFERS,
  type PrsCall,
} from '@vap/contracts';
import { ApiError, useClient, usePagePath, usePermission, useT } from '@vap/kernel';
import {
  Alert,
  Button,
  Card,
  type Column,
  type DataTableHandle,
  ExportButton,
  ListPage,
  message,
} from '@vap/ui';
import { useRef, useState } from 'react';
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
  const [total, setTotal] = useState<number | null>(null);
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
            <table className="w-full text-sm">
              <caption className="sr-only">{t('detail.tiers')}</caption>
              <thead>
                <tr className="text-left">
                  <th scope="col">{t('detail.calls')}</th>
                  <th scope="col">{t('detail.price')}</th>
                  <th scope="col">{t('detail.calls')}</th>
                  <th scope="col">{t('detail.amount')}</th>
                </tr>
              </thead>
              <tbody>
                {usage.data.tiers.map((tier) => (
                  <tr key={tier.from}>
                    <td>
                      {tier.up_to === null
                        ? t('detail.tierAbove', { from: tier.from.toLocaleString() })
                        : t('detail.tierRange', {
                            from: tier.from.toLocaleString(),
                            upTo: tier.up_to.toLocaleString(),
                          })}
                    </td>
                    <td>{formatFen(tier.price_fen)}</td>
                    <td>{tier.calls.toLocaleString()}</td>
                    <td>{formatFen(tier.amount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
        </div>
      </Card>
      <Card title={t('detail.days')}>
        <div className="px-5 py-4">
          {usage.data && usage.data.days.length === 0 ? (
            <p className="text-sm">{t('detail.noDays')}</p>
          ) : null}
          {usage.data && usage.data.days.length > 0 ? (
            <table className="w-full text-sm">
              <caption className="sr-only">{t('detail.days')}</caption>
              <thead>
                <tr className="text-left">
                  <th scope="col">{t('detail.day')}</th>
                  <th scope="col">{t('detail.packageCalls')}</th>
                  <th scope="col">{t('detail.perCallCalls')}</th>
                  <th scope="col">{t('detail.amount')}</th>
                </tr>
              </thead>
              <tbody>
                {usage.data.days.map((day) => (
                  <tr key={day.day}>
                    <td>{day.day}</td>
                    <td>{day.package_calls.toLocaleString()}</td>
                    <td>{day.per_call_calls.toLocaleString()}</td>
                    <td>{formatFen(day.amount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
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
          {packages.data && packages.data.items.length === 0 ? (
            <p className="text-sm">{t('detail.noPackages')}</p>
          ) : null}
          {packages.data && packages.data.items.length > 0 ? (
            <table className="w-full text-sm">
              <caption className="sr-only">{t('detail.packages')}</caption>
              <thead>
                <tr className="text-left">
                  <th scope="col">{t('detail.number')}</th>
                  <th scope="col">{t('detail.calls')}</th>
                  <th scope="col">{t('detail.remaining')}</th>
                  <th scope="col">{t('detail.expires')}</th>
                </tr>
              </thead>
              <tbody>
                {packages.data.items.map((item) => (
                  <tr key={item.id}>
                    <td>{item.number}</td>
                    <td>{item.calls.toLocaleString()}</td>
                    <td>{item.remaining.toLocaleString()}</td>
                    <td>{item.expires_at.slice(0, 10)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
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
        load={async (query, signal) => {
          const page = await prs.calls({ query }, { signal });
          setTotal(page.total);
          return page;
        }}
        emptyText={t('detail.noCalls')}
        toolbar={
          mayExport ? (
            <span className="ml-auto">
              <ExportButton
                total={() => total}
                max={PRS_EXPORT_MAX_ROWS}
                file={t('detail.exportFile')}
                download={() => {
                  const query = table.current?.query();
                  return prs
                    .exportCalls({ query: listParams(query?.wheres ?? [], query?.orders ?? NEWEST_FIRST) })
                    .then(({ blob }) => blob);
                }}
              />
            </span>
          ) : null
        }
      />
    </div>
  );
}
