/** The calls of notices and messages (spec §7.4). */
import { declareCalls } from './calls.js';

const schemas = () => import('./notices.js');

export const NOTICE_CALLS = declareCalls(schemas, {});
