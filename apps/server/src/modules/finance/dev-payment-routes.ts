/**
 * The development provider's payment page calls (docs/operations.md "Payments"), public: the
 * payment's token in the path is all the payer holds. Served only while that provider is in use.
 */
import { FINANCE_CALLS } from '@vap/contracts';
import type { FastifyInstance } from 'fastify';
import { serve } from '../../core/http/calls.js';
import type { PaymentView, RechargeOrders } from './orders.js';

const toDevPayment = ({ row, companyName }: PaymentView) => ({
  number: row.number,
  amount: row.amount,
  company: companyName,
  state: row.state,
  expires_at: row.expiresAt.toISOString(),
});

export async function devPaymentRoutes(app: FastifyInstance, { orders }: { orders: RechargeOrders }) {
  await serve(app, FINANCE_CALLS.devPayment, async (request) =>
    toDevPayment(await orders.payment(request.params.id)),
  );
  await serve(app, FINANCE_CALLS.answerDevPayment, async (request) => {
    await orders.settle(request.params.id, request.body.action === 'confirm' ? 'paid' : 'cancelled');
    return toDevPayment(await orders.payment(request.params.id));
  });
}
