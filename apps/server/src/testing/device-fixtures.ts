/**
 * The devices the demo seed bound, as the tests that play them on the broker need them: with their
 * factory secrets in the clear, read as the operator's `devices:credentials` reads them (the
 * devices module's `DevicePresence`), and the company that holds each.
 */
import type { DeviceKind } from '@vap/contracts';
import { eq, inArray } from 'drizzle-orm';
import { ServerSecrets } from '../core/crypto/secrets.js';
import type { Database } from '../core/db/client.js';
import { devices } from '../core/db/devices.js';
import { DEVICE_SECRETS, DevicePresence } from '../modules/devices/index.js';

export interface BoundDevice {
  id: number;
  sn: string;
  /** The unit's factory secret, what it signs its broker sign-in with. */
  secret: string;
  companyId: number;
  kind: DeviceKind;
  model: string;
}

/** More than any test database holds: every bound device. */
const ALL = 1_000_000;

/**
 * The bound devices of the database, in the order they were bound (by id); of one company with
 * `companyId`. `serverSecret` is the app's, under which the devices' secrets are sealed.
 */
export async function boundDevices(
  database: Database,
  serverSecret: string,
  { companyId }: { companyId?: number } = {},
): Promise<BoundDevice[]> {
  const presence = new DevicePresence(database.db, new ServerSecrets(serverSecret).box(DEVICE_SECRETS));
  const credentials = await presence.credentials(ALL);
  const holders = new Map(
    (
      await database.db.select({ sn: devices.sn, id: devices.id, companyId: devices.companyId }).from(devices)
    ).map((row) => [row.sn, row]),
  );
  return credentials.flatMap(({ sn, secret, kind, model }) => {
    const holder = holders.get(sn);
    if (!holder || (companyId !== undefined && holder.companyId !== companyId)) return [];
    return [{ id: holder.id, sn, secret, companyId: holder.companyId, kind, model }];
  });
}

/**
 * Marks `chosen` offline on no node, as after a clean disconnect: the seed leaves some devices
 * online, and a test that connects one waits for it to come online.
 */
export async function markOffline(
  database: Database,
  chosen: readonly Pick<BoundDevice, 'id'>[],
): Promise<void> {
  await database.db
    .update(devices)
    .set({ status: 'offline', onlineNode: null })
    .where(
      inArray(
        devices.id,
        chosen.map((device) => device.id),
      ),
    );
}

/** The online status the device list shows for device `id`. */
export async function deviceStatus(database: Database, id: number) {
  const [row] = await database.db.select({ status: devices.status }).from(devices).where(eq(devices.id, id));
  return row?.status;
}

/** Orders devices by serial, as the broker lists its clients. */
export const bySerial = (a: Pick<BoundDevice, 'sn'>, b: Pick<BoundDevice, 'sn'>) =>
  a.sn < b.sn ? -1 : a.sn > b.sn ? 1 : 0;
