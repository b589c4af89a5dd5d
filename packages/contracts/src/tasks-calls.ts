/** The calls of device tasks (page device_maintenance): firmware packages, upgrades, configuration, white lists. */
import { declareCalls } from './calls.js';

const schemas = () => import('./tasks.js');

export const TASK_CALLS = declareCalls(schemas, {});
