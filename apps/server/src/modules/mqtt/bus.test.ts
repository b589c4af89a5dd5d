import mqemitter from 'mqemitter';
import { describe, expect, it } from 'vitest';
import { stackSafeBus } from './bus.js';

/**
 * Fills the bus's queue — its first 100 messages wait, the rest queue behind them — then lets the
 * queue drain with every listener finishing at once: the case where mqemitter recursed until the
 * stack overflowed. Answers how many messages completed.
 */
async function drain(bus: ReturnType<typeof mqemitter>, count: number): Promise<number> {
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
  it('drains a long queue of messages whose listeners finish at once without overflowing the stack', async () => {
    expect(await drain(stackSafeBus() as ReturnType<typeof mqemitter>, 20_000)).toBe(20_000);
  });

  it('leaves a shared bus it is given the same object, made safe', () => {
    const shared = mqemitter({ concurrency: 100 });
    expect(stackSafeBus(shared)).toBe(shared);
  });
});
