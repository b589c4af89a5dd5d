/** The calls of the MQTT area (spec §7.3): version, clients, statistics, log, debug tool. */
import { declareCalls } from './calls.js';

const schemas = () => import('./mqtt.js');

export const MQTT_CALLS = declareCalls(schemas, {});
