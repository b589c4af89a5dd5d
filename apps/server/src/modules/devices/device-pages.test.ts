/**
 * The device list's pages against one plain ordered read of the same devices (issue 30): whatever
 * plan reads a page — the walk from the first row, the walk from a remembered boundary, the few
 * matches of a `like` filter collected first — it holds the rows `ORDER BY key, id LIMIT OFFSET`
 * holds, in every order the pages are asked in, and again after a change moves the rows.
 */
import { DEVICE_PATHS, type Device, encodeListParam, type ListPage, type Order } from '@vap/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executedRows } from '../../core/db/executed-rows.js';
import { addAccount } from '../../testing/accounts.js';
import { createTestApp, ENGINES, type TestApp } from '../../testing/harness.js';
import { FEW_MATCHES } from './device-pages.js';
import { DEVICE_SECRETS, generateUnits, storeUnits } from './factory.js';
import { call } from './test-support.js';

const DEVICES = 130;
const SIZE = 20;
const PAGES = Math.ceil(DEVICES / SIZE);

const listUrl = (page: number, orders: Order[], wheres: object[] = []) =>
  `${DEVICE_PATHS.devices}?page=${page}&size=${SIZE}&orders=${encodeURIComponent(encodeListParam(orders))}${
    wheres.length ? `&wheres=${encodeURIComponent(encodeListParam(wheres))}` : ''
  }`;

