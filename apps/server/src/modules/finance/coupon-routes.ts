/**
 * The company's vouchers (page coupon): redeemed to the balance, or transferred to a cooperating
 * first-level customer with the page's `transfer` button.
 */
import { FINANCE_CALLS } from '@vap/contracts';
import type { FastifyInstance } from 'fastify';
import { auditTrail } from '../../core/audit/recorder.js';
import type { Db } from '../../core/db/client.js';
import { callerOf, companyOfCaller } from '../../core/http/access.js';
import { serve } from '../../core/http/calls.js';
import type { Coupons } from './coupons.js';

export async function couponRoutes(app: FastifyInstance, { db, coupons }: { db: Db; coupons: Coupons }) {
  await serve(app, FINANCE_CALLS.coupons, async (request, _reply, list) =>
    coupons.list(await companyOfCaller(request, db), list),
  );
  await serve(app, FINANCE_CALLS.couponTargets, async (request) => ({
    items: await coupons.targets(await companyOfCaller(request, db)),
  }));
  await serve(app, FINANCE_CALLS.redeemCoupon, async (request) =>
    coupons.redeem(
      await companyOfCaller(request, db),
      request.params.id,
      callerOf(request).userId,
      auditTrail(request),
    ),
  );
  await serve(app, FINANCE_CALLS.transferCoupon, async (request) =>
    coupons.transfer(
      await companyOfCaller(request, db),
      request.params.id,
      request.body.company_id,
      callerOf(request).userId,
      auditTrail(request),
    ),
  );
}
