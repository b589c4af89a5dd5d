/**
 * Campaigns (issue 34; spec §1, §2.3 `promotion_info`, `trade_in`, §2.4, §9): the vendor's
 * campaigns as data with their windows, and the companies' trade-in applications, reviewed by the
 * operator (`npm run ops -- tradein:review`) and credited as vouchers by a step of the finance
 * schedule — durable work every server runs, each application credited once; voucher transfers
 * with a quantity to cooperating first-level customers, and the balance-exchange campaign.
 */
import { defineModule } from '../../core/modules.js';
import { Coupons } from '../finance/index.js';
import { Campaigns } from './campaigns.js';
import { TradeInCredit } from './credit.js';
import { BalanceExchanges } from './exchange.js';
import { campaignRoutes } from './routes.js';
import { TradeIns } from './trade-ins.js';
import { Vouchers } from './vouchers.js';

export { seedDemoCampaign, seedDemoExchange } from './demo.js';
export { campaignCommands } from './ops.js';

export const campaignsModule = defineModule({
  name: 'campaigns',
  dependencies: ['finance'],
  create: ({ db, now }, { finance }) => {
    const campaigns = new Campaigns(db, now);
    const tradeIns = new TradeIns(db, campaigns, now);
    const coupons = new Coupons(db, finance.ledger, now);
    const credit = new TradeInCredit(db, coupons, now);
    const vouchers = new Vouchers(db, coupons, finance.ledger, now);
    const exchanges = new BalanceExchanges(db, campaigns, finance.ledger, coupons, now);
    finance.schedule.add({ name: 'credit trade-in vouchers', run: () => credit.run() });
    return {
      routes: async (app) => app.register(campaignRoutes, { db, campaigns, tradeIns, vouchers, exchanges }),
    };
  },
});
