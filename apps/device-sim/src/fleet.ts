/**
 * A fleet of simulated units on one broker: what `npm start` runs in-process for the demo, what the
 * CLI runs, and the benchmark's load.
 */
import { TERMINAL_SILENCE_SECONDS } from '@vap/contracts';
import { type BackoffOptions, DEFAULT_BACKOFF } from './backoff.js';
import { type DeviceSettings, type FleetLog, SimulatedDevice } from './device.js';
import type { SimulatedUnit } from './unit.js';

export interface FleetOptions {
  /** The broker: `mqtt://host:1883` (`mqtts://` with TLS) or `ws://host:8080/mqtt`. */
  url: string;
  units: readonly SimulatedUnit[];
  /** The MQTT version the units speak: 4 (MQTT 3.1.1) or 5 (MQTT 5); 4. */
  protocolVersion?: 4 | 5;
  /** Between two telemetry reports of a unit; 30 s. */
  telemetryIntervalMs?: number;
  /** Events per unit per hour, on average; 12. 0 for none. */
  eventRate?: number;
  /** The same seed gives every unit the same vitals and events; 'vap-device-sim'. */
  seed?: string;
  /** Spread the first connections evenly over this many ms (a large fleet); 0, all at once. */
  connectSpreadMs?: number;
  /** Refusals (warn), lost connections and the fleet's first complete connection (info); silent by default. */
  log?: FleetLog;
  /** Reconnection back-off; 1 s doubling to 60 s, 20% jitter, reset after 60 s connected. */
  backoff?: Partial<BackoffOptions>;
  /** How long a reboot command keeps a unit away; 5 s. */
  rebootMs?: number;
  /** The wait before trying again after CONNACK 4 or 5 (0x86, 0x87 in MQTT 5); 10 min. 0: never try again. */
  refusedRetryMs?: number;
  /** MQTT keep-alive; 60 s. */
  keepaliveSeconds?: number;
  /** Give up on an attempt without CONNACK after this long; 10 s. */
  connectTimeoutMs?: number;
  /** The share of jobs that fail on purpose (`simulated_failure`), 0 to 1; 0. A unit's own wins. */
  jobFailureRate?: number;
  /** Connect with a last will (`{online: false}` on up/state); true. false plays firmware that sets none. */
  lastWill?: boolean;
  /** A terminal session its server is not heard of for this long ends; TERMINAL_SILENCE_SECONDS. */
  terminalSilenceMs?: number;
  /** The server's licence key (GET /webapi/v1/algmall/licence_key): units verify licences with it. */
  licenceKey?: string;
  /**
   * Cloud video recordings each unit asks to upload once connected (recordings.ts); the server
   * refuses a unit without a running cloud video package. 0.
   */
  videoRecordings?: number;
}

export interface FleetStats {
  units: number;
  /** Units connected now. */
  connected: number;
  /** Units whose last attempt was refused (CONNACK 4 or 5; 0x86 or 0x87 in MQTT 5). */
  refused: number;
  /** Messages the units published, and commands they received, since the start. */
  published: number;
  received: number;
}

export interface Fleet {
  readonly devices: readonly SimulatedDevice[];
  connected(): number;
  stats(): FleetStats;
  /** Every unit says it goes offline and disconnects; the fleet is done. */
  stop(): Promise<void>;
}

const PROTOCOLS = new Set(['mqtt:', 'mqtts:', 'tcp:', 'tls:', 'ws:', 'wss:']);

const LONGEST_TIMER_MS = 2 ** 31 - 1;

const SILENT: FleetLog = { info: () => {}, warn: () => {} };

const isRate = (value: number) => value >= 0 && value <= 1;

