/**
 * The authorization matrix of issue 6: walks EVERY declared call (`@vap/contracts` DECLARED_CALLS,
 * so calls added by later issues too) and checks each against the access it declares: 401 without a
 * valid token unless it is declared public, 403 for a role lacking its page or button, 403 for a
 * caller who is not a company's owner at an owner call, and no data of another company in any
 * answer. Every /webapi route the app registers (collected through `onRoute`) must be a declared
 * call, served with the access and open-API flag it declares (the OpenAPI document included): an
 * undeclared route fails here, named. A new call needs no change here unless it acts on a row by id (then
 * FOREIGN_ROWS names whose row) or cannot be answered without a query (REQUIRED_QUERIES).
 *
 * Calls declaring `openApi: true` also accept requests signed with an access key; every other call
 * must refuse them like a request without a token, which is checked here too, with a key of the demo
 * company that holds every open operation.
 *
 * The caller of another company is a second company created here, with its own owner, a member whose
 * role grants only `dashboard`, and members whose roles grant one page and none of its buttons.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import {
  ACCESS_KEY_CALLS,
  type AccessKeyCreated,
  ADPKG_PATHS,
  ALGMALL_CALLS,
  ALGMALL_PATHS,
  type AnyCall,
  API_ROUTE_PATTERNS,
  CAMPAIGN_CALLS,
  COMPANY_CALLS,
  DEVICE_CALLS,
  HOLOGRAM_PATHS,
  type MenusMap,
  MQTT_CALLS,
  NOTICE_CALLS,
  type OpenOperation,
  RESOURCE_CALLS,
  SYSTEM_CALLS,
  TASK_CALLS,
  VIDEO_CALLS,
} from '@vap/contracts';
import { eq, getTableName, isNotNull } from 'drizzle-orm';
import type { PgColumn, PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { TokenService } from './core/auth/tokens.js';
import { deviceGroups, devices } from './core/db/devices.js';
import { companies, roles, users } from './core/db/schema.js';
import { type Access, type PageAccess, pagesOf } from './core/http/access.js';
import { LocalObjectBackend } from './core/storage/local-backend.js';
import { ObjectStore } from './core/storage/objects.js';
import { accessKeys } from './modules/access-keys/schema.js';
import { algmallOrders, algmallProducts } from './modules/algmall/schema.js';
import { campaigns, tradeInApplications } from './modules/campaigns/schema.js';
import { DEMO_GROUPS } from './modules/devices/demo.js';
import { messages } from './modules/notices/schema.js';
import { resourceLinks, resources } from './modules/resources/schema.js';
import { videoRecordings } from './modules/video/schema.js';
import { DEMO_COMPANY, DEMO_OPERATOR, DEMO_OPERATOR_ROLE, DEMO_OWNER_NICKNAME } from './seed.js';
import { signedHeaders } from './testing/access-keys.js';
import { addAccount, md5, pngOf, userIdOf } from './testing/accounts.js';
import { registeredRoutes, routeKey, routeOf, servedCalls } from './testing/declared-routes.js';
import { bearer, ENGINES, TEST_DEMO, type TestApp } from './testing/harness.js';
import { schemeFile } from './testing/scheme-files.js';
import { blockApp } from './testing/suite-app.js';

interface Route {
  /** The declared call's area and name with its route. */
  name: string;
  method: string;
  url: string;
  access: Access;
  openApi: boolean;
  call: AnyCall;
}

const nameOf = (route: Route) => route.name;
/** The name of the demo company's own resource: no other company's answer may hold it. */
const PRIVATE_RESOURCE = 'matrix-private-resource';
/** The tracking number of the demo company's trade-in application: no other company's answer may hold it. */
const PRIVATE_TRACKING = 'MATRIX-TRACKING-0042';
/**
 * A page route as each page it admits: one entry for `{ page, button? }`, one per alternative for
 * `{ anyOf }` — a role holding none of them is refused, and so is one holding an alternative's page
 * without its button.
 */
const pageEntries = (route: Route): Array<Route & { access: PageAccess }> =>
  typeof route.access === 'object' ? pagesOf(route.access).map((access) => ({ ...route, access })) : [];

