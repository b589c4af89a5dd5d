/** The campaigns' calls (spec §2.3 `promotion_info`, `trade_in`): all on the caller's company. */
import { CAMPAIGN_CALLS } from '@vap/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { auditTrail } from '../../core/audit/recorder.js';
import { companyOf } from '../../core/auth/permissions.js';
import type { Db } from '../../core/db/client.js';
import { callerOf, permissionsOf } from '../../core/http/access.js';
import { serve } from '../../core/http/calls.js';
import type { Campaigns } from './campaigns.js';
import type { TradeIns } from './trade-ins.js';

export async function campaignRoutes(
  app: FastifyInstance,
  { db, campaigns, tradeIns }: { db: Db; campaigns: Campaigns; tradeIns: TradeIns },
) {
  const companyOfCaller = async (request: FastifyRequest) => companyOf(await permissionsOf(request, db));
  await serve(app, CAMPAIGN_CALLS.campaigns, async () => ({ items: await campaigns.all() }));
  await serve(app, CAMPAIGN_CALLS.tradeInModels, async () => ({ items: await tradeIns.models() }));
  await serve(app, CAMPAIGN_CALLS.tradeInApplications, async (request, _reply, list) =>
    tradeIns.page(await companyOfCaller(request), list),
  );
  await serve(app, CAMPAIGN_CALLS.tradeInApplication, async (request) =>
    tradeIns.one(await companyOfCaller(request), request.params.id),
  );
  await serve(app, CAMPAIGN_CALLS.applyTradeIn, async (request) =>
    tradeIns.apply(
      await companyOfCaller(request),
      request.body,
      callerOf(request).userId,
      auditTrail(request),
    ),
  );
}
