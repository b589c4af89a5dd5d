/**
 * Money (issue 17; spec §1 finance, §7.2, §9): the balance and its ledger, recharge orders paid
 * through a `PaymentProvider`, the consumption records, the company's money settings, the work
 * no request starts, and the operator's `finance:*` commands.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../core/db/client.js';
import { accountRoutes } from './account-routes.js';
import { type BankAccount, FinanceAccounts } from './accounts.js';
import { ConsumptionRecords } from './consumption.js';
import { consumptionRoutes } from './consumption-routes.js';
import { couponRoutes } from './coupon-routes.js';
import { Coupons } from './coupons.js';
import { devPaymentRoutes } from './dev-payment-routes.js';
import { invoiceDetailsRoutes } from './invoice-details-routes.js';
import { invoiceRoutes } from './invoice-routes.js';
import { Invoices } from './invoices.js';
import { Ledger } from './ledger.js';
import { RechargeOrders } from './orders.js';
import type { PaymentProvider } from './payments.js';
import { rechargeRoutes } from './recharge-routes.js';
import { FinanceSchedule, type ScheduleLog } from './schedule.js';
import { CompanyStanding } from './standing.js';
import { FinanceSummaries, NextBill } from './summary.js';
import { financeSummaryRoutes } from './summary-routes.js';

export type { BankAccount } from './accounts.js';
export { Coupons } from './coupons.js';
export { Ledger, type Posting } from './ledger.js';
export { financeCommands } from './ops.js';
export { DevPaymentProvider, type PaymentProvider } from './payments.js';
export { CompanyStanding } from './standing.js';
export type { NextBill, NextBillPart } from './summary.js';

export interface FinanceModule {
  ledger: Ledger;
  standing: CompanyStanding;
  orders: RechargeOrders;
  schedule: FinanceSchedule;
  /** The next bill of the dashboard's card: monthly services add their part (`nextBill.add`). */
  nextBill: NextBill;
  routes: FastifyPluginAsyncZod;
}

export function finance(options: {
  db: Db;
  /** Null: online recharge is not offered (503 `payment_unavailable`); bank transfers still are. */
  payments: PaymentProvider | null;
  bank: BankAccount | null;
  log: ScheduleLog;
  now?: () => number;
}): FinanceModule {
  const { db, payments, bank, log, now } = options;
  const standing = new CompanyStanding();
  const ledger = new Ledger(db, now, (tx, companyId) => standing.balanceChanged(tx, companyId));
  const accounts = new FinanceAccounts(db, ledger, bank, now);
  const orders = new RechargeOrders(db, ledger, payments, now);
  const consumption = new ConsumptionRecords(db);
  const coupons = new Coupons(db, ledger, now);
  const invoices = new Invoices(db, accounts, now);
  const schedule = new FinanceSchedule(
    [
      { name: 'expire recharge orders', run: () => orders.expire() },
      { name: 'credit voucher transfers', run: () => coupons.creditTransfers() },
    ],
    log,
  );
  const nextBill = new NextBill();
  const summaries = new FinanceSummaries(db, ledger, accounts, nextBill, now);
  return {
    ledger,
    standing,
    orders,
    schedule,
    nextBill,
    routes: async (app) => {
      await app.register(accountRoutes, { db, accounts });
      await app.register(financeSummaryRoutes, { db, summaries });
      await app.register(rechargeRoutes, { db, orders });
      await app.register(consumptionRoutes, { db, consumption });
      await app.register(couponRoutes, { db, coupons });
      await app.register(invoiceRoutes, { db, invoices });
      await app.register(invoiceDetailsRoutes, { db, accounts });
      if (orders.provider?.development) await app.register(devPaymentRoutes, { orders });
    },
  };
}
