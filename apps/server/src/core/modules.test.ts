import { describe, expect, it } from 'vitest';
import { type AnyModule, type Core, defineModule, startModules } from './modules.js';

const core = {} as Core;

/** A module that records when it is created and closed, under a name the registry does not know. */
function recorded(name: string, dependencies: string[], events: string[]): AnyModule {
  return defineModule({
    name,
    dependencies: dependencies as never[],
    create: () => {
      events.push(`create ${name}`);
      return { close: () => void events.push(`close ${name}`) };
    },
  }) as AnyModule;
}

describe('startModules', () => {
  it('creates a module after the modules it depends on, whatever the order of the list', async () => {
    const events: string[] = [];
    await startModules(
      [
        recorded('cbs', ['finance', 'mqtt'], events),
        recorded('mqtt', [], events),
        recorded('finance', [], events),
      ],
      core,
    );
    expect(events).toEqual(['create finance', 'create mqtt', 'create cbs']);
  });

  it('closes dependants before the modules they depend on', async () => {
    const events: string[] = [];
    const started = await startModules(
      [
        recorded('mqtt', [], events),
        recorded('tasks', ['mqtt'], events),
        recorded('terminal', ['mqtt'], events),
      ],
      core,
    );
    events.length = 0;
    await started.close();
    expect(events).toEqual(['close terminal', 'close tasks', 'close mqtt']);
  });

  it('hands a module the services of the modules it depends on', async () => {
    const seen: unknown[] = [];
    const source = defineModule({ name: 'source', create: () => ({ services: { answer: 42 } as never }) });
    const user = {
      name: 'user',
      dependencies: ['source'],
      create: async (_core: Core, dependencies: Record<string, unknown>) => {
        seen.push(dependencies.source);
        return {};
      },
    } as unknown as AnyModule;
    await startModules([user, source as AnyModule], core);
    expect(seen).toEqual([{ answer: 42 }]);
  });

  it('lists the routes in the order of the list, not of creation', async () => {
    const routes = async () => {};
    const withRoutes = (name: string, dependencies: string[]) =>
      ({ name, dependencies, create: async () => ({ routes }) }) as unknown as AnyModule;
    const started = await startModules([withRoutes('a', ['b']), withRoutes('b', [])], core);
    expect(started.routes.map((entry) => entry.name)).toEqual(['a', 'b']);
  });

  it('refuses a dependency that is not listed, and a cycle', async () => {
    await expect(startModules([recorded('cbs', ['finance'], [])], core)).rejects.toThrow(
      'module cbs depends on finance, which is not listed',
    );
    await expect(startModules([recorded('a', ['b'], []), recorded('b', ['a'], [])], core)).rejects.toThrow(
      'module dependency cycle: a → b → a',
    );
  });

  it('closes what it created when a later module fails to be created', async () => {
    const events: string[] = [];
    const failing = {
      name: 'failing',
      dependencies: ['mqtt'],
      create: async () => {
        throw new Error('no broker');
      },
    } as unknown as AnyModule;
    await expect(startModules([recorded('mqtt', [], events), failing], core)).rejects.toThrow('no broker');
    expect(events).toEqual(['create mqtt', 'close mqtt']);
  });
});
