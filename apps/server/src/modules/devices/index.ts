/**
 * The device area (spec §1 device maintenance, binding records, verification; prefix
 * /v1/dms/company): the factory registry of the vendor's units, the company's devices and groups,
 * the binding records and the verification of a unit, and the operator's `factory:*` commands.
 */
import { defineModule } from '../../core/modules.js';
import { RateLimiter } from '../../core/rate-limit/limiter.js';
import { BindRecords } from './bind-records.js';
import { deviceRoutes } from './device-routes.js';
import { Devices } from './devices.js';
import { exchangeRoutes } from './exchange-routes.js';
import { DEVICE_SECRETS } from './factory.js';
import { groupRoutes } from './group-routes.js';
import { Groups } from './groups.js';
import { DeviceImport } from './import.js';
import { DevicePresence } from './presence.js';
import { deviceSummaryRoutes } from './summary-routes.js';
import { Verification } from './verify.js';

/** The demo seed's devices. */
export { seedDemoDevices } from './demo.js';
/** Device secrets are sealed for this purpose (the broker opens them through DevicePresence). */
export { DEVICE_SECRETS } from './factory.js';
/** The role editor and the access keys check their group ids against the company's groups. */
export { unknownGroupIds } from './groups.js';
/** The device pages' words: a task's jobs are exported with the words of its list. */
export { DEVICE_PAGE_MESSAGES } from './list-words.js';
export { factoryCommands } from './ops.js';
/** The devices a dialog of another area chooses from, a page by serial. */
export { devicesBySerial, PICKED_DEVICE } from './pick-list.js';
/** The MQTT broker's questions: who a connecting unit is, and its online state. */
export { type BrokerDevice, DevicePresence, type DeviceRefusal } from './presence.js';
/** A downstream company's device refuses every action alike, naming it (spec §6). */
export { type DeviceAction, readOnlyRefusal } from './read-only.js';
/** Device tasks' targets, and a completed upgrade's new firmware version (modules/tasks). */
export { ownDevicesWhere, setFirmwareVersion, type TargetDevice, targetDevices } from './task-targets.js';

export type { Devices };

export interface DeviceServices {
  /** The company's devices: the open device manager's list, the remote terminal's lookups. */
  devices: Devices;
  /** The MQTT broker's questions: who a connecting unit is, and its online state. */
  presence: DevicePresence;
}

declare module '../../core/modules.js' {
  interface ModuleServices {
    devices: DeviceServices;
  }
}

export const devicesModule = defineModule({
  name: 'devices',
  create: ({ db, secrets, importSlots, now }) => {
    // Device secrets and GB28181 passwords.
    const box = secrets.box(DEVICE_SECRETS);
    const devices = new Devices(db, box);
    const records = new BindRecords(db);
    return {
      services: { devices, presence: new DevicePresence(db, box) },
      routes: async (app) => {
        await app.register(deviceRoutes, { db, devices });
        await app.register(deviceSummaryRoutes, { db });
        await app.register(exchangeRoutes, {
          db,
          devices,
          imports: new DeviceImport(db, box),
          records,
          importSlots,
        });
        await app.register(groupRoutes, {
          db,
          groups: new Groups(db),
          records,
          verification: new Verification(db, new RateLimiter(db, now)),
        });
      },
    };
  },
});
