/**
 * The recharge orders (page recharge; placing or cancelling one its `recharge` button): online
 * orders paid through the payment provider, followed by the console while the payer pays.
 */
import { FINANCE_CALLS } from '@vap/contracts';
import type { FastifyInstance } from 'fastify';
import { auditTrail } from '../../core/audit/recorder.js';
import type { Db } from '../../core/db/client.js';
import { callerOf, companyOfCaller } from '../../core/http/access.js';
import { serve } from '../../core/http/calls.js';
import type { RechargeOrders } from './orders.js';

export async function rechargeRoutes(
  app: FastifyInstance,
  { db, orders }: { db: Db; orders: RechargeOrders },
) {
  await serve(app, FINANCE_CALLS.recharges, async (request, _reply, list) =>
    orders.list(await companyOfCaller(request, db), list),
  );
  await serve(app, FINANCE_CALLS.createRecharge, async (request) =>
    orders.create(
      await companyOfCaller(request, db),
      request.body.amount,
      callerOf(request).userId,
      auditTrail(request),
    ),
  );
  await serve(app, FINANCE_CALLS.recharge, async (request) =>
    orders.get(await companyOfCaller(request, db), request.params.id),
  );
  await serve(app, FINANCE_CALLS.cancelRecharge, async (request) =>
    orders.cancel(await companyOfCaller(request, db), request.params.id, auditTrail(request)),
  );
}
