/**
 * The real gateway's asynchronous notification (POST /webapi/v1/payments/{alipay|wechatpay}/notify),
 * public: its signature is all that vouches for it, read from the body exactly as it came (a form
 * for Alipay, JSON for WeChat Pay), so this route keeps its body as text. A notice credits its order
 * once however often it comes; a refused one (signature, unknown order, another amount, an order
 * closed) is logged and answered an error, which the gateway retries for a while.
 */

import { FINANCE_CALLS } from '@vap/contracts';
import type { FastifyInstance } from 'fastify';
import { serve } from '../../core/http/calls.js';
import { ApiError } from '../../core/http/errors.js';
import type { RechargeOrders } from './orders.js';
import { NotificationRefused, type PaymentProvider } from './payments.js';

/** A notification is a few hundred bytes to a few KB. */
const NOTIFICATION_BODY_LIMIT = 64 * 1024;

export async function paymentNotifyRoutes(
  app: FastifyInstance,
  { orders, provider }: { orders: RechargeOrders; provider: PaymentProvider },
) {
  const notifications = provider.notifications;
  if (!notifications) return;
  // This context's bodies stay text: the signature covers the bytes, not what a parser makes of them.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    ['application/json', 'application/x-www-form-urlencoded'],
    { parseAs: 'string', bodyLimit: NOTIFICATION_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );
  await serve(
    app,
    FINANCE_CALLS.paymentNotify,
    async (request, reply) => {
      if (request.params.id !== provider.name) throw new ApiError(404, 'not_found');
      const body = typeof request.body === 'string' ? request.body : '';
      let notice: ReturnType<typeof notifications.read>;
      try {
        notice = notifications.read({ headers: request.headers, body });
      } catch (error) {
        if (!(error instanceof NotificationRefused)) throw error;
        request.log.warn({ provider: provider.name, reason: error.message }, 'payment notification refused');
        throw new ApiError(400, 'payment_notification_invalid');
      }
      try {
        const row = await orders.notified(provider.name, notice);
        request.log.info(
          {
            provider: provider.name,
            order: notice.ref,
            trade: notice.trade,
            paid: notice.paid,
            state: row.state,
          },
          'payment notification taken',
        );
      } catch (error) {
        if (error instanceof ApiError)
          request.log.error(
            {
              provider: provider.name,
              order: notice.ref,
              trade: notice.trade,
              amount: notice.amount,
              code: error.code,
            },
            'payment notification refused: it does not match an open order (refund it at the gateway if it was paid)',
          );
        throw error;
      }
      if (notifications.acknowledgement === null) return reply.code(204).send();
      return reply.code(200).type('text/plain; charset=utf-8').send(notifications.acknowledgement);
    },
    { bodyLimit: NOTIFICATION_BODY_LIMIT },
  );
}