/** Every /webapi route of the app, with what its config says. */
const REGISTERED = await registeredRoutes();
const registered = new Set(REGISTERED.map(routeKey));
/** The declared calls the app serves, with the access they declare, and the server's own routes. */
const ROUTES: Route[] = [
  ...servedCalls((route) => registered.has(routeKey(route))).map(({ name, method, url, call }) => ({
    name,
    method,
    url,
    access: call.access,
    openApi: call.openApi === true,
    call,
  })),
];
const SIGNED_IN = ROUTES.filter((route) => route.access !== 'public');
const PAGE_ROUTES = ROUTES.flatMap(pageEntries);
const BUTTON_ROUTES = PAGE_ROUTES.filter((route) => route.access.button !== undefined);
const PAGE_ONLY_ROUTES = PAGE_ROUTES.filter((route) => route.access.button === undefined);
const READS = ROUTES.filter((route) => route.method === 'GET');
const OWNER_ROUTES = ROUTES.filter((route) => route.access === 'owner');
const CLOSED_TO_KEYS = SIGNED_IN.filter((route) => !route.openApi);
/** The routes of the device area (spec §2.3 device pages). */
const DEVICE_ROUTES = PAGE_ROUTES.filter((route) => route.access.page.startsWith('device_'));

/** The demo company's rows that routes with an id in their path are aimed at. */
interface DemoRows {
  operatorId: number;
  operatorRoleId: number;
  ownerMessageId: number;
  objectPath: string;
  accessKeyId: string;
  /** A demo device in the demo company's first group, and that group. */
  deviceId: number;
  groupId: number;
  /** A demo device in its second group, and that group. */
  otherDeviceId: number;
  otherGroupId: number;
  /** An order of authorisations of the demo company, and its number. */
  orderId: number;
  orderNumber: string;
  /** A cloud video recording of the demo company's first-group device. */
  recordingId: number;
  /** One of the demo company's own resources, and a share link of it. */
  resourceId: number;
  resourceLinkId: number;
  /** A trade-in application of the demo company. */
  tradeInId: number;
}

/**
 * Whose row a path parameter names, per call: a row of the demo company, so that the other company's
 * calls aim at foreign data. Calls not listed get 999999 (no row).
 */
const FOREIGN_ROWS: Record<string, (rows: DemoRows) => string | number> = {
  [routeOf(SYSTEM_CALLS.setUserRoleByPost)]: (rows) => rows.operatorId,
  [routeOf(SYSTEM_CALLS.setUserRole)]: (rows) => rows.operatorId,
  [routeOf(SYSTEM_CALLS.editUser)]: (rows) => rows.operatorId,
  [routeOf(SYSTEM_CALLS.removeUser)]: (rows) => rows.operatorId,
  [routeOf(SYSTEM_CALLS.updateRole)]: (rows) => rows.operatorRoleId,
  [routeOf(SYSTEM_CALLS.deleteRole)]: (rows) => rows.operatorRoleId,
  [routeOf(NOTICE_CALLS.readMessage)]: (rows) => rows.ownerMessageId,
  [routeOf(COMPANY_CALLS.object)]: (rows) => rows.objectPath,
  [routeOf(ACCESS_KEY_CALLS.setKeyDisabled)]: (rows) => rows.accessKeyId,
  [routeOf(ACCESS_KEY_CALLS.removeKey)]: (rows) => rows.accessKeyId,
  [routeOf(DEVICE_CALLS.device)]: (rows) => rows.deviceId,
  [routeOf(DEVICE_CALLS.edit)]: (rows) => rows.deviceId,
  [routeOf(DEVICE_CALLS.unbindOne)]: (rows) => rows.deviceId,
  [routeOf(DEVICE_CALLS.updateGroup)]: (rows) => rows.groupId,
  [routeOf(DEVICE_CALLS.deleteGroup)]: (rows) => rows.groupId,
  [routeOf(ALGMALL_CALLS.order)]: (rows) => rows.orderId,
  [routeOf(VIDEO_CALLS.recording)]: (rows) => rows.recordingId,
  [routeOf(VIDEO_CALLS.download)]: (rows) => rows.recordingId,
  [routeOf(RESOURCE_CALLS.file)]: (rows) => rows.resourceId,
  [routeOf(RESOURCE_CALLS.share)]: (rows) => rows.resourceId,
  [routeOf(RESOURCE_CALLS.links)]: (rows) => rows.resourceId,
  [routeOf(RESOURCE_CALLS.revokeLink)]: (rows) => rows.resourceLinkId,
  [routeOf(RESOURCE_CALLS.updateResource)]: (rows) => rows.resourceId,
  [routeOf(RESOURCE_CALLS.deleteResource)]: (rows) => rows.resourceId,
  [routeOf(CAMPAIGN_CALLS.tradeInApplication)]: (rows) => rows.tradeInId,
};