function settingsOf(options: FleetOptions): DeviceSettings {
  let protocol: string;
  try {
    protocol = new URL(options.url).protocol;
  } catch {
    throw new TypeError(`device simulator: "${options.url}" is not a URL`);
  }
  if (!PROTOCOLS.has(protocol)) {
    throw new TypeError(
      `device simulator: "${options.url}" is not an mqtt://, mqtts://, ws:// or wss:// URL`,
    );
  }
  const settings: DeviceSettings = {
    url: options.url,
    protocolVersion: options.protocolVersion ?? 4,
    telemetryIntervalMs: options.telemetryIntervalMs ?? 30_000,
    eventRate: options.eventRate ?? 12,
    seed: options.seed ?? 'vap-device-sim',
    keepaliveSeconds: options.keepaliveSeconds ?? 60,
    connectTimeoutMs: options.connectTimeoutMs ?? 10_000,
    backoff: { ...DEFAULT_BACKOFF, ...options.backoff },
    rebootMs: options.rebootMs ?? 5_000,
    refusedRetryMs: options.refusedRetryMs ?? 600_000,
    stopTimeoutMs: 3_000,
    jobFailureRate: options.jobFailureRate ?? 0,
    lastWill: options.lastWill ?? true,
    terminalSilenceMs: options.terminalSilenceMs ?? TERMINAL_SILENCE_SECONDS * 1000,
    ...(options.licenceKey ? { licenceKey: options.licenceKey } : {}),
    videoRecordings: options.videoRecordings ?? 0,
    log: options.log ?? SILENT,
  };
  // Node fires a timer longer than 2³¹ − 1 ms at once, with a warning: such a wait is a mistake.
  const waits = {
    telemetryIntervalMs: settings.telemetryIntervalMs,
    rebootMs: settings.rebootMs,
    refusedRetryMs: settings.refusedRetryMs,
    connectTimeoutMs: settings.connectTimeoutMs,
    terminalSilenceMs: settings.terminalSilenceMs,
    'backoff.initialMs': settings.backoff.initialMs,
    'backoff.maxMs': settings.backoff.maxMs,
  };
  for (const [name, value] of Object.entries(waits)) {
    if (!(value >= 0 && value <= LONGEST_TIMER_MS)) {
      throw new RangeError(`device simulator: ${name} must be from 0 to ${LONGEST_TIMER_MS} ms`);
    }
  }
  if (!(settings.telemetryIntervalMs > 0))
    throw new RangeError('device simulator: telemetryIntervalMs must be above 0');
  if (!(settings.terminalSilenceMs > 0))
    throw new RangeError('device simulator: terminalSilenceMs must be above 0');
  if (!(settings.backoff.initialMs > 0))
    throw new RangeError('device simulator: backoff.initialMs must be above 0');
  if (!(settings.backoff.jitter >= 0 && settings.backoff.jitter < 1)) {
    throw new RangeError('device simulator: backoff.jitter must be in [0, 1)');
  }
  if (!(settings.keepaliveSeconds > 0 && settings.keepaliveSeconds <= 65_535)) {
    throw new RangeError('device simulator: keepaliveSeconds must be from 1 to 65535');
  }
  if (!(settings.eventRate >= 0)) throw new RangeError('device simulator: eventRate must be 0 or more');
  if (settings.protocolVersion !== 4 && settings.protocolVersion !== 5) {
    throw new RangeError('device simulator: protocolVersion must be 4 (MQTT 3.1.1) or 5 (MQTT 5)');
  }
  if (!isRate(settings.jobFailureRate)) {
    throw new RangeError('device simulator: jobFailureRate must be from 0 to 1');
  }
  return settings;
}

export function startFleet(options: FleetOptions): Fleet {
  const settings = settingsOf(options);
  const seen = new Set<string>();
  for (const unit of options.units) {
    // Two connections of one serial would take each other over for ever.
    if (seen.has(unit.sn)) throw new Error(`device simulator: unit ${unit.sn} is listed twice`);
    seen.add(unit.sn);
    if (unit.jobFailureRate !== undefined && !isRate(unit.jobFailureRate)) {
      throw new RangeError(`device simulator: unit ${unit.sn}'s jobFailureRate must be from 0 to 1`);
    }
  }
  const devices = options.units.map((unit) => new SimulatedDevice(unit, settings));
  const started = Date.now();
  const reached = new Set<SimulatedDevice>();
  for (const device of devices) {
    device.on('state', (state) => {
      if (state !== 'online' || reached.has(device)) return;
      reached.add(device);
      if (reached.size === devices.length) {
        settings.log.info({ units: devices.length, ms: Date.now() - started }, 'simulated fleet online');
      }
    });
  }
  const spread = Math.max(0, options.connectSpreadMs ?? 0);
  devices.forEach((device, index) => {
    device.start(devices.length > 1 ? Math.round((spread * index) / devices.length) : 0);
  });

  const sum = (count: (device: SimulatedDevice) => number) =>
    devices.reduce((total, device) => total + count(device), 0);
  let stopping: Promise<void> | undefined;
  return {
    devices,
    connected: () => sum((device) => (device.online ? 1 : 0)),
    stats: () => ({
      units: devices.length,
      connected: sum((device) => (device.online ? 1 : 0)),
      refused: sum((device) => (device.refusedWith === null ? 0 : 1)),
      published: sum((device) => device.published),
      received: sum((device) => device.received),
    }),
    stop: () => {
      stopping ??= Promise.all(devices.map((device) => device.stop())).then(() => {});
      return stopping;
    },
  };
}
