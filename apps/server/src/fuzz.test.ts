/**
 * The fuzz: every declared call (`@vap/contracts` DECLARED_CALLS, so calls added later are fuzzed
 * too) is sent hostile path parameters, query values, list filters and JSON bodies as the demo
 * owner, who passes every access check. Nothing of it may answer 5xx: the number of 5xx answers is
 * reported as a figure and must stay 0. Each call's query and body keys, and the filters of every
 * list, are read from its declared schemas.
 *
 * The hostile values are the ones that once were 500s (a NUL character, a lone UTF-16 surrogate
 * reaching jsonb, an instant before year 1 or past 9999 in UTC, an id past PostgreSQL's integer in
 * a list of ids, JSON nested thousands deep, a body that is not the gzip its Content-Encoding
 * names) and their neighbours, plus texts drawn from a seeded generator, so that a failure is
 * reproducible. Bodies start from a valid body
 * where the call has one in `VALID_BODIES`, so that the hostile field is the only thing wrong and
 * reaches the service and the database rather than stopping at validation.
 *
 * Every hostile body field and list filter value the call's own declared schema accepts is sent;
 * of those it refuses, which all stop in the one validation every call shares, a sample
 * (REFUSED_STRIDE). That took the run from about 34,000 requests per engine to about 10,500, the
 * values that reach a service unchanged.
 */
import {
  ACCOUNT_CALLS,
  AUTH_CALLS,
  CBS_CALLS,
  COMPANY_CALLS,
  checkWheres,
  DEVICE_CALLS,
  encodeListParam,
  FINANCE_CALLS,
  type FilterSpec,
  listQuerySchema,
  SYSTEM_CALLS,
} from '@vap/contracts';
import { eq, isNotNull, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { TokenService } from './core/auth/tokens.js';
import { devices, factoryUnits } from './core/db/devices.js';
import { roles } from './core/db/schema.js';
import { DEMO_OPERATOR, DEMO_OPERATOR_ROLE, md5Hex } from './seed.js';
import { userIdOf } from './testing/accounts.js';
import { type CallRoute, routeKey, routeOf, servedCalls } from './testing/declared-routes.js';
import { bearer, ENGINES, TEST_DEMO, type TestApp } from './testing/harness.js';
import { blockApp } from './testing/suite-app.js';

/** A declared call with the keys of its query and body, and a list's filters, from its schemas. */
interface Route extends CallRoute {
  queryKeys: string[];
  bodyKeys: string[];
  /** The declared body schema, the one the server checks a body against. */
  body?: z.ZodType;
  filters?: FilterSpec;
}

/** The keys of an object schema; of each of a union's objects (a body of several shapes). */
const keysOf = (schema: unknown): string[] => {
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape as Record<string, unknown>);
  if (schema instanceof z.ZodUnion) return [...new Set((schema.options as unknown[]).flatMap(keysOf))];
  return [];
};

/** The calls with what their schemas say: a list's query is spec §3's list query. */
const withSchemas = (calls: CallRoute[]): Promise<Route[]> =>
  Promise.all(
    calls.map(async (route) => {
      const schemas = await route.call.schemas();
      return {
        ...route,
        queryKeys: keysOf(schemas.list ? listQuerySchema : schemas.query),
        bodyKeys: keysOf(schemas.body),
        ...(schemas.body ? { body: schemas.body } : {}),
        ...(schemas.list ? { filters: schemas.list.filters } : {}),
      };
    }),
  );

/** A small seeded generator (mulberry32): the same texts on every run. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

/** Pieces the generated texts are made of: each kind of character that has caused trouble somewhere. */
const PIECES = [
  'a',
  '摄',
  '😀',
  '\ud800',
  '\udfff',
  '\u0000',
  '\u0001',
  '\u202e',
  '\ufeff',
  '%',
  '_',
  '\\',
  "'",
  '"',
  '<',
];

