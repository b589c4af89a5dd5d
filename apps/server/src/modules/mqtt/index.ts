/**
 * The MQTT area (issue 15, spec §7.3): the broker embedded in the server, its version call, and (to
 * come) its clients, subscriptions, time series and logs.
 */
export { Broker, type TcpListener, WEBSOCKET_PATH } from './broker.js';
export { BrokerNodes } from './nodes.js';
export { mqttModule } from './routes.js';
export { deviceTopic } from './topics.js';
