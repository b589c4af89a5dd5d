import type mqemitter from 'mqemitter';
import { describe, expect, it } from 'vitest';
import { brokerBus } from './bus.js';

/**
 * A burst: the first 100 messages' listeners wait, the rest finish at once, then the waiting ones
 * do — what, on a bus that queues beyond 100 messages in flight, recursed until the stack
 * overflowed. Answers how many messages completed.
 */
async function burst(bus: ReturnType<typeof mqemitter>, count: number): Promise<number> {
  const waiting: Array<() => void> = [];
  let holding = true;
  bus.on('vap/dev/+/up/#', (_message, done) => {
    if (holding) waiting.push(done);
    else done();
  });
  let completed = 0;
  const all = new Promise<void>((resolve) => {
    for (let index = 0; index < count; index++) {
      bus.emit({ topic: `vap/dev/${index}/up/telemetry`, payload: 'x' }, () => {
        if (++completed === count) resolve();
      });
    }
  });
  holding = false;
  for (const done of waiting.splice(0)) done();
  await all;
  return completed;
}

describe('the broker bus', () => {
  it('takes a burst whose first listeners wait without queueing, so without overflowing the stack', async () => {
    expect(await burst(brokerBus(), 20_000)).toBe(20_000);
  });
});