function generatedTexts(count: number): string[] {
  const random = seeded(19);
  return Array.from({ length: count }, () => {
    const length = 1 + Math.floor(random() * 12);
    return Array.from({ length }, () => PIECES[Math.floor(random() * PIECES.length)]).join('');
  });
}

const HOSTILE_TEXTS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udbff',
  '\udc00x',
  '\ude00\ud83d',
  '😀',
  '%',
  '%00',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  'x'.repeat(70_000),
  ...generatedTexts(24),
];

/** Instants around the ends of what the database stores, and malformed ones. */
const HOSTILE_INSTANTS = [
  '0000-01-01T00:00:00Z',
  '0000-12-31T23:59:59Z',
  '0001-01-01T00:00:00+00:01',
  '0001-01-01T00:00:00Z',
  '9999-12-31T23:59:59.999Z',
  '9999-12-31T23:59:59-14:00',
  '9999-12-31T23:59:59-00:01',
  '-000001-01-01T00:00:00Z',
  '+275760-09-13T00:00:00Z',
  '2024-02-30T00:00:00Z',
  '2024-01-01T24:00:00Z',
  '2024-01-01T00:00:00.123456789Z',
];

const HOSTILE_VALUES: unknown[] = [
  null,
  true,
  0,
  -1,
  1.5,
  2 ** 31,
  2 ** 53,
  1e308,
  -1e308,
  [],
  {},
  [null],
  [2 ** 31],
  [2 ** 53, -1],
  { $gt: '' },
  ...HOSTILE_TEXTS,
  ...HOSTILE_INSTANTS,
];

/** Query values as they travel: percent-encoded bytes, including what is not UTF-8. */
const HOSTILE_QUERY = [
  '',
  '%00',
  '%ED%A0%80',
  '%F0%9F%98',
  '%FF',
  '%',
  '%zz',
  '-1',
  '0',
  '1e309',
  '99999999999999999999',
  '0x10',
  '%201%20',
  'a'.repeat(9000),
  encodeURIComponent('😀'),
];

const HOSTILE_PARAMS = [
  '0',
  '-1',
  '1.5',
  '1e3',
  '99999999999999999999',
  '%00',
  '%ED%A0%80',
  '%20',
  'abc',
  'a'.repeat(100),
];

/** Every `{k, o}` pair any list accepts, each sent to every list. */
const filterPairs = (routes: Route[]): Array<[string, string]> =>
  [
    ...new Set(
      routes.flatMap(({ filters = {} }) =>
        Object.entries(filters).flatMap(([k, operators]) =>
          Object.keys(operators).map((o) => JSON.stringify([k, o])),
        ),
      ),
    ),
  ].map((pair) => JSON.parse(pair) as [string, string]);

/**
 * Of the refused values of one field, every REFUSED_STRIDE-th is sent: a value the declared schema
 * (or a list's whitelist) refuses stops in the one validation every call shares, so that sending
 * each of them would only lengthen the run. Every value the schema accepts is sent: it reaches the
 * service and the database, where the 500s were.
 */
const REFUSED_STRIDE = 8;

/** Of one field's hostile `values`, those worth sending (REFUSED_STRIDE); `accepted` counts the accepted ones. */
async function worthSending<T>(
  values: readonly T[],
  accepts: (value: T) => boolean | Promise<boolean>,
  accepted: { count: number },
): Promise<T[]> {
  const sent: T[] = [];
  let refused = 0;
  for (const value of values) {
    if (await accepts(value)) {
      accepted.count++;
      sent.push(value);
    } else if (refused++ % REFUSED_STRIDE === 0) sent.push(value);
  }
  return sent;
}

/** A value as the server reads it: what survives JSON (a lone surrogate does, `undefined` does not). */
const asSent = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

