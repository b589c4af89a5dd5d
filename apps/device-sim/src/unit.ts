/** What the simulator is told about a unit, and what it assumes when not told. */
import type { DeviceKind } from '@vap/contracts';

export interface SimulatedUnit {
  /** The serial: client id and user name. */
  sn: string;
  /** The factory device secret: the password. */
  secret: string;
  kind: DeviceKind;
  model?: string;
  firmwareVersion?: string;
  /** The share of its jobs that fail on purpose (0 to 1); the fleet's `jobFailureRate` when absent. */
  jobFailureRate?: number;
  /** It takes algorithm licences and never answers about them: the server's timeout, played. */
  licenceHangs?: boolean;
  /** Cloud video recordings it uploads once connected; the fleet's `videoRecordings` when absent. */
  videoRecordings?: number;
}

/** Models of the factory registry's generated units (apps/server, devices' factory.ts). */
export const DEFAULT_MODEL: Record<DeviceKind, string> = { ipc: 'VC-C3', nvr: 'VR-N8' };
export const DEFAULT_FIRMWARE = 'V5.2.0';

/** An NVR's channels, from its model's name (VR-N16: 16); 8 when the name does not say. */
export function channelCapacity(model: string): number {
  const digits = /(\d+)$/.exec(model)?.[1];
  const count = digits ? Number(digits) : 8;
  return count >= 1 && count <= 64 ? count : 8;
}
