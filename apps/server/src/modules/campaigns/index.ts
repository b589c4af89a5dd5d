/**
 * Campaigns (issue 34; spec §1, §2.3 `promotion_info`, `trade_in`, §2.4, §9): the vendor's
 * campaigns as data with their windows, and the companies' trade-in applications, reviewed by the
 * operator (`npm run ops -- tradein:review`) and credited as vouchers by a step of the finance
 * schedule — durable work every server runs, each application credited once.
 */
import { defineModule } from '../../core/modules.js';
import { Coupons } from '../finance/index.js';
import { Campaigns } from './campaigns.js';
import { TradeInCredit } from './credit.js';
import { campaignRoutes } from './routes.js';
import { TradeIns } from './trade-ins.js';

export { seedDemoCampaign } from './demo.js';
export { campaignCommands } from './ops.js';

export const campaignsModule = defineModule({
  name: 'campaigns',
  dependencies: ['finance'],
  create: ({ db, now }, { finance }) => {
    const campaigns = new Campaigns(db, now);
    const tradeIns = new TradeIns(db, campaigns, now);
    const credit = new TradeInCredit(db, new Coupons(db, finance.ledger, now), now);
    finance.schedule.add({ name: 'credit trade-in vouchers', run: () => credit.run() });
    return {
      routes: async (app) => app.register(campaignRoutes, { db, campaigns, tradeIns }),
    };
  },
});