/**
 * Hostile filters for the `listIndex`-th list, accepting `filters`: in each pair it accepts, the
 * values of HOSTILE_VALUES worth sending; of the pairs it does not accept, every REFUSED_STRIDE-th,
 * shifted by the list's index so that, over REFUSED_STRIDE lists or more, every pair is refused by
 * some list — refused by key and operator before any value is read, so that more would only
 * lengthen the run.
 */
async function hostileWheres(
  pairs: Array<[string, string]>,
  listIndex: number,
  accepted: { count: number },
  filters: FilterSpec = {},
): Promise<unknown[][]> {
  const lists: unknown[][] = [];
  for (const [position, [k, o]] of pairs.entries()) {
    if (!(Object.hasOwn(filters, k) && Object.hasOwn(filters[k] ?? {}, o))) {
      if ((position + listIndex) % REFUSED_STRIDE === 0) lists.push([{ k, o, v: HOSTILE_VALUES[0] }]);
      continue;
    }
    const candidates: unknown[][] = HOSTILE_VALUES.flatMap((value) =>
      o === 'between'
        ? [[{ k, o, v: [value, '2030-01-01T00:00:00Z'] }], [{ k, o, v: ['2020-01-01T00:00:00Z', value] }]]
        : [[{ k, o, v: o === 'in' ? [value] : value }]],
    );
    const accepts = (wheres: unknown[]) => checkWheres(asSent(wheres) as unknown[], filters).ok;
    lists.push(...(await worthSending(candidates, accepts, accepted)));
  }
  lists.push([{ k: '\ud800', o: '=', v: 1 }], [{ k: 'id', o: '\u0000', v: 1 }], [null], [[]]);
  return lists;
}

/** The demo company's rows a route's path parameter names when its body is fuzzed. */
interface Rows {
  operatorId: number;
  operatorRoleId: number;
  /** A demo device and its group, and a unit of the registry no one has bound. */
  deviceId: number;
  groupId: number;
  freeUnit: { sn: string; deviceCode: string };
}

/** Valid bodies (and the row their path names), so that a fuzzed field is the only fault. */
const VALID_BODIES: Record<string, (rows: Rows) => { body: object; id?: number }> = {
  [routeOf(ACCOUNT_CALLS.updateProfile)]: () => ({ body: { nickname: '张三', remark: 'fuzz' } }),
  [routeOf(SYSTEM_CALLS.createRole)]: () => ({ body: { name: 'fuzz', menus: { dashboard: [] } } }),
  [routeOf(SYSTEM_CALLS.updateRole)]: (rows) => ({
    body: { name: DEMO_OPERATOR_ROLE.name, menus: DEMO_OPERATOR_ROLE.menus },
    id: rows.operatorRoleId,
  }),
  [routeOf(SYSTEM_CALLS.createUser)]: (rows) => ({
    body: {
      phone: '13900000019',
      password: md5Hex('fuzz-pass'),
      nickname: '李四',
      remark: '',
      role_id: rows.operatorRoleId,
    },
  }),
  [routeOf(SYSTEM_CALLS.editUser)]: (rows) => ({
    body: { nickname: DEMO_OPERATOR.nickname, email: '', remark: 'fuzz' },
    id: rows.operatorId,
  }),
  [routeOf(COMPANY_CALLS.updateCompany)]: () => ({ body: { title: 'fuzz' } }),
  [routeOf(DEVICE_CALLS.bind)]: (rows) => ({
    body: {
      mode: 'serial',
      sn: rows.freeUnit.sn,
      device_code: rows.freeUnit.deviceCode,
      group_id: rows.groupId,
    },
  }),
  [routeOf(DEVICE_CALLS.edit)]: (rows) => ({
    body: { name: 'fuzz', remark: 'fuzz' },
    id: rows.deviceId,
  }),
  [routeOf(DEVICE_CALLS.move)]: (rows) => ({
    body: { device_ids: [rows.deviceId], group_id: rows.groupId },
  }),
  [routeOf(DEVICE_CALLS.createGroup)]: () => ({ body: { name: 'fuzz', max_devices: 10 } }),
  [routeOf(DEVICE_CALLS.updateGroup)]: (rows) => ({
    body: { name: 'fuzz', max_devices: 500 },
    id: rows.groupId,
  }),
  [routeOf(DEVICE_CALLS.verify)]: (rows) => ({ body: { code: rows.freeUnit.sn } }),
  [routeOf(CBS_CALLS.open)]: (rows) => ({
    body: { device_ids: [rows.deviceId], service: 'cloud_backup', plan: 'free' },
  }),
  [routeOf(FINANCE_CALLS.requestInvoice)]: () => ({ body: { order_ids: [1] } }),
};

