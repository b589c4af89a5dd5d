/**
 * The broker's topic namespace and who may use which part of it (docs/mqtt.md):
 *
 * - `vap/dev/{serial}/up/…`   what a device sends: telemetry, events, answers to commands;
 * - `vap/dev/{serial}/down/…` what is sent to a device: commands.
 *
 * A device publishes under its own `up` and subscribes under its own `down`, nothing else. Topics
 * starting with `$` (`$SYS/…`, the broker's own) are no company's.
 */

export const TOPIC_ROOT = 'vap/dev';

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
