/**
 * `npm start`: configuration → data-directory lock → database and migrations → demo seed → listen.
 * Every failure on the way stops with one clear line and exit code 1.
 */
import { createRequire } from 'node:module';
import { buildApp } from './app.js';
import { PasswordHasher } from './core/auth/passwords.js';
import { assertProductionReady, ConfigError, loadConfig } from './core/config.js';
import {
  DataDirError,
  type DataDirLock,
  loadServerSecret,
  lockDataDir,
  restrictNewFileModes,
} from './core/data-dir.js';
import { type Database, openDatabase } from './core/db/client.js';
import { objectBackendOf } from './core/storage/configured-backend.js';
import { startDemoFleet } from './demo-fleet.js';
import { configuredPayment } from './modules/finance/index.js';
import { OpenAiEngine } from './modules/lvlm-lab/index.js';
import { PluginMenuError, PluginMenus, readConsolePlugins } from './modules/menu/index.js';
import { WEBSOCKET_PATH } from './modules/mqtt/index.js';
import { configuredPlateEngine, DevelopmentPlateEngineError } from './modules/plate-recognition/index.js';
import { PluginCallError, PluginServerError, readPluginServers } from './modules/plugin-calls/index.js';
import { seedDemoResources } from './modules/resources/index.js';
import { configuredProviders, DevelopmentProviderError } from './modules/sign-in/index.js';
import { DEMO_OPERATOR, hasUsers, seedDemo } from './seed.js';

/** How long a stopping server lets answers in flight finish before it closes their connections. */
const SHUTDOWN_GRACE_MS = 2_000;

const { version } = createRequire(import.meta.url)('../package.json') as { version: string };

/** `postgres://user:secret@host/db` → `postgres://user:***@host/db`, for messages. */
const redact = (url: string) => url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');

