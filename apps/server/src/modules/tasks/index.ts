/**
 * Device tasks (issue 16; spec §1 firmware upgrade, configuration, white-list import; §3 Task;
 * §4.3): firmware packages, the tasks of page device_maintenance, and the job engine that carries
 * each device's part over MQTT — on every server, through the database alone.
 */

import { DEVICE_TOPICS } from '@vap/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../core/db/client.js';
import type { ImportSlots } from '../../core/http/import-slots.js';
import type { ObjectStore } from '../../core/storage/objects.js';
import type { Broker } from '../mqtt/index.js';
import { configurationRoutes } from './configuration-routes.js';
import { type EngineLog, JobEngine } from './engine.js';
import { FirmwarePackages } from './firmware.js';
import { jobKinds } from './kinds.js';
import { JobReports } from './reports.js';
import { taskRoutes } from './routes.js';
import { taskSummaryRoutes } from './summary-routes.js';
import { Tasks } from './tasks.js';
import { ConfigTemplates } from './templates.js';

export { JobEngine } from './engine.js';

export interface DeviceTasks {
  engine: JobEngine;
  routes: FastifyPluginAsyncZod;
}

/**
 * The engine (started by the caller: `engine.start()`) and the routes, over one broker: commands go
 * out through it, and its devices' reports come back through it.
 */
export function deviceTasks(options: {
  db: Db;
  store: ObjectStore;
  /** The server's import slots: a white list's workbook is read in one. */
  importSlots: ImportSlots;
  broker: Broker;
  /** Where devices reach this server, for their download URLs. */
  origin: () => string;
  log: EngineLog;
  now?: () => number;
}): DeviceTasks {
  const { db, store, importSlots, broker, origin, log, now } = options;
  const engine = new JobEngine(
    db,
    jobKinds({ store, origin }),
    (sn, command) => broker.sendToDevice(sn, DEVICE_TOPICS.command, command),
    log,
    now,
  );
  broker.observe(new JobReports(engine, log, (deviceId) => broker.presenceSettled(deviceId)));
  const firmware = new FirmwarePackages(db, store);
  const templates = new ConfigTemplates(db);
  const tasks = new Tasks(db, firmware, templates, engine, now);
  const routes: FastifyPluginAsyncZod = async (app) => {
    await app.register(taskRoutes, { db, tasks, firmware });
    await app.register(configurationRoutes, { db, tasks, templates, importSlots });
    await app.register(taskSummaryRoutes, { db, now: now ?? Date.now });
  };
  return { engine, routes };
}
