import { describe, expect, it } from 'vitest';
import { createServiceRef, lazyService, ServiceContainer, service } from './services.js';

const Greeting = createServiceRef<string>('test.greeting');
const Shout = createServiceRef<{ text: string }>('test.shout');

describe('service container', () => {
  it('records services before its code loads, and resolves them once loaded', async () => {
    const services = new ServiceContainer();
    services.provide(Greeting, 'hello');
    services.register(service(Shout, (resolver) => ({ text: resolver.get(Greeting).toUpperCase() })));
    expect(services.loaded).toBe(false);
    expect(() => services.get(Greeting)).toThrow(/before the services loaded/);
    await services.load();
    expect(services.loaded).toBe(true);
    expect(services.get(Shout).text).toBe('HELLO');
    // A singleton: the factory ran once.
    expect(services.get(Shout)).toBe(services.get(Shout));
  });

  it("binds each plugin's services in its own module, unloaded while the plugin is inactive", async () => {
    let made = 0;
    const Counter = createServiceRef<{ n: number }>('test.counter');
    const services = new ServiceContainer();
    services.provide(Greeting, 'hello');
    services.register(
      service(Counter, () => ({ n: ++made })),
      'billing',
    );
    await services.load();
    const first = services.get(Counter);
    expect(first).toEqual({ n: 1 });
    expect(services.get(Counter)).toBe(first);
    services.activate(['other']);
    expect(() => services.get(Counter)).toThrow(
      'Service "test.counter" belongs to plugin "billing", which is not active',
    );
    // The kernel's own services stay.
    expect(services.get(Greeting)).toBe('hello');
    services.activate(['billing']);
    // Its module was loaded again: a fresh instance.
    expect(services.get(Counter)).toEqual({ n: 2 });
  });

  it('applies an activation told before its code loaded', async () => {
    const Counter = createServiceRef<number>('test.inactive');
    const services = new ServiceContainer();
    services.register(
      service(Counter, () => 1),
      'voip',
    );
    services.activate([]);
    await services.load();
    expect(() => services.get(Counter)).toThrow('which is not active');
  });

  it('binds a service registered after loading at once', async () => {
    const services = new ServiceContainer();
    await services.load();
    services.provide(Greeting, 'late');
    expect(services.get(Greeting)).toBe('late');
  });

  it('refuses a service provided twice before anything loads (a boot error), and names an unknown one', () => {
    const services = new ServiceContainer();
    services.register(service(Shout, () => ({ text: 'a' })));
    expect(() => services.register(service(Shout, () => ({ text: 'b' })))).toThrow(
      'Service "test.shout" is provided twice',
    );
    expect(() => services.get(Greeting)).toThrow('No service "test.greeting" is registered');
  });

  it('loads its code once for every caller', async () => {
    const services = new ServiceContainer();
    expect(services.load()).toBe(services.load());
    await services.load();
  });

  it('a lazy service loads its module with the first call, once, and answers through it', async () => {
    interface Api {
      hello(name: string): Promise<string>;
    }
    const ApiRef = createServiceRef<Api>('test.api');
    let loads = 0;
    const services = new ServiceContainer();
    services.provide(Greeting, 'hello');
    services.register(
      lazyService(ApiRef, async () => {
        loads += 1;
        return (resolver) => ({ hello: async (name) => `${resolver.get(Greeting)} ${name}` });
      }),
    );
    await services.load();
    const api = services.get(ApiRef);
    expect(loads).toBe(0);
    expect(await api.hello('Ann')).toBe('hello Ann');
    expect(await api.hello('Bo')).toBe('hello Bo');
    expect(loads).toBe(1);
    // Not a thenable: awaiting the service itself calls nothing.
    expect(await Promise.resolve(api)).toBe(api);
  });

  it('a lazy service whose module fails to load fails that call, and the next call loads again', async () => {
    interface Api {
      ping(): Promise<string>;
    }
    const ApiRef = createServiceRef<Api>('test.flaky');
    let attempts = 0;
    const services = new ServiceContainer();
    services.register(
      lazyService(ApiRef, async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('chunk failed');
        return () => ({ ping: async () => 'pong' });
      }),
    );
    await services.load();
    await expect(services.get(ApiRef).ping()).rejects.toThrow('chunk failed');
    await expect(services.get(ApiRef).ping()).resolves.toBe('pong');
  });
});
