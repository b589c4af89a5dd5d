/** The campaigns' calls (spec §2.3 `promotion_info`, `trade_in`): all on the caller's company. */
import { CAMPAIGN_CALLS } from '@vap/contracts';
import type { FastifyInstance } from 'fastify';
import { auditTrail } from '../../core/audit/recorder.js';
import type { Db } from '../../core/db/client.js';
import { callerOf, companyOfCaller } from '../../core/http/access.js';
import { serve } from '../../core/http/calls.js';
import type { Campaigns } from './campaigns.js';
import type { BalanceExchanges } from './exchange.js';
import type { TradeIns } from './trade-ins.js';
import type { Vouchers } from './vouchers.js';

export async function campaignRoutes(
  app: FastifyInstance,
  {
    db,
    campaigns,
    tradeIns,
    vouchers,
    exchanges,
  }: { db: Db; campaigns: Campaigns; tradeIns: TradeIns; vouchers: Vouchers; exchanges: BalanceExchanges },
) {
  await serve(app, CAMPAIGN_CALLS.campaigns, async () => ({ items: await campaigns.all() }));
  await serve(app, CAMPAIGN_CALLS.tradeInModels, async () => ({ items: await tradeIns.models() }));
  await serve(app, CAMPAIGN_CALLS.tradeInApplications, async (request, _reply, list) =>
    tradeIns.page(await companyOfCaller(request, db), list),
  );
  await serve(app, CAMPAIGN_CALLS.tradeInApplication, async (request) =>
    tradeIns.one(await companyOfCaller(request, db), request.params.id),
  );
  await serve(app, CAMPAIGN_CALLS.applyTradeIn, async (request) =>
    tradeIns.apply(
      await companyOfCaller(request, db),
      request.body,
      callerOf(request).userId,
      auditTrail(request),
    ),
  );
  await serve(app, CAMPAIGN_CALLS.voucherWallet, async (request) =>
    vouchers.wallet(await companyOfCaller(request, db)),
  );
  await serve(app, CAMPAIGN_CALLS.voucherTargets, async (request) => ({
    items: await vouchers.targets(await companyOfCaller(request, db)),
  }));
  await serve(app, CAMPAIGN_CALLS.voucherTransfers, async (request, _reply, list) =>
    vouchers.page(await companyOfCaller(request, db), list),
  );
  await serve(app, CAMPAIGN_CALLS.transferVouchers, async (request) =>
    vouchers.transfer(
      await companyOfCaller(request, db),
      request.body,
      callerOf(request).userId,
      auditTrail(request),
    ),
  );
  await serve(app, CAMPAIGN_CALLS.exchangeBalance, async (request) =>
    exchanges.exchange(
      await companyOfCaller(request, db),
      request.params.id,
      request.body,
      callerOf(request).userId,
      auditTrail(request),
    ),
  );
}