interface Call {
  method: string;
  url: string;
  payload?: string;
  /** The payload's Content-Encoding, where it claims one. */
  encoding?: string;
}

/** JSON nested far beyond the bound, as a text: JSON.stringify itself overflows on such a value. */
const deepJson = (depth: number) => `${'{"a":['.repeat(depth)}1${']}'.repeat(depth)}`;

/**
 * The hostile calls of one route; `listIndex`, a list's index among the lists (hostileWheres);
 * `pairs`, the list filters of every list; `accepted` counts the hostile values its declared
 * schemas accept.
 */
async function callsOf(
  route: Route,
  listIndex: number,
  rows: Rows,
  pairs: Array<[string, string]>,
  accepted: { count: number },
): Promise<Call[]> {
  const valid = VALID_BODIES[routeKey(route)]?.(rows);
  const path = (param: string) => route.url.replace(/:\w+/g, param).replace(/\*$/, param);
  const usual = path(String(valid?.id ?? 999999));
  const hasBody = ['POST', 'PUT', 'PATCH'].includes(route.method);
  const calls: Call[] = [];
  const call = (url: string, body?: unknown) =>
    calls.push({ method: route.method, url, ...(hasBody ? { payload: JSON.stringify(body ?? {}) } : {}) });

  if (/[:*]/.test(route.url)) for (const param of HOSTILE_PARAMS) call(path(param), valid?.body);
  for (const key of route.queryKeys) {
    if (key === 'wheres') {
      for (const wheres of await hostileWheres(pairs, listIndex, accepted, route.filters))
        call(`${usual}?wheres=${encodeURIComponent(encodeListParam(wheres))}`);
    } else for (const value of HOSTILE_QUERY) call(`${usual}?${key}=${value}`);
  }
  if (hasBody) {
    for (const body of [null, [], 'text', 1e308, [[[[[[[[[[[]]]]]]]]]]], { '\ud800': 1 }]) call(usual, body);
    for (const depth of [4_000, 10_000])
      calls.push({ method: route.method, url: usual, payload: deepJson(depth) });
    for (const encoding of ['gzip', 'deflate', 'br'])
      calls.push({ method: route.method, url: usual, payload: JSON.stringify(valid?.body ?? {}), encoding });
    const { body: schema } = route;
    const accepts = async (body: object) => !schema || (await schema.safeParseAsync(asSent(body))).success;
    const keys = new Set([...route.bodyKeys, ...Object.keys(valid?.body ?? {})]);
    for (const key of keys) {
      const bodies = HOSTILE_VALUES.map((value) => ({ ...valid?.body, [key]: value }));
      for (const body of await worthSending(bodies, accepts, accepted)) call(usual, body);
    }
  }
  return calls;
}

/**
 * At least this many hostile values must pass the declared schemas and reach a service (2,334 did
 * when the fuzz began to send refused values by REFUSED_STRIDE): a schema or a valid body that
 * changes so that the fuzz stops at validation fails here rather than passing on nothing.
 */
const ACCEPTED_AT_LEAST = 2_000;

/** Calls left out: signing out ends the session the next calls would use (each route gets its own anyway). */
const NOT_FUZZED = new Set([routeOf(AUTH_CALLS.logout)]);

