/**
 * The broker's topic namespace and who may use which part of it (docs/mqtt.md):
 *
 * - `vap/dev/{serial}/up/…`   what a device sends: telemetry, events, answers to commands;
 * - `vap/dev/{serial}/down/…` what is sent to a device: commands.
 *
 * A device publishes under its own `up` and subscribes under its own `down`, nothing else. A user
 * client (an access key, the debug tool) publishes commands to the `down` of the devices it may
 * address, and subscribes below `vap/dev/`: to a device of its own, or with a wildcard in the
 * serial's place (`vap/dev/+/up/#`), in which case it is sent only its own devices' messages.
 * Topics starting with `$` (`$SYS/…`, the broker's own) are no company's.
 */
import { MQTT_TOPIC_ROOT } from '@vap/contracts';

export const TOPIC_ROOT = MQTT_TOPIC_ROOT;

/** The WebSocket endpoint on the HTTP port. */
export const WEBSOCKET_PATH = '/mqtt';

export type Direction = 'up' | 'down';

/** The topic of a device's messages in one direction: `vap/dev/{serial}/{direction}/{rest}`. */
export const deviceTopic = (serial: string, direction: Direction, rest: string) =>
  `${TOPIC_ROOT}/${serial}/${direction}/${rest}`;

/**
 * Whether a topic, or a subscription's filter, lies wholly under `vap/dev/{serial}/{direction}/`:
 * the four first levels exactly these (no wildcard among them), and at least one level after them.
 */
export function isUnder(topic: string, serial: string, direction: Direction): boolean {
  const prefix = `${TOPIC_ROOT}/${serial}/${direction}/`;
  return topic.startsWith(prefix) && topic.length > prefix.length;
}

/** A device may publish only its own `up` messages. */
export const devicePublishes = (serial: string, topic: string) => isUnder(topic, serial, 'up');

/** A device may subscribe only to its own `down` messages. */
export const deviceSubscribes = (serial: string, filter: string) => isUnder(filter, serial, 'down');

/** The serial a topic is about (`vap/dev/{serial}/…`), or null for a topic outside the namespace. */
export function serialOf(topic: string): string | null {
  const prefix = `${TOPIC_ROOT}/`;
  if (!topic.startsWith(prefix)) return null;
  const end = topic.indexOf('/', prefix.length);
  return end === -1 ? null : topic.slice(prefix.length, end);
}

/**
 * A user client may subscribe below `vap/dev/` to one of its devices, or to any serial through a
 * wildcard in its place (what it receives is then filtered by `userReceives`).
 */
export function userSubscribes(filter: string, serials: ReadonlySet<string>): boolean {
  const levels = filter.split('/');
  if (levels.length < 3 || `${levels[0]}/${levels[1]}` !== TOPIC_ROOT) return false;
  const serial = levels[2] ?? '';
  return serial === '+' || serial === '#' || serials.has(serial);
}

/** A user client receives the messages of its own devices only. */
export function userReceives(topic: string, serials: ReadonlySet<string>): boolean {
  const serial = serialOf(topic);
  return serial !== null && serials.has(serial);
}

/** A user client may publish only commands to its own devices (their `down`). */
export function userPublishes(topic: string, serials: ReadonlySet<string>): boolean {
  const serial = serialOf(topic);
  return serial !== null && serials.has(serial) && isUnder(topic, serial, 'down');
}

/** The direction of a device topic, or null. */
export function directionOf(topic: string): Direction | null {
  const serial = serialOf(topic);
  if (serial === null) return null;
  if (isUnder(topic, serial, 'up')) return 'up';
  if (isUnder(topic, serial, 'down')) return 'down';
  return null;
}
