/** The calls of cloud storage (spec §7.7): packages of devices and their dashboard. */
import { declareCalls } from './calls.js';

const schemas = () => import('./cbs.js');

export const CBS_CALLS = declareCalls(schemas, {});
