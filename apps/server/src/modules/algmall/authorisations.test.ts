/**
 * Online authorisation (issue 31; spec §2.3 algmall_onauth, §4.3, §8): each device's authorisation
 * takes one from the company's orders, oldest first; its licence, signed by the server, reaches the
 * device simulator over the broker as a job; the simulator installs it, refuses it for an
 * unsupported model, or — told to — never answers, so that every state is reached: success, failed,
 * timeout, cancelled, and a retry. Each failed, cancelled or timed-out one gives its authorisation
 * back to its order; too few left is 409 `authorisation_insufficient` with nothing taken.
 */
import { randomUUID } from 'node:crypto';
import {
  ALGMALL_PATHS,
  AUTHORISATION_TIMEOUT_MINUTES,
  type Authorisation,
  type ListPage,
} from '@vap/contracts';
import type { Fleet } from '@vap/device-sim';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pluginWords } from '../../core/http/plugin-words.js';
import { createTestApp, ENGINES } from '../../testing/harness.js';
import { sheetOf } from '../../testing/xlsx-answers.js';
import { Ledger } from '../finance/index.js';
import { simulatedUnits, taskFixture, type Unit, until } from '../tasks/test-support.js';
import { ALGMALL_PAGE_MESSAGES } from './order-export.js';
import { algmallOrders } from './schema.js';
import { listQuery, loadProducts, testProduct } from './test-support.js';

