import { useQueryClient } from '@tanstack/react-query';
import { FINANCE_CALLS, formatFen, type RechargeOrder } from '@vap/contracts';
import { useClient, useT } from '@vap/kernel';
import { confirm, message } from '@vap/ui';
import { orderKey, RECHARGES_TABLE } from '../finance-query.js';

/**
 * Cancels a pending recharge order once the user confirms. The order followed on the page and the
 * orders' table both show the outcome; a refusal (409 `order_closed`: paid or expired meanwhile) is
 * shown by the console with the server's message, and the order is asked again.
 */
export function useCancelOrder(): (order: RechargeOrder) => Promise<void> {
  const t = useT('finance');
  const finance = useClient(FINANCE_CALLS);
  const queryClient = useQueryClient();
  return async (order) => {
    const confirmed = await confirm({
      title: t('orders.cancelTitle', { number: order.number }),
      content: t('orders.cancelContent', { amount: formatFen(order.amount) }),
      okText: t('orders.cancelOk'),
      cancelText: t('common.keep'),
      tone: 'danger',
    });
    if (!confirmed) return;
    try {
      queryClient.setQueryData(
        orderKey(order.id),
        await finance.cancelRecharge({ params: { id: order.id } }),
      );
      message.success(t('orders.cancelled', { number: order.number }));
    } catch {
      void queryClient.invalidateQueries({ queryKey: orderKey(order.id) });
    } finally {
      void queryClient.invalidateQueries({ queryKey: ['data-table', RECHARGES_TABLE] });
    }
  };
}