/**
 * Bodies that get a write on a foreign row past validation, so that the service itself is tested; the
 * others get `{}`. `ownRoleId` is a role of the caller's company.
 */
const WRITE_BODIES: Record<string, (ownRoleId: number) => object> = {
  [routeOf(SYSTEM_CALLS.setUserRoleByPost)]: (ownRoleId) => ({ role_id: ownRoleId }),
  [routeOf(SYSTEM_CALLS.setUserRole)]: (ownRoleId) => ({ role_id: ownRoleId }),
  [routeOf(SYSTEM_CALLS.editUser)]: () => ({ nickname: '外来者', email: '', remark: 'forged' }),
  [routeOf(SYSTEM_CALLS.updateRole)]: () => ({ name: 'taken over', menus: { dashboard: [] } }),
  [routeOf(ACCESS_KEY_CALLS.setKeyDisabled)]: () => ({ disabled: true }),
  [routeOf(DEVICE_CALLS.edit)]: () => ({ name: '外来者' }),
  [routeOf(DEVICE_CALLS.updateGroup)]: () => ({ name: '外来者', max_devices: 100 }),
  [routeOf(TASK_CALLS.updateConfigTemplate)]: () => ({ name: '外来者', config: { osd: { text: 'x' } } }),
  [routeOf(RESOURCE_CALLS.share)]: () => ({ days: 7 }),
  [routeOf(RESOURCE_CALLS.updateResource)]: () => ({ category: 'other', name: '外来者', version: '9' }),
};

const hasBody = (method: string) => method === 'POST' || method === 'PUT' || method === 'PATCH';
const isWriteOnRow = (route: Route) => route.method !== 'GET' && /[:*]/.test(route.url);

