import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FINANCE_CALLS, formatFen, type RechargeOrder, rechargeFormSchema } from '@vap/contracts';
import { ApiError, useClient, useT } from '@vap/kernel';
import {
  Alert,
  applyFieldErrors,
  Button,
  Card,
  message,
  Spinner,
  useVisibleInterval,
  useZodForm,
} from '@vap/ui';
import { useEffect, useRef } from 'react';
import { FINANCE_KEY, orderKey, RECHARGES_TABLE } from '../finance-query.js';
import { isScanToPay, PaymentQr } from './payment-qr.js';

import { useCancelOrder } from './use-cancel-order.js';
import { YuanForm } from './yuan-form.js';

/** How often a followed order is asked for while its payer pays (and the console's tab is shown). */
export const RECHARGE_POLL_MS = 2000;

interface OnlineRechargeProps {
  /** The role's `recharge` button: placing and cancelling orders. */
  mayRecharge: boolean;
  /** The order being paid, followed until it is paid, cancelled or expired; null for none. */
  followed: RechargeOrder | null;
  onCreated: (order: RechargeOrder) => void;
}

/**
 * Online recharge (spec §1, §5.7, §9): the amount in yuan becomes an order, whose payment page opens
 * in a new window (the development page, Alipay's cashier) or whose QR code is shown here (WeChat
 * Pay); the order is then followed until its payer is done.
 */
export function OnlineRecharge({ mayRecharge, followed, onCreated }: OnlineRechargeProps) {
  const t = useT('finance');
  return (
    <Card title={t('recharge.online')}>
      <div className="flex flex-col gap-4">
        <p className="text-sm text-ink-soft">{t('recharge.intro')}</p>
        {mayRecharge ? <RechargeForm onCreated={onCreated} /> : <Alert>{t('recharge.notPermitted')}</Alert>}
        {followed ? <FollowedOrder key={followed.id} start={followed} mayCancel={mayRecharge} /> : null}
      </div>
    </Card>
  );
}

function RechargeForm({ onCreated }: { onCreated: (order: RechargeOrder) => void }) {
  const t = useT('finance');
  const finance = useClient(FINANCE_CALLS);
  const queryClient = useQueryClient();
  const form = useZodForm(rechargeFormSchema, { defaultValues: { amount: '' } });

  const submit = async ({ amount }: { amount: number }) => {
    // The payment window opens blank at once, while the submit still counts as the user's own
    // action: opened only once the order has come, a pop-up blocker would stop it. Its `opener`
    // is cut, so that the payment page cannot reach the console.
    const payment = window.open('', '_blank');
    if (payment) payment.opener = null;
    let order: RechargeOrder;
    try {
      order = await finance.createRecharge({ body: { amount } });
    } catch (error) {
      payment?.close();
      // Field messages go under the field; the console shows the server's message.
      if (error instanceof ApiError) applyFieldErrors(form, error.fields);
      return;
    }
    // A code to scan (WeChat Pay) is shown on this page: no window is needed. `replace`: the blank
    // page stays out of the window's history.
    if (isScanToPay(order.pay_url)) payment?.close();
    else if (payment) payment.location.replace(new URL(order.pay_url, window.location.href).href);
    else message.warning(t('recharge.popupBlocked'));
    form.reset({ amount: '' });
    onCreated(order);
    void queryClient.invalidateQueries({ queryKey: ['data-table', RECHARGES_TABLE] });
  };

  const texts = { form: t('recharge.form'), label: t('recharge.amount'), hint: t('recharge.amountHint') };
  return (
    <YuanForm form={form} onSubmit={submit} name="amount" texts={texts}>
      {t('recharge.submit')}
    </YuanForm>
  );
}

/**
 * An order being paid: asked every RECHARGE_POLL_MS while it is pending and the tab is shown. Once
 * it is paid, cancelled or expired, the balance (the page, the dashboard card, the top bar) and the
 * orders' table are asked again and the outcome is said.
 */
function FollowedOrder({ start, mayCancel }: { start: RechargeOrder; mayCancel: boolean }) {
  const t = useT('finance');
  const finance = useClient(FINANCE_CALLS);
  const queryClient = useQueryClient();
  const cancel = useCancelOrder();
  const { data: order = start, refetch } = useQuery({
    queryKey: orderKey(start.id),
    // Quiet: a failed poll is only logged (spec §8).
    queryFn: ({ signal }) => finance.recharge({ params: { id: start.id } }, { signal, quiet: true }),
    initialData: start,
  });
  const pending = order.state === 'pending';
  // A slow answer is not overtaken by the next tick; a failed one is only logged (spec §8).
  useVisibleInterval(() => void refetch({ cancelRefetch: false }), pending, RECHARGE_POLL_MS);

  const settled = useRef(!pending);
  useEffect(() => {
    if (pending || settled.current) return;
    settled.current = true;
    void queryClient.invalidateQueries({ queryKey: FINANCE_KEY });
    void queryClient.invalidateQueries({ queryKey: ['data-table', RECHARGES_TABLE] });
    if (order.state === 'paid')
      message.success(t('recharge.paid', { number: order.number, amount: formatFen(order.amount) }));
  }, [pending, order, queryClient, t]);

  const values = { number: order.number, amount: formatFen(order.amount) };
  const scan = isScanToPay(order.pay_url);
  if (order.state !== 'pending') {
    return (
      <Alert tone={order.state === 'paid' ? 'success' : 'warning'}>
        {t(`recharge.${order.state}`, values)}
      </Alert>
    );
  }
  return (
    <section
      aria-label={t('recharge.order', values)}
      className="flex flex-col gap-3 rounded border border-primary/30 bg-primary-soft px-4 py-3 text-sm text-ink"
    >
      <span className="font-medium">{t('recharge.order', values)}</span>
      {scan ? <PaymentQr url={order.pay_url} number={order.number} /> : null}
      <span role="status" className="flex items-center gap-2">
        <Spinner className="h-4 w-4 text-primary" />
        {t(scan ? 'recharge.waitingScan' : 'recharge.waiting')}
      </span>
      <div className="flex flex-wrap gap-2">
        {scan ? null : (
          <Button asChild variant="primary">
            <a href={order.pay_url} target="_blank" rel="noopener noreferrer">
              {t('recharge.payAgain')}
            </a>
          </Button>
        )}
        {mayCancel ? <Button onClick={() => void cancel(order)}>{t('recharge.cancel')}</Button> : null}
      </div>
    </section>
  );
}
