/** The calls of the owner's audit log. */
import { declareCalls } from './calls.js';

const schemas = () => import('./audit.js');

export const AUDIT_CALLS = declareCalls(schemas, {});
