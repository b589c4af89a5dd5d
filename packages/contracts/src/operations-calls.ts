/** The calls of operations: health, liveness, the menu catalogue. */
import { declareCalls } from './calls.js';

const schemas = () => import('./menu.js');

export const OPERATIONS_CALLS = declareCalls(schemas, {});