describe.each(ENGINES)('fuzz of every declared call on %s', (engine) => {
  let t: TestApp;
  /** The declared calls this app serves. */
  let routes: Route[];
  let rows: Rows;
  let tokens: TokenService;
  let ownerId: number;

  blockApp(engine, async (app) => {
    t = app;
    const { db } = t.database;
    const [role] = await db
      .select({ id: roles.id })
      .from(roles)
      .where(eq(roles.name, DEMO_OPERATOR_ROLE.name));
    if (!role) throw new Error('no demo operator role');
    const [device] = await db
      .select({ id: devices.id, groupId: devices.groupId })
      .from(devices)
      .where(isNotNull(devices.groupId))
      .limit(1);
    const [freeUnit] = await db
      .select({ sn: factoryUnits.sn, deviceCode: factoryUnits.deviceCode })
      .from(factoryUnits)
      .leftJoin(devices, eq(devices.unitId, factoryUnits.id))
      .where(isNull(devices.id))
      .limit(1);
    if (!device?.groupId || !freeUnit) throw new Error('no demo devices');
    rows = {
      operatorId: await userIdOf(t, DEMO_OPERATOR.phone),
      operatorRoleId: role.id,
      deviceId: device.id,
      groupId: device.groupId,
      freeUnit,
    };
    ownerId = await userIdOf(t, TEST_DEMO.account);
    tokens = new TokenService(db, t.serverSecret, 3600);
    routes = await withSchemas(servedCalls((route) => t.app.hasRoute(route)));
  });

  it('finds the calls it fuzzes, and lists and bodies among them', () => {
    expect(routes.length).toBeGreaterThan(30);
    expect(routes.filter((route) => route.queryKeys.includes('wheres')).length).toBeGreaterThan(4);
    expect(filterPairs(routes).length).toBeGreaterThan(20);
    expect(routes.filter((route) => route.bodyKeys.length > 0).length).toBeGreaterThan(10);
    for (const key of Object.keys(VALID_BODIES)) expect(routes.map(routeKey)).toContain(key);
  });

  it('answers no hostile request with 5xx (the count of 5xx answers must stay 0)', async ({ annotate }) => {
    let requests = 0;
    const accepted = { count: 0 };
    const serverErrors: string[] = [];
    const pairs = filterPairs(routes);
    const fuzzed = routes.filter((candidate) => !NOT_FUZZED.has(routeKey(candidate)));
    const lists = fuzzed.filter((route) => route.queryKeys.includes('wheres'));
    expect(lists.length).toBeGreaterThanOrEqual(REFUSED_STRIDE);
    for (const route of fuzzed) {
      // A token of its own per route: a password change or a fuzzed sign-in revokes none of the others'.
      const headers = {
        ...bearer(await tokens.issue(ownerId)),
        'content-type': 'application/json',
        'accept-language': 'en',
      };
      for (const call of await callsOf(route, lists.indexOf(route), rows, pairs, accepted)) {
        const response = await t.app.inject({
          method: call.method as 'GET',
          url: call.url,
          headers:
            call.payload === undefined
              ? { ...headers, 'content-type': undefined }
              : { ...headers, ...(call.encoding ? { 'content-encoding': call.encoding } : {}) },
          ...(call.payload === undefined ? {} : { payload: call.payload }),
        });
        requests++;
        if (response.statusCode >= 500) {
          serverErrors.push(
            `${response.statusCode} ${call.method} ${call.url.slice(0, 300)} ${call.payload?.slice(0, 300) ?? ''}`,
          );
        }
      }
    }
    await annotate(
      `${requests} hostile requests on ${engine}, ${accepted.count} of their values accepted by the declared schemas: ${serverErrors.length} answered 5xx`,
    );
    expect(serverErrors.length, serverErrors.slice(0, 20).join('\n')).toBe(0);
    expect(requests).toBeGreaterThan(5000);
    expect(accepted.count).toBeGreaterThan(ACCEPTED_AT_LEAST);
  }, 600_000);
});
