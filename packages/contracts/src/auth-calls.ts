/** The calls of signing in, up and out, and the password reset (spec §7.1). */
import { declareCalls } from './calls.js';

const schemas = () => import('./auth.js');

export const AUTH_CALLS = declareCalls(schemas, {});
