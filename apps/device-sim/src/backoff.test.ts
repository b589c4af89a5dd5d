import { describe, expect, it } from 'vitest';
import { Backoff, DEFAULT_BACKOFF } from './backoff.js';
import { seededRandom } from './prng.js';

describe('the reconnection back-off', () => {
  it('doubles from 1 s to 60 s, each wait up to 20% shorter, and starts again after a reset', () => {
    const backoff = new Backoff(DEFAULT_BACKOFF, seededRandom('test').next);
    const waits = Array.from({ length: 10 }, () => backoff.next());
    const ceilings = [1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000, 60_000];
    waits.forEach((wait, index) => {
      const ceiling = ceilings[index] ?? 0;
      expect(wait).toBeLessThanOrEqual(ceiling);
      expect(wait).toBeGreaterThanOrEqual(ceiling * 0.8);
    });
    for (let index = 1; index < 7; index += 1) expect(waits[index]).toBeGreaterThan(waits[index - 1] ?? 0);
    backoff.reset();
    expect(backoff.next()).toBeLessThanOrEqual(1_000);
  });

  it('stays at the cap however long the outage', () => {
    const backoff = new Backoff({ ...DEFAULT_BACKOFF, jitter: 0 }, () => 0.5);
    for (let index = 0; index < 2_000; index += 1) backoff.next();
    expect(backoff.next()).toBe(60_000);
  });

  it('spreads units that lost the broker together', () => {
    const firsts = ['a', 'b', 'c', 'd', 'e'].map((sn) =>
      new Backoff(DEFAULT_BACKOFF, seededRandom(sn).next).next(),
    );
    expect(new Set(firsts).size).toBeGreaterThan(1);
  });
});

describe('the seeded source', () => {
  it('repeats with the same seed and differs with another', () => {
    const draw = (seed: string) => Array.from({ length: 5 }, seededRandom(seed, 'x').next);
    expect(draw('one')).toEqual(draw('one'));
    expect(draw('one')).not.toEqual(draw('two'));
    const random = seededRandom('range');
    for (let index = 0; index < 1_000; index += 1) {
      const value = random.int(2, 4);
      expect([2, 3, 4]).toContain(value);
    }
  });
});
