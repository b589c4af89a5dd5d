/**
 * Device tasks (issue 16; spec §1 firmware upgrade, configuration, white-list import; §3 Task;
 * §4.3): firmware packages, the tasks of page device_maintenance, and the job engine that carries
 * each device's part over MQTT — on every server, through the database alone.
 */

import { DEVICE_TOPICS } from '@vap/contracts';
import { defineModule } from '../../core/modules.js';
import { configurationRoutes } from './configuration-routes.js';
import { JobEngine } from './engine.js';
import { FirmwarePackages } from './firmware.js';
import { jobKinds } from './kinds.js';
import { JobReports } from './reports.js';
import { taskRoutes } from './routes.js';
import { taskSummaryRoutes } from './summary-routes.js';
import { Tasks } from './tasks.js';
import { ConfigTemplates } from './templates.js';

/** What another module's things published to devices share (hologram parking's, ad packages). */
export type { DeliveryCounts, PublishJob } from './deliveries.js';
/** Another module's job type (the algorithm mall's licences): its kind's hooks. */
export type { HookedJob, JobKind } from './engine.js';
export { type PublishedServices, PublishedThings } from './published.js';
export { servePublishing } from './published-routes.js';
export type { JobEngine };

export interface TaskServices {
  /** The job engine: tests tick it (`taskTickMs: 0`) with the clock moved. */
  engine: JobEngine;
}

declare module '../../core/modules.js' {
  interface ModuleServices {
    tasks: TaskServices;
  }
}

/**
 * The engine and the routes, over the MQTT module's broker: commands go out through it, and its
 * devices' reports come back through it. `tickMs`: how often the engine runs; 0 leaves it to the
 * caller (`engine.tick()`).
 */
export const tasksModule = ({ tickMs }: { tickMs?: number } = {}) =>
  defineModule({
    name: 'tasks',
    dependencies: ['mqtt'],
    create: ({ db, store, importSlots, origin, log, now }, { mqtt: { broker } }) => {
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
      if (tickMs !== 0) engine.start(tickMs);
      return {
        services: { engine },
        routes: async (app) => {
          await app.register(taskRoutes, { db, tasks, firmware });
          await app.register(configurationRoutes, { db, tasks, templates, importSlots });
          await app.register(taskSummaryRoutes, { db, now: now ?? Date.now });
        },
        close: () => engine.stop(),
      };
    },
  });