describe.each(ENGINES)('device list pages on %s', (engine) => {
  let t: TestApp;
  let headers: Record<string, string>;
  let companyId: number;

  /** The ids of the company's devices in one plain ordered read. */
  const ordered = async (orderBy: SQL, where: SQL = sql`true`) =>
    executedRows<{ id: number }>(
      await t.database.db.execute(
        sql`select id from devices where company_id = ${companyId} and ${where} order by ${orderBy}`,
      ),
    ).map((row) => Number(row.id));

  const pageIds = async (page: number, orders: Order[], wheres: object[] = []) => {
    const answer = await call(t, 'GET', listUrl(page, orders, wheres), headers);
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.json<ListPage<Device>>();
    return { ids: body.items.map((item) => item.id), total: body.total };
  };

  beforeAll(async () => {
    t = await createTestApp(engine);
    const owner = await addAccount(t, { company: 'own', verifyStatus: 2 });
    headers = owner.headers;
    companyId = owner.companyId as number;
    const units = generateUnits({ count: DEVICES, kind: 'ipc', seed: 'pages' });
    await storeUnits(t.database.db, t.secrets.box(DEVICE_SECRETS), units);
    // Names and last-online times shared by several devices (ties broken by id), a third never online.
    await t.database.db.execute(sql`
      insert into devices (unit_id, company_id, sn, kind, model, hardware_version, mac, name, firmware_version,
        last_online_at, bound_at)
      select id, ${companyId}::int, sn, kind, model, hardware_version, mac, 'cam' || (id % 17),
        firmware_version, case when id % 3 = 0 then null else timestamptz '2026-01-01' + (id % 11) * interval '1.000123 second' end,
        timestamptz '2026-01-01' + (id % 29) * interval '1.000001 second'
      from factory_units where sn like ${`${units[0]?.sn.slice(0, 10)}%`}`);
  }, 120_000);
  afterAll(() => t.close());

  const SORTS: Array<{ orders: Order[]; sql: SQL }> = [
    { orders: [{ k: 'bound_at', o: 'desc' }], sql: sql`bound_at desc, id desc` },
    { orders: [{ k: 'last_online_at', o: 'desc' }], sql: sql`last_online_at desc, id desc` },
    { orders: [{ k: 'last_online_at', o: 'asc' }], sql: sql`last_online_at asc, id asc` },
    { orders: [{ k: 'name', o: 'asc' }], sql: sql`name asc, id asc` },
  ];

  for (const sort of SORTS) {
    const [order] = sort.orders;
    it(`pages by ${order?.k} ${order?.o}, read forwards, backwards and again, hold the rows of one ordered read`, async () => {
      const expected = await ordered(sort.sql);
      expect(expected).toHaveLength(DEVICES);
      const asked = [
        ...Array.from({ length: PAGES }, (_, index) => index + 1),
        ...Array.from({ length: PAGES }, (_, index) => PAGES - index),
        4,
        4,
        6,
        2,
      ];
      for (const page of asked) {
        const { ids, total } = await pageIds(page, sort.orders);
        expect(ids, `page ${page}`).toEqual(expected.slice((page - 1) * SIZE, page * SIZE));
        expect(total).toBe(DEVICES);
      }
    });
  }

  it('a page holds each device exactly as its own read answers it: times to the millisecond, no group, the company name', async () => {
    const page = await call(t, 'GET', listUrl(1, [{ k: 'last_online_at', o: 'asc' }]), headers);
    const items = page.json<ListPage<Device>>().items;
    expect(items.some((item) => item.last_online_at === null)).toBe(false);
    const last = await call(t, 'GET', listUrl(PAGES, [{ k: 'last_online_at', o: 'asc' }]), headers);
    const all = [...items, ...last.json<ListPage<Device>>().items];
    expect(all.some((item) => item.last_online_at === null)).toBe(true);
    for (const item of all) {
      const own = await call(t, 'GET', DEVICE_PATHS.device(item.id), headers);
      expect(item).toEqual(own.json<Device>());
    }
  });

  it('a deep page read again after a change before it holds the rows as they are now', async () => {
    const orders: Order[] = [{ k: 'name', o: 'asc' }];
    // Read in turn, so that the boundaries before pages 4 and 5 are remembered.
    for (const page of [3, 4, 5]) await pageIds(page, orders);
    const [first] = await ordered(sql`name asc, id asc`);
    // The first device moves to the end: every later row moves one place up.
    const renamed = await call(t, 'PATCH', DEVICE_PATHS.device(first as number), headers, { name: 'zzz' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const expected = await ordered(sql`name asc, id asc`);
    for (const page of [5, 4, PAGES]) {
      expect((await pageIds(page, orders)).ids, `page ${page}`).toEqual(
        expected.slice((page - 1) * SIZE, page * SIZE),
      );
    }
  });

  it('the trigram indexes keep at most 64 kB of new names and serials unmerged, which every search reads whole', async () => {
    const other = await addAccount(t, { company: 'own', verifyStatus: 2 });
    const units = generateUnits({ count: 3000, kind: 'ipc', seed: 'pending' });
    await storeUnits(t.database.db, t.secrets.box(DEVICE_SECRETS), units);
    await t.database.db.execute(sql`
      insert into devices (unit_id, company_id, sn, kind, model, hardware_version, mac, name, firmware_version)
      select id, ${other.companyId as number}::int, sn, kind, model, hardware_version, mac, sn, firmware_version
      from factory_units where sn like ${`${units[0]?.sn.slice(0, 10)}%`}`);
    for (const index of ['devices_name_trgm', 'devices_sn_trgm']) {
      // The pages merged now are the pages a search would have read: 8 of 8 kB at most.
      const [merged] = executedRows<{ pages: number }>(
        await t.database.db.execute(sql`select gin_clean_pending_list(${index}::regclass)::int as pages`),
      );
      expect(Number(merged?.pages), index).toBeLessThanOrEqual(8);
    }
  });

  it(`a name filter of few matches (≤ ${FEW_MATCHES}: collected first, through their trigrams) answers them in order`, async () => {
    const orders: Order[] = [{ k: 'bound_at', o: 'desc' }];
    for (const fragment of ['cam1', 'cam']) {
      const expected = await ordered(sql`bound_at desc, id desc`, sql`name ilike ${`%${fragment}%`}`);
      expect(expected.length).toBeGreaterThan(SIZE);
      for (const page of [1, 2, 1]) {
        const { ids, total } = await pageIds(page, orders, [{ k: 'name', o: 'like', v: fragment }]);
        expect(ids, `${fragment}, page ${page}`).toEqual(expected.slice((page - 1) * SIZE, page * SIZE));
        expect(total).toBe(expected.length);
      }
    }
  });
});
