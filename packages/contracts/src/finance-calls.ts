/** The calls of the money area (spec §7.6): balance, recharges, consumption, vouchers, invoices. */
import { declareCalls } from './calls.js';

const schemas = () => import('./finance.js');

export const FINANCE_CALLS = declareCalls(schemas, {});
