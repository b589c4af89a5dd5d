import { QueryClient, QueryClientProvider, useMutation, useQuery } from '@tanstack/react-query';
import { callKey, DEV_PAYMENT_PAGE_QUERY, type DevPayment, FINANCE_CALLS, formatFen } from '@vap/contracts';
import { ApiError, useClient, useDateTime, useT } from '@vap/kernel';
import { Alert, Button, Card, confirm, Descriptions, Result, Skeleton, Tag } from '@vap/ui';
import { type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';
import { STATE_TONES } from '../states.js';

type Action = 'confirm' | 'cancel';

/**
 * The development payment provider's cashier (DEV_PAYMENT_PAGE_PATH, docs/operations.md
 * "Payments"): the page a recharge order's `pay_url` opens while no real gateway is in use. It shows
 * the order the link's token pays and lets whoever holds the link confirm the payment (the balance
 * is credited as by a real gateway) or cancel it. Public: the token is all the payer holds.
 */
export default function DevPaymentPage() {
  // A public page has no signed-in shell around it, nor its query cache: this one is its own.
  const [queries] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  return (
    <QueryClientProvider client={queries}>
      <PaymentPage />
    </QueryClientProvider>
  );
}

function PaymentPage() {
  const t = useT('finance');
  const [params] = useSearchParams();
  const token = params.get(DEV_PAYMENT_PAGE_QUERY) ?? '';
  return (
    <main className="mx-auto flex max-w-xl flex-col gap-4 p-6">
      <h1 className="text-xl font-medium text-ink">{t('devPayment.title')}</h1>
      <Alert>{t('devPayment.provider')}</Alert>
      {token ? <Cashier token={token} /> : <NotFound />}
    </main>
  );
}

function NotFound() {
  const t = useT('finance');
  return <Result status="error" title={t('devPayment.notFound')} subtitle={t('devPayment.notFoundHint')} />;
}

const isCode = (error: unknown, code: string) => error instanceof ApiError && error.code === code;

function Cashier({ token }: { token: string }) {
  const t = useT('finance');
  const finance = useClient(FINANCE_CALLS);
  const dateTime = useDateTime();
  const params = { id: token };
  // Quiet, and public calls carry no session token: the page shows every failure itself.
  const payment = useQuery({
    queryKey: callKey(FINANCE_CALLS.devPayment, { params }),
    queryFn: ({ signal }) => finance.devPayment({ params }, { signal, quiet: true }),
  });
  const answer = useMutation({
    mutationFn: (action: Action) => finance.answerDevPayment({ params, body: { action } }, { quiet: true }),
    onError: (error) => {
      // Paid, cancelled or expired meanwhile (another window, the console): show what it is now.
      if (isCode(error, 'order_closed')) void payment.refetch();
    },
  });

  if (payment.isPending) return <Skeleton lines={5} />;
  if (payment.error) {
    // An unknown token, or no development provider in use (its calls are then not routed at all).
    if (payment.error instanceof ApiError && payment.error.status === 404) return <NotFound />;
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-danger">
        <span>{t('devPayment.loadFailed', { message: payment.error.message })}</span>
        <Button onClick={() => void payment.refetch()}>{t('common.retry')}</Button>
      </div>
    );
  }
  const order: DevPayment = answer.data ?? payment.data;
  const pending = order.state === 'pending';

  const act = async (action: Action) => {
    if (action === 'cancel') {
      const confirmed = await confirm({
        title: t('devPayment.cancelTitle'),
        content: t('devPayment.cancelContent'),
        okText: t('devPayment.cancel'),
        cancelText: t('common.keep'),
        tone: 'danger',
      });
      if (!confirmed) return;
    }
    answer.mutate(action);
  };

  let outcome: ReactNode = null;
  if (order.state !== 'pending') {
    // What this page's own answer did, or that the order was closed before (or elsewhere).
    outcome = answer.data ? (
      <Alert tone={order.state === 'paid' ? 'success' : 'warning'}>{t(`devPayment.${order.state}`)}</Alert>
    ) : (
      <Alert tone="warning">{t('devPayment.closed')}</Alert>
    );
  } else if (answer.error && !isCode(answer.error, 'order_closed')) {
    outcome = <Alert tone="error">{answer.error.message}</Alert>;
  }

  return (
    <Card title={t('devPayment.order')}>
      <div className="flex flex-col gap-4">
        <Descriptions
          bordered
          columns={1}
          items={[
            { key: 'company', label: t('devPayment.company'), value: order.company },
            { key: 'number', label: t('devPayment.number'), value: order.number },
            {
              key: 'amount',
              label: t('devPayment.amount'),
              value: <span className="text-lg font-medium">{formatFen(order.amount)}</span>,
            },
            { key: 'expires', label: t('devPayment.expiresAt'), value: dateTime(order.expires_at) },
            {
              key: 'state',
              label: t('devPayment.state'),
              value: <Tag tone={STATE_TONES[order.state]}>{t(`states.${order.state}`)}</Tag>,
            },
          ]}
        />
        {outcome}
        {pending ? (
          <div className="flex flex-wrap gap-2">
            <Button
              variant="primary"
              loading={answer.isPending && answer.variables === 'confirm'}
              disabled={answer.isPending}
              onClick={() => void act('confirm')}
            >
              {t('devPayment.confirm')}
            </Button>
            <Button
              loading={answer.isPending && answer.variables === 'cancel'}
              disabled={answer.isPending}
              onClick={() => void act('cancel')}
            >
              {t('devPayment.cancel')}
            </Button>
          </div>
        ) : null}
      </div>
    </Card>
  );
}