describe.each(ENGINES)('authorization matrix (issue 6) on %s', (engine) => {
  let t: TestApp;
  let rows: DemoRows;
  /** Strings found only in the demo company's data. */
  let markers: string[];
  /** The second company: its owner, a dashboard-only member, and a role of it. */
  let other: { owner: Record<string, string>; dashboardOnly: Record<string, string>; roleId: number };
  /** A signed-in user without a company. */
  let homeless: Record<string, string>;
  /** An access key of the demo company holding every open operation. */
  let demoKey: AccessKeyCreated;
  const pageHolders = new Map<PageAccess['page'], Record<string, string>>();
  /** The devices of the demo company and its downstream company (names and groups). */
  let demoDevices: Array<{ name: string; groupId: number | null }>;
  /** A member of the demo company whose role holds every device page and button, limited to its first group. */
  let oneGroup: Record<string, string>;

  blockApp(engine, async (app) => {
    t = app;
    const { db } = t.database;
    const [demoCompany] = await db.select({ id: companies.id }).from(companies).limit(1);
    const [operatorRole] = await db
      .select({ id: roles.id })
      .from(roles)
      .where(eq(roles.name, DEMO_OPERATOR_ROLE.name));
    if (!demoCompany || !operatorRole) throw new Error('no demo data');
    const ownerId = await userIdOf(t, TEST_DEMO.account);
    const messageTitle = `demo-only-message-${randomBytes(4).toString('hex')}`;
    const messageId = await insertedId(messages, {
      userId: ownerId,
      title: messageTitle,
      content: messageTitle,
    });
    const demoOwner = bearer(await t.signIn());
    const operations = await t.app.inject({
      method: 'GET',
      url: `/webapi${ACCESS_KEY_CALLS.operations.path}`,
      headers: demoOwner,
    });
    const created = await t.app.inject({
      method: 'POST',
      url: `/webapi${ACCESS_KEY_CALLS.createKey.path}`,
      headers: demoOwner,
      payload: {
        bandwidth_mbps: 1,
        is_access_all_group: true,
        operations: operations.json<{ items: OpenOperation[] }>().items.map((operation) => operation.id),
      },
    });
    if (created.statusCode !== 200) throw new Error(`no access key: ${created.body}`);
    demoKey = created.json<AccessKeyCreated>();
    const image = pngOf();
    const objectPath = `logo/${demoCompany.id}_${md5(image)}.png`;
    await putObject(objectPath, image, 'image/png', demoCompany.id);
    const demoGroups = await db
      .select({ id: deviceGroups.id })
      .from(deviceGroups)
      .where(eq(deviceGroups.companyId, demoCompany.id))
      .orderBy(deviceGroups.id);
    const deviceIn = async (groupId: number) => {
      const [device] = await db
        .select({ id: devices.id })
        .from(devices)
        .where(eq(devices.groupId, groupId))
        .limit(1);
      if (!device) throw new Error(`no demo device in group ${groupId}`);
      return device.id;
    };
    const [firstGroup, secondGroup] = demoGroups.map((group) => group.id);
    if (firstGroup === undefined || secondGroup === undefined) throw new Error('no demo groups');
    demoDevices = await db
      .select({ name: devices.name, groupId: devices.groupId })
      .from(devices)
      .innerJoin(companies, eq(companies.id, devices.companyId));
    const [product] = await db.select({ id: algmallProducts.id }).from(algmallProducts).limit(1);
    const [order] = await db
      .insert(algmallOrders)
      .values({
        companyId: demoCompany.id,
        number: 'A20261128999999',
        productId: product?.id ?? 0,
        purchased: 3,
        amount: 300,
        priceFen: 100,
        requestId: randomUUID(),
      })
      .returning({ id: algmallOrders.id, number: algmallOrders.number });
    if (!order) throw new Error('no demo order');
    const firstDevice = await deviceIn(firstGroup);
    const clip = Buffer.from('recording');
    const recordingPath = `recording/${demoCompany.id}_${md5(clip)}.mp4`;
    await putObject(recordingPath, clip, 'video/mp4', demoCompany.id);
    const recordingId = await insertedId(videoRecordings, {
      companyId: demoCompany.id,
      deviceId: firstDevice,
      path: recordingPath,
      startedAt: new Date(),
      endedAt: new Date(),
      size: clip.length,
      md5: md5(clip),
    });
    const resourceId = await insertedId(resources, {
      companyId: demoCompany.id,
      category: 'manual',
      name: { 'zh-CN': PRIVATE_RESOURCE, en: PRIVATE_RESOURCE, 'zh-TW': PRIVATE_RESOURCE },
      description: { 'zh-CN': '', en: '', 'zh-TW': '' },
      version: '1',
      path: `resource/${demoCompany.id}_${'0'.repeat(32)}.bin`,
      fileName: 'private.bin',
      size: 1,
      md5: '0'.repeat(32),
    });
    const resourceLinkId = await insertedId(resourceLinks, {
      companyId: demoCompany.id,
      kind: 'share',
      resourceId,
      tokenHash: 'f'.repeat(64),
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    const [campaign] = await db.select({ id: campaigns.id }).from(campaigns).limit(1);
    const tradeInId = await insertedId(tradeInApplications, {
      companyId: demoCompany.id,
      campaignId: campaign?.id ?? 0,
      lines: [],
      trackingNumber: PRIVATE_TRACKING,
      vouchers: 0,
      voucherValueFen: 1_000,
      voucherValidDays: 365,
      submittedAt: new Date(),
    });
    rows = {
      tradeInId,
      recordingId,
      resourceId,
      resourceLinkId,
      orderId: order.id,
      orderNumber: order.number,
      operatorId: await userIdOf(t, DEMO_OPERATOR.phone),
      operatorRoleId: operatorRole.id,
      ownerMessageId: messageId,
      objectPath,
      accessKeyId: demoKey.id,
      deviceId: firstDevice,
      groupId: firstGroup,
      otherDeviceId: await deviceIn(secondGroup),
      otherGroupId: secondGroup,
    };
    markers = [
      rows.orderNumber,
      PRIVATE_RESOURCE,
      PRIVATE_TRACKING,
      TEST_DEMO.account,
      TEST_DEMO.email,
      DEMO_COMPANY.name,
      DEMO_OWNER_NICKNAME,
      DEMO_OPERATOR.phone,
      DEMO_OPERATOR.email,
      DEMO_OPERATOR.nickname,
      DEMO_OPERATOR_ROLE.name,
      messageTitle,
      ...demoDevices.map((device) => device.name),
      ...DEMO_GROUPS.map((group) => group.name),
    ];

    const owner = await addAccount(t, { company: 'own', verifyStatus: 2 });
    const companyId = owner.companyId ?? 0;
    // Every product on, as the demo company has them: a product's routes then answer its pages.
    await db
      .update(companies)
      .set({ cbs: 0, lvlmLab: 0, rsrcMgt: 0, voip: 0 })
      .where(eq(companies.id, companyId));
    const roleId = await addRole(companyId, { dashboard: [] });
    /** A member of the second company holding a role of these menus. */
    const member = async (menus: MenusMap) => {
      const account = await addAccount(t, { company: 'none' });
      const roleId = await addRole(companyId, menus);
      await db.update(users).set({ companyId, roleId }).where(eq(users.id, account.userId));
      return account.headers;
    };
    other = { owner: owner.headers, dashboardOnly: await member({ dashboard: [] }), roleId };
    homeless = (await addAccount(t, { company: 'none' })).headers;
    for (const { access } of PAGE_ROUTES) {
      if (!pageHolders.has(access.page)) pageHolders.set(access.page, await member({ [access.page]: [] }));
    }
    const deviceMenus: Record<string, string[]> = {};
    for (const { access } of DEVICE_ROUTES) {
      deviceMenus[access.page] = [
        ...new Set([...(deviceMenus[access.page] ?? []), ...(access.button ? [access.button] : [])]),
      ];
    }
    // The algorithm mall's device picker, online authorisation and trials act on devices too.
    deviceMenus.algmall_onauth = ['add'];
    deviceMenus.algmall_product_list = ['trial'];
    deviceMenus.hologram_parking = ['add', 'edit'];
    deviceMenus.adpkg_management = ['add', 'publish'];
    const limitedRoleId = await insertedId(roles, {
      companyId: demoCompany.id,
      name: 'matrix-one-group',
      menus: deviceMenus,
      groupIds: [rows.groupId],
    });
    const limited = await addAccount(t, { company: 'demo', roleId: limitedRoleId });
    oneGroup = limited.headers;
  });

  /** Stores an object of a company, as its upload would have. */
  const putObject = (path: string, bytes: Buffer, type: string, companyId: number) =>
    new ObjectStore(t.database.db, new LocalObjectBackend(t.dataDir), t.serverSecret).put(
      path,
      bytes,
      type,
      companyId,
    );

  /** Inserts a row of the demo company (or the second company) and answers its id. */
  async function insertedId<T extends PgTable & { id: PgColumn }>(table: T, values: PgInsertValue<T>) {
    const [row] = await t.database.db.insert(table).values(values).returning({ id: table.id });
    if (!row) throw new Error(`no row of ${getTableName(table)}`);
    return Number(row.id);
  }

  let roleCounter = 0;
  const addRole = (companyId: number, menus: MenusMap) =>
    insertedId(roles, { companyId, name: `matrix-role-${++roleCounter}`, menus });

  /** The route's URL with its path parameters filled: a demo company row where listed, else 999999. */
  function urlOf(route: Route): string {
    const fill = String(FOREIGN_ROWS[routeKey(route)]?.(rows) ?? 999999);
    return route.url.replace(/:\w+/g, fill).replace(/\*$/, fill) + (REQUIRED_QUERIES[routeKey(route)] ?? '');
  }

  /** The query a route cannot answer without (anything else is sent bare). */
  const REQUIRED_QUERIES: Record<string, string> = {
    [routeOf(DEVICE_CALLS.importTemplate)]: '?mode=plain',
    // A link of no key: refused as an invalid link, past validation.
    [routeOf(ACCESS_KEY_CALLS.deviceManagerDevices)]: '?key_id=AAAAAAAAAAAAAAAA&expires=1&signature=00',
    ...Object.fromEntries(
      [MQTT_CALLS.clientSeries, MQTT_CALLS.subscriptionSeries, MQTT_CALLS.publishSeries].map((series) => [
        routeOf(series),
        `?from=${new Date(Date.now() - 86_400_000).toISOString()}&to=${new Date().toISOString()}&step=3600`,
      ]),
    ),
  };

  const call = (route: Route, headers: Record<string, string> = {}, payload?: object) =>
    t.app.inject({
      method: route.method as 'GET',
      url: urlOf(route),
      headers,
      payload: hasBody(route.method) ? (payload ?? {}) : undefined,
    });

  const foreignMarkersIn = (body: string) => markers.filter((marker) => body.includes(marker));

  it('registers every /webapi path from the path tables of @vap/contracts, which the console calls too', () => {
    const patterns = new Set(API_ROUTE_PATTERNS.map((pattern) => `/webapi${pattern}`));
    const outside = REGISTERED.map((route) => route.url.replace(/\/\*$/, '')).filter(
      (url) => !patterns.has(url),
    );
    expect(outside).toEqual([]);
  });

  it('finds the routes it walks', () => {
    expect(SIGNED_IN.length).toBeGreaterThan(10);
    expect(PAGE_ROUTES.length).toBeGreaterThan(0);
    expect(BUTTON_ROUTES.length).toBeGreaterThan(0);
  });

  describe('the routes it walks are the declared calls', () => {
    it.each(REGISTERED.map((route) => [routeKey(route), route] as const))(
      '%s is a declared call served with its declared access and open-API flag',
      (key, route) => {
        const declared = ROUTES.find((walked) => routeKey(walked) === key);
        expect(declared, `${key} is registered, but no call declares it (@vap/contracts)`).toBeDefined();
        expect(route.config.access).toEqual(declared?.access);
        expect(route.config.openApi === true).toBe(declared?.openApi);
      },
    );
  });

  describe('every signed-in route refuses a caller without a valid token (401)', () => {
    it.each(SIGNED_IN.map((route) => [nameOf(route), route] as const))('%s', async (_name, route) => {
      const forged = await new TokenService(t.database.db, randomBytes(32).toString('hex'), 600).issue(
        rows.operatorId,
      );
      for (const headers of [
        {},
        { authorization: 'Bearer not-a-token' },
        { authorization: 'Basic MTM4MDAxMzgwMDA6eA==' },
        bearer(forged),
      ]) {
        const response = await call(route, headers);
        expect(response.statusCode, `with ${JSON.stringify(headers)}`).toBe(401);
        expect(response.json().code).toBe('unauthorized');
      }
    });
  });

  describe('every page route refuses a role without its page (403)', () => {
    it.each(PAGE_ROUTES.map((route) => [nameOf(route), route] as const))('%s', async (_name, route) => {
      const response = await call(route, other.dashboardOnly);
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('forbidden');
    });
  });

  describe('every page route refuses a user without a company, who holds no role (403)', () => {
    it.each(PAGE_ROUTES.map((route) => [nameOf(route), route] as const))('%s', async (_name, route) => {
      const response = await call(route, homeless);
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('forbidden');
    });
  });

  describe('every button route refuses a role with the page but not the button (403)', () => {
    it.each(BUTTON_ROUTES.map((route) => [nameOf(route), route] as const))('%s', async (_name, route) => {
      const response = await call(route, pageHolders.get(route.access.page) ?? {});
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('forbidden');
    });
  });

  describe('every owner route refuses a signed-in user who is not a company owner (403)', () => {
    it.each(OWNER_ROUTES.map((route) => [nameOf(route), route] as const))('%s', async (_name, route) => {
      for (const caller of [other.dashboardOnly, homeless]) {
        const response = await call(route, caller);
        expect(response.statusCode).toBe(403);
        expect(response.json().code).toBe('forbidden');
      }
    });
  });

  describe('every route not opted in to the open API refuses a request signed with an access key (401)', () => {
    it.each(CLOSED_TO_KEYS.map((route) => [nameOf(route), route] as const))('%s', async (_name, route) => {
      const url = urlOf(route);
      const body = hasBody(route.method) ? '{}' : undefined;
      const response = await t.app.inject({
        method: route.method as 'GET',
        url,
        headers: {
          ...signedHeaders(demoKey, { method: route.method, url, body }),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        payload: body,
      });
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('unauthorized');
    });
  });

  describe('every page route without a button admits a role with the page', () => {
    it.each(PAGE_ONLY_ROUTES.map((route) => [nameOf(route), route] as const))('%s', async (_name, route) => {
      const response = await call(route, pageHolders.get(route.access.page) ?? {});
      expect(response.statusCode).not.toBe(401);
      expect(response.statusCode).not.toBe(403);
    });
  });

  describe("no read gives another company's owner the demo company's data (2xx own data, 403 or 404)", () => {
    it.each(READS.map((route) => [nameOf(route), route] as const))('%s', async (_name, route) => {
      const response = await call(route, other.owner);
      expect([200, 201, 204, 403, 404]).toContain(response.statusCode);
      expect(foreignMarkersIn(response.body)).toEqual([]);
    });
  });

  describe("no write on a demo company's row by another company's owner succeeds (403 or 404)", () => {
    it.each(ROUTES.filter(isWriteOnRow).map((route) => [nameOf(route), route] as const))(
      '%s',
      async (_name, route) => {
        const response = await call(route, other.owner, WRITE_BODIES[routeKey(route)]?.(other.roleId));
        expect(foreignMarkersIn(response.body)).toEqual([]);
        if (FOREIGN_ROWS[routeKey(route)]) expect([403, 404]).toContain(response.statusCode);
        else expect(response.statusCode).toBeGreaterThanOrEqual(400);
      },
    );

    it('leaves the demo rows as they were', async () => {
      const { db } = t.database;
      const [operator] = await db
        .select({ roleId: users.roleId, companyId: users.companyId })
        .from(users)
        .where(eq(users.id, rows.operatorId));
      expect(operator?.roleId).toBe(rows.operatorRoleId);
      expect(operator?.companyId).not.toBeNull();
      const [role] = await db
        .select({ name: roles.name })
        .from(roles)
        .where(eq(roles.id, rows.operatorRoleId));
      expect(role?.name).toBe(DEMO_OPERATOR_ROLE.name);
      const [message] = await db
        .select({ state: messages.state })
        .from(messages)
        .where(eq(messages.id, rows.ownerMessageId));
      expect(message?.state).toBe(0);
      const [key] = await db
        .select({ disabled: accessKeys.disabled })
        .from(accessKeys)
        .where(eq(accessKeys.id, rows.accessKeyId));
      expect(key?.disabled).toBe(false);
      const [device] = await db.select().from(devices).where(eq(devices.id, rows.deviceId));
      expect(demoDevices.map((demo) => demo.name)).toContain(device?.name);
      const [group] = await db.select().from(deviceGroups).where(eq(deviceGroups.id, rows.groupId));
      expect(DEMO_GROUPS.map((demo) => demo.name as string)).toContain(group?.name);
    });
  });
  describe('a role limited to one group reaches no device or group outside it (issue 14)', () => {
    /** Names of the demo devices outside the role's group: no answer may carry one. */
    const outsideNames = () =>
      demoDevices.filter((device) => device.groupId !== rows.groupId).map((device) => device.name);
    const insideNames = () =>
      demoDevices.filter((device) => device.groupId === rows.groupId).map((device) => device.name);

    it('finds the device routes it walks', () => {
      expect(DEVICE_ROUTES.length).toBeGreaterThanOrEqual(12);
    });

    it.each(
      DEVICE_ROUTES.filter((route) => route.method === 'GET').map((route) => [nameOf(route), route] as const),
    )('reads of %s show nothing outside the group', async (_name, route) => {
      const url =
        route.url.replace(/:\w+/g, String(rows.otherDeviceId)) +
        (REQUIRED_QUERIES[routeKey(route)] ?? (route.url.includes(':') ? '' : '?size=100'));
      const response = await t.app.inject({ method: 'GET', url, headers: oneGroup });
      expect([200, 404]).toContain(response.statusCode);
      expect(outsideNames().filter((name) => response.body.includes(name))).toEqual([]);
      if (String(response.headers['content-type']).includes('spreadsheetml')) {
        // A workbook is zipped: its cells are read, not its bytes.
        const book = new ExcelJS.Workbook();
        await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
        const cells: string[] = [];
        book.eachSheet((sheet) => sheet.eachRow((row) => cells.push(JSON.stringify(row.values))));
        expect(outsideNames().filter((name) => cells.some((cell) => cell.includes(name)))).toEqual([]);
      }
    });

    it('lists the devices of its group', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/webapi/v1/dms/company/devices?size=100',
        headers: oneGroup,
      });
      expect(response.json().total).toBe(insideNames().length);
    });

    it.each(
      DEVICE_ROUTES.filter((route) => route.method !== 'GET' && /:\w+/.test(route.url)).map(
        (route) => [nameOf(route), route] as const,
      ),
    )('%s on a device or group outside it is refused (403 or 404)', async (_name, route) => {
      const target = route.url.includes('/groups/') ? rows.otherGroupId : rows.otherDeviceId;
      const response = await t.app.inject({
        method: route.method as 'PATCH',
        url: route.url.replace(/:\w+/g, String(target)),
        headers: oneGroup,
        payload: hasBody(route.method) ? (WRITE_BODIES[routeKey(route)]?.(other.roleId) ?? {}) : undefined,
      });
      expect([403, 404]).toContain(response.statusCode);
    });

    it.each([DEVICE_CALLS.move, DEVICE_CALLS.unbind].map((call) => [routeOf(call), call] as const))(
      '%s of a device outside it is refused (404)',
      async (_name, call) => {
        const response = await t.app.inject({
          method: 'POST',
          url: `/webapi${call.path}`,
          headers: oneGroup,
          // Into the role's own group: the device alone is what is refused.
          payload: { device_ids: [rows.otherDeviceId], group_id: rows.groupId },
        });
        expect(response.statusCode).toBe(404);
      },
    );

    /** A page's choice of devices (`path`) offers those of the group, and no other. */
    async function offersTheGroup(path: string) {
      const offered = await t.app.inject({
        method: 'GET',
        url: `/webapi${path}?page=1&size=100`,
        headers: oneGroup,
      });
      expect(offered.statusCode, offered.body).toBe(200);
      expect(outsideNames().filter((name) => offered.body.includes(name))).toEqual([]);
      expect(offered.json<{ total: number }>().total).toBe(insideNames().length);
    }

    it('the algorithm mall offers, authorises and tries only devices of its group', async () => {
      await offersTheGroup(ALGMALL_PATHS.devices);
      // One with a trial: a trial of one without is refused for that before its device is looked at.
      const [product] = await t.database.db
        .select({ id: algmallProducts.id })
        .from(algmallProducts)
        .where(isNotNull(algmallProducts.trialDays))
        .limit(1);
      for (const [path, payload] of [
        [ALGMALL_PATHS.authorisations, { product_id: product?.id, device_ids: [rows.otherDeviceId] }],
        [ALGMALL_PATHS.trials, { product_id: product?.id, device_id: rows.otherDeviceId }],
      ] as const) {
        const refused = await t.app.inject({
          method: 'POST',
          url: `/webapi${path}`,
          headers: oneGroup,
          payload,
        });
        expect(refused.statusCode, `${path}: ${refused.body}`).toBe(404);
      }
    });

    /** Hologram parking's and ad packages' pages: a thing of a stored file, published to devices. */
    const PUBLISHING = [
      {
        name: 'hologram parking',
        paths: {
          devices: HOLOGRAM_PATHS.devices,
          things: HOLOGRAM_PATHS.schemes,
          to: HOLOGRAM_PATHS.deliveries,
        },
        file: async (companyId: number) => {
          const bytes = await schemeFile();
          return { path: `hologram/${companyId}_${md5(bytes)}.tar`, bytes, type: 'application/x-tar' };
        },
        thing: (file: string) => ({ name: 'Group scheme', site: 'Gate', file }),
      },
      {
        name: 'ad packages',
        paths: { devices: ADPKG_PATHS.devices, things: ADPKG_PATHS.packages, to: ADPKG_PATHS.deliveries },
        file: async (companyId: number) => {
          const bytes = pngOf(10, 30);
          return { path: `adpkg/${companyId}_${md5(bytes)}.png`, bytes, type: 'image/png' };
        },
        thing: (file: string) => ({
          name: 'Group package',
          top_share: 50,
          items: [{ type: 'image', file, resource_name: 'a', seconds: 5 }],
        }),
      },
    ];

    it.each(PUBLISHING.map((product) => [product.name, product] as const))(
      '%s offers, and publishes to, only devices of its group',
      async (_name, { paths, file, thing }) => {
        await offersTheGroup(paths.devices);
        const [company] = await t.database.db
          .select({ companyId: devices.companyId })
          .from(devices)
          .where(eq(devices.id, rows.otherDeviceId));
        const companyId = company?.companyId ?? 0;
        const stored = await file(companyId);
        await putObject(stored.path, stored.bytes, stored.type, companyId);
        const created = await t.app.inject({
          method: 'POST',
          url: `/webapi${paths.things}`,
          headers: oneGroup,
          payload: thing(stored.path),
        });
        expect(created.statusCode, created.body).toBe(201);
        const refused = await t.app.inject({
          method: 'POST',
          url: `/webapi${paths.to(created.json<{ id: number }>().id)}`,
          headers: oneGroup,
          payload: { device_ids: [rows.otherDeviceId] },
        });
        expect(refused.statusCode, refused.body).toBe(404);
      },
    );

    it('leaves the demo devices outside the group as they were', async () => {
      const [device] = await t.database.db.select().from(devices).where(eq(devices.id, rows.otherDeviceId));
      expect(device?.groupId).toBe(rows.otherGroupId);
      expect(outsideNames()).toContain(device?.name);
    });
  });
});
