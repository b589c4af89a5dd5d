/**
 * The MQTT area (issue 15, spec §7.3): the broker embedded in the server, who may connect to it
 * (devices, access keys, the debug tool), and its calls: version, live clients and subscriptions,
 * their time series, and the logs.
 */
import { DEFAULT_MQTT_LIMITS, DEFAULT_MQTT_LOG_MAX_ROWS, type MqttLimits } from '../../core/config.js';
import { defineModule } from '../../core/modules.js';
import { Broker } from './broker.js';
import { redisBackends } from './cluster.js';
import { DebugTokens } from './debug-tokens.js';
import { brokerGuards } from './guards.js';
import { MqttLog } from './log.js';
import { BrokerNodes } from './nodes.js';
import { mqttRoutes } from './routes.js';
import { BrokerStats } from './stats.js';
import { UserClients } from './user-clients.js';

export type { BrokerGuards, TcpListener } from './broker.js';
/** What follows the broker's traffic: device tasks read their devices' reports so. */
export type { BrokerObserver, Connection } from './connection.js';
export { deviceTopic, WEBSOCKET_PATH } from './topics.js';
export type { Broker, BrokerStats, MqttLog };

export interface MqttSettings {
  /** Redis shared by the broker's nodes (REDIS_URL): several servers then form one broker. */
  redisUrl?: string;
  /** Most rows the MQTT log keeps (MQTT_LOG_MAX_ROWS; 0: no log). */
  logMaxRows?: number;
  /** The broker's packet and failed-connect limits (MQTT_MAX_PACKET_SIZE, MQTT_AUTH_FAILURE*). */
  limits?: MqttLimits;
  /** Whether this server is a broker node (MQTT_BROKER); true when not given. */
  brokerNode?: boolean;
}

export interface MqttServices {
  /**
   * The broker: over WebSocket at /mqtt on the server's port from the start (on a broker node), over
   * TCP once `main.ts` (or a test) asks it to listen (`broker.listenTcp`).
   */
  broker: Broker;
  /** The broker's counts over time: tests flush them with the clock moved. */
  stats: BrokerStats;
  /** The broker's log: tests flush it. */
  log: MqttLog;
}

declare module '../../core/modules.js' {
  interface ModuleServices {
    mqtt: MqttServices;
  }
}

export const mqttModule = (settings: MqttSettings = {}) =>
  defineModule({
    name: 'mqtt',
    dependencies: ['devices', 'access-keys'],
    create: async ({ db, log, callers, upgrades, secrets }, dependencies) => {
      const { presence } = dependencies.devices;
      const debugTokens = new DebugTokens(secrets.serverSecret);
      const userClients = new UserClients(
        dependencies['access-keys'].connections,
        debugTokens,
        callers,
        presence,
      );
      const brokerNode = settings.brokerNode ?? true;
      const broker = await Broker.create(
        presence,
        userClients,
        new BrokerNodes(db, presence, log),
        log,
        brokerGuards(db, userClients, settings.limits ?? DEFAULT_MQTT_LIMITS),
        settings.redisUrl ? await redisBackends(settings.redisUrl) : undefined,
        brokerNode,
      );
      if (brokerNode) broker.attachWebSocket(upgrades);
      const stats = new BrokerStats(db, broker, log);
      stats.start();
      const mqttLog = new MqttLog(db, settings.logMaxRows ?? DEFAULT_MQTT_LOG_MAX_ROWS, log);
      mqttLog.follow(broker);
      return {
        services: { broker, stats, log: mqttLog },
        routes: async (app) => app.register(mqttRoutes, { db, broker, stats, log: mqttLog, debugTokens }),
        close: async () => {
          stats.stop();
          await broker.close();
          // The last entries, disconnections included.
          await mqttLog.close();
        },
      };
    },
  });
