/**
 * Money (issue 17; spec §1 finance, §9): the balance and its ledger, and the operator's
 * `finance:*` commands. Recharge, consumption, coupons, invoices and cloud packages build on it.
 */
export { Ledger, type Posting } from './ledger.js';
export { financeCommands } from './ops.js';
