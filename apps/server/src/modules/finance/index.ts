/**
 * Money (issue 17; spec §1 finance, §7.2, §9): the balance and its ledger, recharge orders paid
 * through a `PaymentProvider`, the consumption records, the company's money settings, the work
 * no request starts, and the operator's `finance:*` commands.
 */
import { defineModule } from '../../core/modules.js';
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
import { paymentNotifyRoutes } from './notify-routes.js';
import { RechargeOrders } from './orders.js';
import { DevPaymentProvider, type PaymentProvider } from './payments.js';
import { rechargeRoutes } from './recharge-routes.js';
import { FinanceSchedule } from './schedule.js';
import { CompanyStanding } from './standing.js';
import { FinanceSummaries, NextBill } from './summary.js';
import { financeSummaryRoutes } from './summary-routes.js';

export type { BankAccount } from './accounts.js';
export { AlipayProvider, type AlipaySettings } from './alipay.js';
export { configuredPayment } from './configured.js';
export { Coupons } from './coupons.js';
export { Ledger, type Posting } from './ledger.js';
export { nextNumbered } from './numbering.js';
export { financeCommands } from './ops.js';
export { DevPaymentProvider, type PaymentProvider } from './payments.js';
export type { FinanceSchedule } from './schedule.js';
export { CompanyStanding } from './standing.js';
export type { NextBill, NextBillPart } from './summary.js';
export { WechatPayProvider, type WechatPaySettings, type WechatPayVerifier } from './wechatpay.js';

/** How often the money work runs by default (recharge orders past their window expire). */
const TICK_MS = 30_000;

export interface FinanceSettings {
  /**
   * Online recharge's gateway; the development provider when absent, unless development providers
   * are refused (production): then, as with null, online recharge answers 503 and bank transfers remain.
   */
  paymentProvider?: PaymentProvider | null;
  refuseDevelopmentProviders?: boolean;
  /** Where companies send bank transfers (BANK_* settings); none shown when absent. */
  bankAccount?: BankAccount;
  /** How often the money work runs; 0 leaves it to the caller (`schedule.tick()`). */
  tickMs?: number;
}

export interface FinanceServices {
  ledger: Ledger;
  standing: CompanyStanding;
  /** The money work no request starts: monthly services add theirs (`schedule.add`). */
  schedule: FinanceSchedule;
  /** The next bill of the dashboard's card: monthly services add their part (`nextBill.add`). */
  nextBill: NextBill;
}

declare module '../../core/modules.js' {
  interface ModuleServices {
    finance: FinanceServices;
  }
}

export const financeModule = (settings: FinanceSettings = {}) =>
  defineModule({
    name: 'finance',
    create: ({ db, log, now }) => {
      const given =
        settings.paymentProvider === undefined ? new DevPaymentProvider() : settings.paymentProvider;
      const payments = given?.development && settings.refuseDevelopmentProviders ? null : given;
      const standing = new CompanyStanding();
      const ledger = new Ledger(db, now, (tx, companyId) => standing.balanceChanged(tx, companyId));
      const accounts = new FinanceAccounts(db, ledger, settings.bankAccount ?? null, now);
      const orders = new RechargeOrders(db, ledger, payments, now);
      const consumption = new ConsumptionRecords(db);
      const coupons = new Coupons(db, ledger, now);
      const invoices = new Invoices(db, accounts, now);
      const schedule = new FinanceSchedule(
        [
          { name: 'expire recharge orders', run: () => orders.expire() },
          // After the expiry: an order unpaid in its window is closed at its gateway too.
          { name: 'close recharge orders at the gateway', run: () => orders.closeAtGateways() },
          { name: 'credit voucher transfers', run: () => coupons.creditTransfers() },
        ],
        log,
      );
      const nextBill = new NextBill();
      const summaries = new FinanceSummaries(db, ledger, accounts, nextBill, now);
      if (settings.tickMs !== 0) schedule.start(settings.tickMs ?? TICK_MS);
      return {
        services: { ledger, standing, schedule, nextBill },
        routes: async (app) => {
          await app.register(accountRoutes, { db, accounts });
          await app.register(financeSummaryRoutes, { db, summaries });
          await app.register(rechargeRoutes, { db, orders });
          await app.register(consumptionRoutes, { db, consumption });
          await app.register(couponRoutes, { db, coupons });
          await app.register(invoiceRoutes, { db, invoices });
          await app.register(invoiceDetailsRoutes, { db, accounts });
          if (orders.provider?.development) await app.register(devPaymentRoutes, { orders });
          if (orders.provider?.notifications)
            await app.register(paymentNotifyRoutes, { orders, provider: orders.provider });
        },
        close: () => schedule.stop(),
      };
    },
  });
