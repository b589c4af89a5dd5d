/**
 * A seeded pseudo-random source, so that a simulated unit behaves the same way on every run with
 * the same seed: its vitals, its events and its back-off jitter are a function of (seed, serial).
 * Not for anything secret.
 */
import { createHash } from 'node:crypto';

export interface Random {
  /** A number in [0, 1). */
  next(): number;
  /** A number in [min, max). */
  between(min: number, max: number): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  /** true with the given probability. */
  chance(probability: number): boolean;
}

/** mulberry32: tiny and fast, and a 32-bit state is plenty for simulated vitals. */
export function seededRandom(...parts: readonly string[]): Random {
  let state = createHash('sha256').update(parts.join('\0')).digest().readUInt32BE(0);
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const random: Random = {
    next,
    between: (min, max) => min + (max - min) * next(),
    int: (min, max) => min + Math.floor((max - min + 1) * next()),
    pick: (items) => {
      const item = items[Math.floor(items.length * next())];
      if (item === undefined) throw new Error('pick from an empty list');
      return item;
    },
    chance: (probability) => next() < probability,
  };
  return random;
}
