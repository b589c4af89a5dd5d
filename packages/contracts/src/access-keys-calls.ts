/** The calls of the access-key page and the open device manager (docs/open-api.md). */
import { declareCalls } from './calls.js';

const schemas = () => import('./access-keys.js');

export const ACCESS_KEY_CALLS = declareCalls(schemas, {});
