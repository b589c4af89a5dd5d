/** The calls of the own account (spec §7.1, prefix /v1/pms/user). */
import { declareCalls } from './calls.js';

const schemas = () => import('./account.js');

export const ACCOUNT_CALLS = declareCalls(schemas, {});
