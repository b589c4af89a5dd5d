/**
 * The tests of things published to devices (hologram parking's schemes, ad packages): the task
 * fixture on this server's own address — the devices fetch the files from it —, three simulated
 * units of the demo company on its broker, two that carry out their jobs (`shows`, `alsoShows`) and
 * one whose jobs fail (`fails`), a thing published to all three, and its deliveries as its page lists
 * them.
 */
import type { ListPage } from '@vap/contracts';
import type { Fleet } from '@vap/device-sim';
import { afterAll, beforeAll, expect } from 'vitest';
import { createTestApp, type Engine } from '../../testing/harness.js';
import type { Delivery } from './deliveries.js';
import { simulatedUnits, taskFixture, type Unit, until } from './test-support.js';

/** `deliveriesPath`: the path of a thing's deliveries, by its id. */
export function publishingFixture(engine: Engine, deliveriesPath: (id: number) => string) {
  const fixture = taskFixture((options) => createTestApp(engine, { ...options, publicUrl: '' }));
  const { state, call } = fixture;
  const units = {} as { fleet: Fleet; shows: Unit; alsoShows: Unit; fails: Unit };

  beforeAll(async () => {
    await fixture.setup();
    await state.t.app.listen({ port: 0, host: '127.0.0.1' });
    const [shows, alsoShows, fails] = state.units as [Unit, Unit, Unit];
    const fleet = await simulatedUnits(state.port, [shows, alsoShows, fails], (unit) =>
      unit === fails ? { jobFailureRate: 1 } : {},
    );
    Object.assign(units, { fleet, shows, alsoShows, fails });
  });
  afterAll(async () => {
    await units.fleet?.stop();
    await fixture.close();
  });

  /** The simulated device of a unit. */
  const simulated = (unit: Unit) => units.fleet.devices.find((device) => device.sn === unit.sn);

  const deliveries = async (id: number) => {
    const response = await call('GET', `${deliveriesPath(id)}?page=1&size=100`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ListPage<Delivery>>().items;
  };
  const deliveryOf = async (id: number, unit: Unit) => {
    const found = (await deliveries(id)).find((item) => item.sn === unit.sn);
    if (!found) throw new Error(`no delivery to ${unit.sn}`);
    return found;
  };
  /** A unit's delivery of a thing once it is in the state wanted, the engine ticked meanwhile. */
  async function settles(id: number, unit: Unit, wanted: Delivery['state']) {
    await until(async () => {
      await state.t.services.tasks.engine.tick();
      return (await deliveryOf(id, unit)).state === wanted;
    }, 15_000);
    return deliveryOf(id, unit);
  }

  /** Publishes a thing to the three units: its failed delivery, once the others have succeeded. */
  async function publishedToAll(id: number) {
    const published = await call('POST', deliveriesPath(id), {
      device_ids: [units.shows.id, units.alsoShows.id, units.fails.id],
    });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toEqual({ changed: 3 });
    expect(await settles(id, units.shows, 'success')).toMatchObject({ reason: null, attempts: 1 });
    await settles(id, units.alsoShows, 'success');
    const failed = await settles(id, units.fails, 'failed');
    expect(failed.reason).toBe('simulated_failure');
    return failed;
  }

  return { ...fixture, units, simulated, deliveryOf, settles, publishedToAll };
}