describe.each(ENGINES)('online authorisation of the algorithm mall (spec §4.3) on %s', (engine) => {
  const fixture = taskFixture((options) => createTestApp(engine, options));
  const { state, call } = fixture;
  let fleet: Fleet;
  let productId = 0;
  /** Of the product's model: installs; hangs (never answers); of another model: refuses. */
  let installs: Unit;
  let hangs: Unit;
  let refuses: Unit;
  /** Never online: its authorisation waits, and can be cancelled. */
  let offline: Unit;

  beforeAll(async () => {
    await fixture.setup();
    const { t } = state;
    [installs, hangs] = fixture.twoOfOneModel();
    const other = state.units.find((unit) => unit.model !== installs.model);
    const spare = state.units.find((unit) => unit !== installs && unit !== hangs && unit !== other);
    if (!other || !spare) throw new Error('demo units missing');
    refuses = other;
    offline = spare;
    const ids = await loadProducts(t.database.db, [
      testProduct(
        'auth-helmets',
        { en: 'Helmets', zh: '安全帽' },
        { version: '2.1.0', kinds: ['ipc', 'nvr'], models: [installs.model], price_fen: 100 },
      ),
    ]);
    productId = ids['auth-helmets'] ?? 0;
    await new Ledger(t.database.db).post({
      companyId: state.companyId,
      kind: 'bank_transfer',
      amount: 10_000,
      reference: 'BANK',
    });
    fleet = await simulatedUnits(
      state.port,
      [installs, refuses, hangs],
      (unit) => (unit === hangs ? { licenceHangs: true } : {}),
      { licenceKey: t.services.algmall.licenceKey },
    );
  });
  afterAll(async () => {
    await fleet?.stop();
    await fixture.close();
  });

  const buy = async (quantity: number) => {
    const response = await call('POST', ALGMALL_PATHS.orders, {
      product_id: productId,
      quantity,
      request_id: randomUUID(),
    });
    expect(response.statusCode, response.body).toBe(201);
  };
  const orders = () =>
    state.t.database.db
      .select({
        purchased: algmallOrders.purchased,
        used: algmallOrders.used,
        returned: algmallOrders.returned,
      })
      .from(algmallOrders)
      .where(eq(algmallOrders.productId, productId))
      .orderBy(asc(algmallOrders.createdAt), asc(algmallOrders.id));
  const authorise = (units: Unit[]) =>
    call('POST', ALGMALL_PATHS.authorisations, {
      product_id: productId,
      device_ids: units.map((unit) => unit.id),
    });
  const list = async () => {
    const query = listQuery({ page: 1, size: 100, wheres: [{ k: 'product_id', o: '=', v: productId }] });
    const response = await call('GET', `${ALGMALL_PATHS.authorisations}?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ListPage<Authorisation>>().items;
  };
  const of = async (unit: Unit) => {
    const found = (await list()).find((item) => item.sn === unit.sn);
    if (!found) throw new Error(`no authorisation of ${unit.sn}`);
    return found;
  };
  /** Ticks the engine until the unit's authorisation is in `wanted`. */
  async function settles(unit: Unit, wanted: Authorisation['state']) {
    await until(async () => {
      await state.t.services.tasks.engine.tick();
      return (await of(unit)).state === wanted;
    }, 10_000);
    return of(unit);
  }

  it('takes one authorisation per device from the oldest orders first, and each device ends success, failed or timeout', async () => {
    await buy(2);
    await buy(2);
    const response = await authorise([installs, refuses, hangs]);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({ changed: 3 });
    // Oldest first: the first order is used up before the second is touched.
    expect((await orders()).map((order) => order.used)).toEqual([2, 1]);

    const success = await settles(installs, 'success');
    expect(success).toMatchObject({ mode: 'online', model: installs.model, reason: null });
    expect(success.order_number).toMatch(/^A\d{14}$/);
    // The simulator verified the server's signature and installed the licence for itself.
    const unit = fleet.devices.find((device) => device.sn === installs.sn);
    expect(unit?.licences.get('auth-helmets')).toMatchObject({
      sn: installs.sn,
      product: 'auth-helmets',
      version: '2.1.0',
    });

    const failed = await settles(refuses, 'failed');
    expect(failed).toMatchObject({ reason: 'unsupported_model', order_number: null });
    expect((await of(hangs)).state).toBe('in_progress');
    // The refused one's authorisation is back: 4 bought, 3 used, 1 returned.
    const afterRefusal = await orders();
    expect(afterRefusal.reduce((sum, order) => sum + order.returned, 0)).toBe(1);

    state.clock += (AUTHORISATION_TIMEOUT_MINUTES + 1) * 60_000;
    const timedOut = await settles(hangs, 'timeout');
    expect(timedOut.order_number).toBeNull();
    const after = await orders();
    expect(after.reduce((sum, order) => sum + order.returned, 0)).toBe(2);
    expect(after.reduce((sum, order) => sum + order.purchased - order.used + order.returned, 0)).toBe(3);
  });

  it('retries a failed one, taking an authorisation again, and refuses the retry when none are left', async () => {
    const before = await orders();
    const failed = await of(refuses);
    const retried = await call('POST', ALGMALL_PATHS.authorisationsRetry, { ids: [failed.id] });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toEqual({ changed: 1 });
    const used = (rows: typeof before) => rows.reduce((sum, order) => sum + order.used, 0);
    expect(used(await orders())).toBe(used(before) + 1);
    // The same model refuses it again: given back again, and its attempts count.
    await until(async () => {
      await state.t.services.tasks.engine.tick();
      const now = await of(refuses);
      return now.state === 'failed' && now.attempts === 2;
    }, 10_000);

    // Spend what is left, then a retry finds nothing to take: 409, nothing changes.
    const left = (await orders()).reduce(
      (sum, order) => sum + order.purchased - order.used + order.returned,
      0,
    );
    const spend = state.units.filter((unit) => ![installs, hangs, refuses].includes(unit)).slice(0, left);
    expect((await authorise(spend)).statusCode).toBe(201);
    const snapshot = await orders();
    const refused = await call('POST', ALGMALL_PATHS.authorisationsRetry, { ids: [(await of(refuses)).id] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'authorisation_insufficient' });
    expect(await orders()).toEqual(snapshot);
    expect((await of(refuses)).state).toBe('failed');
  });

  it('authorising more devices than remain is 409 authorisation_insufficient, and nothing is taken', async () => {
    const snapshot = await orders();
    const response = await authorise([installs]);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'authorisation_insufficient' });
    expect(await orders()).toEqual(snapshot);
  });

  it('cancels one waiting for its device, giving its authorisation back', async () => {
    await buy(1);
    expect((await authorise([offline])).statusCode).toBe(201);
    await state.t.services.tasks.engine.tick();
    const waiting = (await list()).find((item) => item.sn === offline.sn && item.state === 'in_progress');
    if (!waiting) throw new Error('no waiting authorisation');
    const before = await orders();
    const cancelled = await call('POST', ALGMALL_PATHS.authorisationsCancel, { ids: [waiting.id] });
    expect(cancelled.json()).toEqual({ changed: 1 });
    const after = (await list()).find((item) => item.id === waiting.id);
    expect(after).toMatchObject({ state: 'cancelled', order_number: null });
    const returned = (rows: typeof before) => rows.reduce((sum, order) => sum + order.returned, 0);
    expect(returned(await orders())).toBe(returned(before) + 1);
    // Cancelled twice is once.
    expect((await call('POST', ALGMALL_PATHS.authorisationsCancel, { ids: [waiting.id] })).json()).toEqual({
      changed: 0,
    });
    expect(returned(await orders())).toBe(returned(before) + 1);
  });

  it('a trial authorises one device for the product’s trial days, free, once per device and product', async () => {
    const { t } = state;
    const { 'auth-trial': trialProduct } = await loadProducts(t.database.db, [
      testProduct(
        'auth-trial',
        { en: 'Trial', zh: '试用' },
        { kinds: ['ipc', 'nvr'], price_fen: 100, trial_days: 7 },
      ),
    ]);
    const ordersBefore = await orders();
    const started = await call('POST', ALGMALL_PATHS.trials, {
      product_id: trialProduct,
      device_id: installs.id,
    });
    expect(started.statusCode, started.body).toBe(201);
    const trial = started.json<Authorisation>();
    expect(trial).toMatchObject({
      mode: 'online',
      state: 'in_progress',
      order_number: null,
      sn: installs.sn,
    });
    expect(Date.parse(trial.trial_until ?? '') - state.clock).toBe(7 * 86_400_000);
    await until(async () => {
      await t.services.tasks.engine.tick();
      const unit = fleet.devices.find((device) => device.sn === installs.sn);
      return unit?.licences.get('auth-trial')?.expires_at === trial.trial_until;
    }, 10_000);
    // Free: no order was touched.
    expect(await orders()).toEqual(ordersBefore);

    const again = await call('POST', ALGMALL_PATHS.trials, {
      product_id: trialProduct,
      device_id: installs.id,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'trial_used' });
    const none = await call('POST', ALGMALL_PATHS.trials, { product_id: productId, device_id: installs.id });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'trial_unavailable' });
  });

  it('offers the company’s devices to authorise, by serial, with whether each is online', async () => {
    const query = listQuery({ page: 1, size: 10, wheres: [{ k: 'sn', o: 'like', v: installs.sn }] });
    const response = await call('GET', `${ALGMALL_PATHS.devices}?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      items: [
        {
          id: installs.id,
          sn: installs.sn,
          name: expect.any(String),
          kind: expect.any(String),
          model: installs.model,
          online: true,
        },
      ],
      total: 1,
    });
  });

  it('exports the authorisations as .xlsx with the page’s words, the state in words', async () => {
    const response = await state.t.app.inject({
      method: 'GET',
      url: `/webapi${ALGMALL_PATHS.authorisationsExport}?${listQuery({ wheres: [{ k: 'sn', o: 'like', v: refuses.sn }] })}`,
      headers: { ...state.owner, 'accept-language': 'en' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { rows } = await sheetOf(response.rawPayload);
    const word = pluginWords(ALGMALL_PAGE_MESSAGES, 'en');
    expect(rows[0]?.[0]).toBe(word('authorisations.sn'));
    expect(rows.slice(1).map((row) => [row[0], row[4], row[5]])).toEqual([
      [refuses.sn, word('authorisations.states.failed'), 'unsupported_model'],
    ]);
  });

  it('publishes the licence key, and keeps licence jobs out of the device maintenance task list', async () => {
    const key = await state.t.app.inject({ method: 'GET', url: `/webapi${ALGMALL_PATHS.licenceKey}` });
    expect(key.json()).toEqual({ algorithm: 'Ed25519', key: state.t.services.algmall.licenceKey });
    const tasks = await call('GET', '/v1/dms/company/tasks?page=1&size=100');
    expect(tasks.statusCode, tasks.body).toBe(200);
    expect(tasks.json<{ items: { type: string }[] }>().items.map((task) => task.type)).not.toContain(
      'algorithm_licence',
    );
  });
});
