/**
 * The MQTT area (issue 15, spec §7.3): the broker embedded in the server, who may connect to it
 * (devices, access keys, the debug tool), and its calls: version, live clients and subscriptions,
 * their time series, and the logs.
 */
export { Broker, type BrokerGuards, type TcpListener } from './broker.js';
export { redisBackends } from './cluster.js';
/** What follows the broker's traffic: device tasks read their devices' reports so. */
export type { BrokerObserver, Connection } from './connection.js';
export { DebugTokens } from './debug-tokens.js';
export { brokerGuards } from './guards.js';
export { MqttLog } from './log.js';
export { BrokerNodes } from './nodes.js';
export { mqttModule } from './routes.js';
export { BrokerStats } from './stats.js';
export { deviceTopic, WEBSOCKET_PATH } from './topics.js';
export { UserClients } from './user-clients.js';
