/** The MQTT area (spec §7.3); the broker itself comes with issue 15. */
export { mqttModule } from './routes.js';
