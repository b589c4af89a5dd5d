import { describe, expect, it } from 'vitest';
import { ImportSlots } from './import-slots.js';

/** An import that runs until its `finish` is called, noting when it starts. */
function gate(started: string[], name: string) {
  let finish = () => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return {
    work: async () => {
      started.push(name);
      await done;
      return name;
    },
    finish: () => finish(),
  };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('import slots', () => {
  it('run at most the server’s number of imports at once, and one per company, the rest in order', async () => {
    const slots = new ImportSlots({ server: 2, company: 1, companyWaiting: 2, waiting: 8 });
    const started: string[] = [];
    const a1 = gate(started, 'a1');
    const a2 = gate(started, 'a2');
    const b1 = gate(started, 'b1');
    const c1 = gate(started, 'c1');
    const runs = [slots.run(1, a1.work), slots.run(1, a2.work), slots.run(2, b1.work), slots.run(3, c1.work)];
    await turn();
    // a2 waits for a1 (same company); b1 takes the second slot; c1 waits for a slot.
    expect(started).toEqual(['a1', 'b1']);
    a1.finish();
    await turn();
    // The freed slot goes to the earliest waiter whose company has room: a2.
    expect(started).toEqual(['a1', 'b1', 'a2']);
    b1.finish();
    await turn();
    expect(started).toEqual(['a1', 'b1', 'a2', 'c1']);
    a2.finish();
    c1.finish();
    expect(await Promise.all(runs)).toEqual(['a1', 'a2', 'b1', 'c1']);
  });

  it('refuse a company past the imports it may keep waiting, and anyone past the queue, with 429 import_busy', async () => {
    const slots = new ImportSlots({ server: 1, company: 1, companyWaiting: 1, waiting: 2 });
    const started: string[] = [];
    const gates = ['a1', 'a2', 'a3', 'b1', 'c1', 'd1'].map((name) => gate(started, name));
    const [a1, a2, a3, b1, c1, d1] = gates;
    if (!a1 || !a2 || !a3 || !b1 || !c1 || !d1) throw new Error('gates');
    const first = slots.run(1, a1.work);
    const second = slots.run(1, a2.work);
    await expect(slots.run(1, a3.work)).rejects.toMatchObject({ status: 429, code: 'import_busy' });
    const other = slots.run(2, b1.work);
    await expect(slots.run(3, c1.work)).rejects.toMatchObject({ code: 'import_busy' });
    for (const item of gates) item.finish();
    await Promise.all([first, second, other]);
    // A slot freed is a slot taken again: a failed import gives its slot back too.
    await expect(slots.run(4, async () => Promise.reject(new Error('bad file')))).rejects.toThrow('bad file');
    expect(await slots.run(4, d1.work)).toBe('d1');
  });
});
