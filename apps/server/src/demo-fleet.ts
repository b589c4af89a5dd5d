/**
 * The demo's live devices: `npm start` connects DEMO_DEVICES of the bound demo units to its own
 * broker with the device simulator (apps/device-sim), so that the console shows devices going
 * online, telemetry in the MQTT pages and commands answered — the real path, not a painted status.
 */
import type { Fleet } from '@vap/device-sim';
import type { DevicePresence } from './modules/devices/index.js';

export interface DemoFleetOptions {
  count: number;
  /** The broker as this process reaches it. */
  url: string;
  presence: Pick<DevicePresence, 'credentials'>;
  /** The algorithm mall's licence key: the units verify the licences they are sent with it. */
  licenceKey: string;
  log: { info(object: object, message: string): void; warn(object: object, message: string): void };
}

/** Connects the fleet, or answers null when there is none to connect. */
export async function startDemoFleet({
  count,
  url,
  presence,
  licenceKey,
  log,
}: DemoFleetOptions): Promise<Fleet | null> {
  if (count <= 0) return null;
  const units = await presence.credentials(count);
  if (units.length === 0) return null;
  // The simulator and its MQTT client are loaded only when there is a fleet to run.
  const { startFleet } = await import('@vap/device-sim');
  return startFleet({
    url,
    units: units.map(({ sn, secret, kind, model, firmwareVersion }, index) => ({
      sn,
      secret,
      kind,
      model,
      firmwareVersion,
      // The last unit never answers about a licence: the demo reaches the authorisation's timeout too.
      ...(index === units.length - 1 && units.length > 1 ? { licenceHangs: true } : {}),
    })),
    licenceKey,
    // The units holding a cloud video package (the demo's first six) upload recordings to show in
    // video detail; the server refuses the others.
    videoRecordings: 3,
    // Spread over a few seconds: the console's first minutes show devices coming online.
    connectSpreadMs: 3_000,
    log: {
      info: (object, message) => log.info(object, message),
      warn: (object, message) => log.warn(object, message),
    },
  });
}
