/**
 * A unit's events (`up/event`): what a camera's analytics or a recorder's inputs report. They come
 * as a Poisson process, `eventRate` an hour on average, each of a kind drawn with the weights below.
 */
import type { DeviceKind } from '@vap/contracts';
import type { Random } from './prng.js';
import type { ChannelState } from './telemetry.js';

export const EVENT_TYPES = [
  'motion',
  'line_crossing',
  'intrusion',
  'tamper',
  'video_loss',
  'video_restored',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** The payload of `up/event` (docs/mqtt.md). */
export interface DeviceEvent {
  /** ms since the epoch. */
  ts: number;
  type: EventType;
  /** The input it concerns: 1 on an IPC. */
  channel: number;
}

type Weights = ReadonlyArray<readonly [EventType, number]>;
const IPC_WEIGHTS: Weights = [
  ['motion', 60],
  ['line_crossing', 20],
  ['intrusion', 15],
  ['tamper', 5],
];
const NVR_WEIGHTS: Weights = [
  ['motion', 55],
  ['line_crossing', 15],
  ['intrusion', 15],
  ['video_loss', 15],
];

function weighted(weights: Weights, random: Random): EventType {
  const total = weights.reduce((sum, [, weight]) => sum + weight, 0);
  let draw = random.between(0, total);
  for (const [type, weight] of weights) {
    draw -= weight;
    if (draw < 0) return type;
  }
  return weights[0]?.[0] ?? 'motion';
}

/** Node's timers hold at most this (about 24.8 days); a longer wait would fire at once. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/** The wait (ms) before the next event, for `perHour` events an hour on average. */
export function nextEventDelayMs(perHour: number, random: Random): number {
  const wait = Math.round((-Math.log(1 - random.next()) * 3_600_000) / perHour);
  return Math.min(LONGEST_TIMER_MS, Math.max(1, wait));
}

/**
 * The next event of a unit. An NVR's video loss takes its channel offline (its telemetry then shows
 * it) until a later video_restored brings it back.
 */
export function drawEvent(
  kind: DeviceKind,
  channels: ChannelState[],
  random: Random,
  ts: number,
): DeviceEvent {
  if (kind === 'ipc') return { ts, type: weighted(IPC_WEIGHTS, random), channel: 1 };
  const lost = channels.filter((channel) => !channel.online);
  const live = channels.filter((channel) => channel.online);
  if (lost.length > 0 && (live.length === 0 || random.chance(0.6))) {
    const channel = random.pick(lost);
    channel.online = true;
    return { ts, type: 'video_restored', channel: channel.channel };
  }
  const channel = random.pick(live);
  const type = weighted(NVR_WEIGHTS, random);
  if (type === 'video_loss') {
    channel.online = false;
    channel.bitrate = 0;
  }
  return { ts, type, channel: channel.channel };
}
