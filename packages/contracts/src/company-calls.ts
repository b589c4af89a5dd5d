/** The calls of spec §7.2 on the company itself, and the object store's own routes. */
import { declareCalls } from './calls.js';

const schemas = () => import('./company.js');

export const COMPANY_CALLS = declareCalls(schemas, {});