async function main() {
  const config = loadConfig();
  assertProductionReady(config);
  // Before anything is written: the database, the secret and the objects are the owner's only.
  restrictNewFileModes();
  const lock: DataDirLock = lockDataDir(config.dataDir, (line) => console.warn(line));
  let database: Database | undefined;
  try {
    database = await openDatabase(
      config.databaseUrl
        ? { engine: 'postgres', url: config.databaseUrl }
        : { engine: 'pglite', dataDir: config.dataDir },
    );
    try {
      await database.migrate();
    } catch (error) {
      const where = config.databaseUrl
        ? `the database at ${redact(config.databaseUrl)}`
        : 'the embedded database';
      throw new StartError(`Cannot prepare ${where}: ${(error as Error).message}`);
    }
    const passwords = new PasswordHasher(config.argon2Concurrency);
    const serverSecret = config.serverSecret ?? loadServerSecret(config.dataDir);
    const seeded = config.demo.seed
      ? await seedDemo(database.db, passwords, config.demo, serverSecret)
      : false;
    let pluginServers: Awaited<ReturnType<typeof readPluginServers>>;
    try {
      // The menu catalogue learns the pages of the console's plugins before anyone reads it.
      const plugins = await readConsolePlugins(config.consoleDir);
      if (plugins) await new PluginMenus(database.db).sync(plugins);
      pluginServers = await readPluginServers(config.consoleDir);
    } catch (error) {
      if (error instanceof PluginMenuError || error instanceof PluginServerError)
        throw new StartError(error.message);
      throw error;
    }

    const objectBackend = await objectBackendOf(config.objectStore, config.dataDir);
    // The demo's vendor resources are files: stored once the demo is seeded, beside its rows.
    if (seeded) await seedDemoResources(database.db, objectBackend);
    const plateEngine = configuredPlateEngine(config.plateEngine);
    const { app, services } = await buildApp({
      database,
      passwords,
      serverSecret,
      jwtExpiresIn: config.jwtExpiresIn,
      bodyLimit: config.bodyLimit,
      importConcurrency: config.importConcurrency,
      verifyCompany: config.verifyCompany,
      consoleDir: config.consoleDir,
      pluginServers,
      serveSourceMaps: config.serveSourceMaps,
      dataDir: config.dataDir,
      objectBackend,
      devOutbox: config.devOutbox,
      mqttLogMaxRows: config.mqttLogMaxRows,
      voip: {
        sipDomain: config.voip.sipDomain,
        ...(config.voip.sipServer ? { sipServer: config.voip.sipServer } : {}),
        ...(config.voip.sipWebSocket ? { sipWebSocket: config.voip.sipWebSocket } : {}),
      },
      mqttLimits: config.mqttLimits,
      mqttBroker: config.mqttBroker,
      ...(config.bankAccount ? { bankAccount: config.bankAccount } : {}),
      ...(config.redisUrl ? { redisUrl: config.redisUrl } : {}),
      ...(config.publicUrl ? { publicUrl: config.publicUrl } : {}),
      ...configuredProviders(config),
      ...configuredPayment(config.payment),
      lvlmLab: {
        ...(config.lvlmLab.engine.kind === 'openai'
          ? { engine: new OpenAiEngine(config.lvlmLab.engine) }
          : {}),
        dailyTrials: config.lvlmLab.dailyTrials,
      },
      ...(plateEngine ? { plateEngine } : {}),
      prsTrialsPerDay: config.prsTrialsPerDay,
      refuseDevelopmentProviders: config.production && !config.allowDevProviders,
      logger: { level: config.logLevel },
      version,
    }).catch((error: unknown) => {
      if (error instanceof PluginCallError) throw new StartError(error.message);
      if (error instanceof DevelopmentPlateEngineError)
        throw new StartError(
          'NODE_ENV=production on the development plate recognition engine, which reads no real plate: ' +
            'set PLATE_ENGINE=aliyun or http (docs/operations.md, "Plate recognition"), or set ALLOW_DEV_PROVIDERS=true to run on it anyway.',
        );
      if (!(error instanceof DevelopmentProviderError)) throw error;
      const settings = error.providers.map((provider) =>
        provider === 'SMS' ? 'SMS_PROVIDER=aliyun or webhook' : 'SCAN_PROVIDER=wechat',
      );
      throw new StartError(
        `NODE_ENV=production on the development ${error.providers.join(' and ')} provider` +
          `${error.providers.length > 1 ? 's, which reach' : ', which reaches'} no one: set ${settings.join(' and ')} ` +
          '(docs/operations.md, "Providers"), or set ALLOW_DEV_PROVIDERS=true to run on the development ones anyway.',
      );
    });

    // From before listening: a supervisor (or a test) may stop the server as soon as it answers,
    // while it still starts its broker's port and its demo devices; without a handler then, the
    // signal would end it at once, neither closing the database nor exiting 0.
    let fleet: Awaited<ReturnType<typeof startDemoFleet>> | undefined;
    let closing = false;
    const shutdown = async (signal: string) => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'shutting down');
      // Fastify closes the idle keep-alive connections; one whose answer is still going out (a
      // client that has not read it) would hold the close for the 72 s keep-alive timeout. After a
      // grace for answers in flight, every connection is closed.
      const force = setTimeout(() => app.server.closeAllConnections(), SHUTDOWN_GRACE_MS);
      force.unref();
      try {
        await fleet?.stop();
        await app.close();
        clearTimeout(force);
        await database?.checkpoint();
        await database?.close();
      } finally {
        lock.release();
        process.exit(0);
      }
    };
    process.once('SIGTERM', () => void shutdown('SIGTERM'));
    process.once('SIGINT', () => void shutdown('SIGINT'));

    try {
      await app.listen({ port: config.port, host: config.host });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
        throw new StartError(`Port ${config.port} is already in use (set PORT to another port).`);
      }
      throw error;
    }

    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
    console.log(`VAP Console is running at http://${host}:${port}`);
    const { tcp } = config.mqtt;
    // Where this process's own clients (the simulated devices) reach the broker.
    let mqttUrl = `ws://127.0.0.1:${port}${WEBSOCKET_PATH}`;
    if (!config.mqttBroker) {
      console.log('MQTT broker: none on this server (MQTT_BROKER=false)');
    } else if (tcp === 'off') {
      console.log(`MQTT broker: ws://${host}:${port}${WEBSOCKET_PATH} (TCP off: MQTT_PORT=off)`);
    } else {
      let mqttPort: number;
      try {
        mqttPort = await services.mqtt.broker.listenTcp({ ...tcp, host: config.host });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
          throw new StartError(
            `MQTT_PORT ${tcp.port} is already in use (set MQTT_PORT to another port, or off).`,
          );
        }
        throw error;
      }
      if (!tcp.tls) mqttUrl = `mqtt://127.0.0.1:${mqttPort}`;
      const taken = !tcp.chosen && mqttPort !== tcp.port ? ` (${tcp.port} is taken)` : '';
      console.log(
        `MQTT broker: ${tcp.tls ? 'mqtts' : 'mqtt'}://${host}:${mqttPort}${taken} and ws://${host}:${port}${WEBSOCKET_PATH}`,
      );
    }
    fleet = await startDemoFleet({
      // The simulated devices need a broker to connect to.
      count: config.mqttBroker ? config.demo.devices : 0,
      url: mqttUrl,
      presence: services.devices.presence,
      licenceKey: services.algmall.licenceKey,
      log: app.log,
    });
    if (fleet)
      console.log(`Simulated devices: ${fleet.devices.length} connecting (DEMO_DEVICES=0 turns them off)`);
    if (config.demo.seed) {
      console.log(
        `Demo sign-in: ${config.demo.account} (or ${config.demo.email}) / ${config.demo.password}` +
          (seeded ? ' (created now)' : ''),
      );
      console.log(`Demo operator (a role without owner rights): ${DEMO_OPERATOR.phone} / the same password`);
    } else if (!(await hasUsers(database.db))) {
      console.log(
        'No account yet: stop the server and create the first owner with ' +
          '`npm run ops -- owner:create <phone or e-mail> <company name>`, or sign up in the console.',
      );
    }
  } catch (error) {
    await database?.close().catch(() => {});
    lock.release();
    throw error;
  }
}

class StartError extends Error {}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirError || error instanceof StartError) {
    console.error(error.message);
  } else {
    console.error('VAP server failed to start:', error);
  }
  process.exit(1);
});
