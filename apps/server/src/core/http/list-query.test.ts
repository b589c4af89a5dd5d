import { describe, expect, it, vi } from 'vitest';
import { PreparedShapes } from './list-query.js';

describe('a list statement prepared once per shape', () => {
  const statement = () => {
    const execute = vi.fn(async (values: Record<string, unknown>) => [values]);
    return { prepare: vi.fn(() => ({ execute })), execute };
  };

  it('builds and prepares a shape once, then runs it with each call’s values', async () => {
    const shapes = new PreparedShapes<Record<string, unknown>>('test');
    const built = statement();
    const build = vi.fn(() => built);
    expect(await shapes.run('no filter', [1, 20, 0], build)).toEqual([{ p0: 1, p1: 20, p2: 0 }]);
    expect(await shapes.run('no filter', [2, 20, 20], build)).toEqual([{ p0: 2, p1: 20, p2: 20 }]);
    expect(build).toHaveBeenCalledTimes(1);
    expect(built.prepare).toHaveBeenCalledTimes(1);
    const other = statement();
    await shapes.run('by phone', [1, '%138%', 20, 0], () => other);
    expect(other.execute).toHaveBeenCalledWith({ p0: 1, p1: '%138%', p2: 20, p3: 0 });
  });

  it('drops its statements past its most and prepares them again', async () => {
    const shapes = new PreparedShapes<unknown>('test', 2);
    const build = vi.fn(() => statement());
    for (const shape of ['a', 'b', 'c', 'a']) await shapes.run(shape, [], build);
    expect(build).toHaveBeenCalledTimes(4);
  });
});
