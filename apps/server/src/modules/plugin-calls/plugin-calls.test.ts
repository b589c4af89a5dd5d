import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type AnyCall,
  CallRefusal,
  declareCalls,
  definePluginServer,
  handle,
  type PluginCaller,
  pluginPage,
} from '@vap/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { roles, users } from '../../core/db/schema.js';
import { addAccount } from '../../testing/accounts.js';
import { bearer, ENGINES, type TestApp } from '../../testing/harness.js';
import { deviceMapManifest } from '../../testing/plugin-manifests.js';
import { blockApp } from '../../testing/suite-app.js';
import { PluginServerError, pluginCallsModule, readPluginServers, refusalOfCall } from './index.js';

const PAGE = 'device-map_view';

/** A third party's schemas module, loaded with the plugin's first call. */
const schemas = {
  pinParams: z.object({ id: z.coerce.number().int().positive() }),
  pinBody: z.object({ label: z.string().min(1).max(20) }),
  pin: z.object({
    id: z.number(),
    label: z.string(),
    user_id: z.number(),
    company_id: z.number().nullable(),
  }),
};

const CALLS = declareCalls(async () => schemas, {
  renamePin: {
    method: 'PUT',
    path: '/plugins/device-map/pins/:id',
    access: { page: pluginPage(PAGE) },
    errors: [404],
    tags: ['device-map'],
    summary: 'Renames a pin of the map',
    schemas: (s) => ({ params: s.pinParams, body: s.pinBody, response: s.pin }),
  },
});

const callers: PluginCaller[] = [];
const server = definePluginServer('device-map', [
  handle(CALLS.renamePin, ({ params, body }, caller) => {
    callers.push(caller);
    if (params.id === 404) throw new CallRefusal(404, 'not_found');
    if (params.id === 500) throw new Error('the plugin broke');
    return { id: params.id, label: body.label, user_id: caller.userId, company_id: caller.companyId };
  }),
]);

const manifest = deviceMapManifest({
  pages: [
    {
      name: PAGE,
      buttons: [],
      keepAlive: false,
      affix: false,
      menu: { dir: 'device', path: 'map', title: 'device-map:menu.view', icon: '', sort: 900, buttons: {} },
    },
  ],
});

describe.each(ENGINES)("a plugin's own calls on %s", (engine) => {
  let t: TestApp;
  let owner: Record<string, string>;

  const rename = (id: number, payload: unknown, headers: Record<string, string> = owner) =>
    t.app.inject({
      method: 'PUT',
      url: `/webapi/plugins/device-map/pins/${id}`,
      headers,
      payload: payload as object,
    });

  /** A member of the demo company whose role grants `menus`. */
  async function member(menus: Record<string, string[]>) {
    const account = await addAccount(t, { company: 'demo' });
    const [role] = await t.database.db
      .insert(roles)
      .values({ companyId: account.companyId ?? 0, name: `r${account.userId}`, menus })
      .returning({ id: roles.id });
    await t.database.db.update(users).set({ roleId: role?.id }).where(eq(users.id, account.userId));
    return account.headers;
  }

  blockApp(engine, { pluginServers: [server], pluginManifests: [manifest] }, async (app) => {
    t = app;
    owner = bearer(await t.signIn());
  });

  it('runs the handler with the parsed input and the caller, and answers what its schema says', async () => {
    const response = await rename(7, { label: 'Gate' }, { ...owner, 'accept-language': 'zh-TW' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: 7, label: 'Gate', company_id: expect.any(Number) });
    expect(callers.at(-1)).toMatchObject({ roleId: 0, language: 'zh-TW' });
  });

  it('refuses input its schemas refuse, before the handler runs (400 validation_failed)', async () => {
    const before = callers.length;
    const response = await rename(7, { label: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation_failed' });
    expect(callers.length).toBe(before);
  });

  it('answers 401 without a token and 403 to a role without the plugin page; a role with it is served', async () => {
    expect((await rename(7, { label: 'Gate' }, {})).statusCode).toBe(401);
    expect((await rename(7, { label: 'Gate' }, await member({ dashboard: [] }))).statusCode).toBe(403);
    expect((await rename(7, { label: 'Gate' }, await member({ [PAGE]: [] }))).statusCode).toBe(200);
  });

  it("answers a thrown CallRefusal as {code, message} in the caller's language, anything else 500", async () => {
    const refused = await rename(404, { label: 'Gate' }, { ...owner, 'accept-language': 'en' });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ code: 'not_found', message: expect.any(String) });
    const broken = await rename(500, { label: 'Gate' });
    expect(broken.statusCode).toBe(500);
    expect(broken.json()).toMatchObject({ code: 'internal' });
  });

  it('lists the call in the OpenAPI document', async () => {
    const document = (await t.app.inject({ url: '/webapi/api.json', headers: owner })).json<{
      paths: Record<string, Record<string, { summary?: string }>>;
    }>();
    expect(document.paths['/plugins/device-map/pins/{id}']?.put?.summary).toBe('Renames a pin of the map');
  });
});

