/**
 * @vap/device-sim: simulated bound units (IPC and NVR) on the platform's MQTT broker (issue 15).
 * The server runs a small fleet in-process for the demo (DEMO_DEVICES); `npm run device-sim` runs
 * one from the command line; the benchmark uses it as its load. The message set is in docs/mqtt.md,
 * "The device simulator".
 */
export { type BackoffOptions, DEFAULT_BACKOFF } from './backoff.js';
export {
  COMMANDS,
  type Command,
  type CommandContext,
  CommandError,
  type CommandHandler,
  type Reply,
} from './commands.js';
export { credentialsFromServer, parseCredentials } from './credentials.js';
export { type DeviceState, type FleetLog, SimulatedDevice } from './device.js';
export { type DeviceEvent, EVENT_TYPES, type EventType } from './events.js';
export { type Fleet, type FleetOptions, type FleetStats, startFleet } from './fleet.js';
export { type JobSettings, Jobs, type JobUnit, REMEMBERED_JOBS } from './jobs.js';
export { checkLicenceFile, fingerprintFile, hardwareIdOf, verifiedLicence } from './licence.js';
export {
  FIXTURE_SECONDS,
  type Recording,
  RecordingUploads,
  recordingsOf,
  videoFixtures,
} from './recordings.js';
export { MAX_SESSIONS, type ShellUnit, Terminals } from './shell.js';
export type { ChannelState, Telemetry } from './telemetry.js';
export { type DeviceTopics, topicsOf } from './topics.js';
export type { SimulatedUnit } from './unit.js';