describe('what a plugin may serve', () => {
  const call = (facts: Partial<AnyCall>) => ({ ...CALLS.renamePin, ...facts }) as AnyCall;

  it("serves only paths below /plugins/<its id>/, never the product's or another plugin's", () => {
    expect(refusalOfCall('device-map', CALLS.renamePin)).toBeNull();
    expect(refusalOfCall('other', CALLS.renamePin)).toMatch(/not below \/plugins\/other\//);
    expect(refusalOfCall('device-map', call({ path: '/v0/pms/users' }))).toMatch(/not below/);
    expect(refusalOfCall('device-map', call({ path: '/plugins/device-map-x/a' }))).toMatch(/not below/);
  });

  it('serves signed-in users only: no public, open API or audited call', () => {
    expect(refusalOfCall('device-map', call({ access: 'public' }))).toMatch(/public/);
    expect(refusalOfCall('device-map', call({ openApi: true }))).toMatch(/openApi/);
    expect(refusalOfCall('device-map', call({ audit: 'system.user.create' }))).toMatch(/audited/);
  });

  it('refuses to start on such a call, naming the plugin and the call', () => {
    const stray = definePluginServer('device-map', [handle(call({ access: 'public' }), () => undefined)]);
    expect(() => pluginCallsModule([stray])).toThrow(
      'Plugin "device-map": PUT /plugins/device-map/pins/:id: it is public',
    );
  });
});

describe("the console build's plugin servers", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'vap-plugin-servers-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const list = (entries: unknown) => writeFile(join(dir, 'plugin-servers.json'), JSON.stringify(entries));

  it('are none without a plugin-servers.json', async () => {
    expect(await readPluginServers(dir)).toEqual([]);
  });

  it("imports each listed entry and takes its default export, the plugin's definePluginServer", async () => {
    const entry = join(dir, 'server.mjs');
    await writeFile(entry, 'export default { plugin: "device-map", handlers: [] };\n');
    await list([{ plugin: 'device-map', entry }]);
    expect(await readPluginServers(dir)).toEqual([{ plugin: 'device-map', handlers: [] }]);
  });

  it('refuses an entry that is missing or exports something else, naming the plugin', async () => {
    await list([{ plugin: 'device-map', entry: join(dir, 'missing.mjs') }]);
    await expect(readPluginServers(dir)).rejects.toThrow(
      /Plugin "device-map": its server entry .* cannot be loaded/,
    );
    const other = join(dir, 'other.mjs');
    await writeFile(other, 'export default { plugin: "someone-else", handlers: [] };\n');
    await list([{ plugin: 'device-map', entry: other }]);
    await expect(readPluginServers(dir)).rejects.toThrow(PluginServerError);
    await list({ plugin: 'device-map' });
    await expect(readPluginServers(dir)).rejects.toThrow(/not a list/);
  });
});
