// @vitest-environment node
import { TOKEN_STORAGE_KEY, type UserInfo } from '@vap/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Kernel } from './kernel.js';
import { definePlugin, messages, page, whenProductEnabled } from './plugin.js';
import { NoAccessError } from './session.js';
import { json, MemoryStorage, startTestServer, type TestServer } from './test-server.js';
import { fakeJwt, menuItem, userInfo } from './test-support.js';

const Empty = async () => ({ default: () => null });
const plugin = definePlugin({
  id: 'pages',
  kernel: '^2',
  pages: [
    page('dashboard', Empty, { always: { path: '/dashboard' } }),
    page('system_user', Empty),
    page('recharge', Empty),
  ],
});
// A plugin the company's product flags turn on or off (spec §2.3).
const cloudPlugin = definePlugin({
  id: 'cloud',
  kernel: '^2',
  activation: whenProductEnabled('cbs'),
  pages: [page('cbs_dashboard', Empty)],
});
const coreMessages = messages('translation', {
  en: async () => ({ default: { app: { authExpiredShort: 'expired' } } }),
  'zh-CN': async () => ({ default: {} }),
  'zh-TW': async () => ({ default: {} }),
});
const version = { main_version: '', api_version: '', metrics_api_version: '', unix_milli: 1 };
const token = fakeJwt(Math.floor(Date.now() / 1000) + 3600);

let server: TestServer;
let storage: MemoryStorage;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.handlers.clear();
  server.requests.length = 0;
  storage = new MemoryStorage();
});

function serve(user: UserInfo) {
  server.handlers.set('/webapi/v1/pms/user', (_req, res) => json(res, 200, user));
  server.handlers.set('/webapi/api.json', (_req, res) => json(res, 200, { openapi: '3.0.3' }));
  server.handlers.set('/webapi/v1/mtx/company/version', (_req, res) => json(res, 200, version));
  server.handlers.set('/webapi/v1/pms/user/logout', (_req, res) => {
    res.writeHead(204);
    res.end();
  });
}

const boot = () =>
  Kernel.boot({
    plugins: [plugin, cloudPlugin],
    messages: coreMessages,
    storage,
    tabStorage: storage,
    apiBase: server.base,
    language: 'en',
  });

describe('session (spec §4.1)', () => {
  it('loads user info, then api.json, then the MQTT version, then builds the routes', async () => {
    serve(userInfo({ menus: [menuItem({ name: 'system_user', type: 'page' })] }));
    const kernel = await boot();
    const state = await kernel.session.signIn(token);
    expect(server.requests).toEqual([
      'GET /webapi/v1/pms/user',
      'GET /webapi/api.json',
      'GET /webapi/v1/mtx/company/version',
    ]);
    expect(state.status).toBe('ready');
    expect(state.apiDoc).toEqual({ openapi: '3.0.3' });
    expect([...(state.routes?.byName.keys() ?? [])]).toEqual(['system_user', 'dashboard']);
  });

  it('the service container loads when a session starts, not at boot (the sign-in page needs none)', async () => {
    serve(userInfo({ menus: [menuItem({ name: 'system_user', type: 'page' })] }));
    const kernel = await boot();
    expect(kernel.services.loaded).toBe(false);
    await kernel.session.signIn(token);
    await vi.waitFor(() => expect(kernel.services.loaded).toBe(true));
  });

  /** Boots and signs in, which the answered user info makes no access: one warning, the token reset. */
  async function refusedAsNoAccess() {
    const kernel = await boot();
    const warned: unknown[] = [];
    kernel.bus.subscribe('session.noAccess', (payload) => warned.push(payload));
    await expect(kernel.session.signIn(token)).rejects.toBeInstanceOf(NoAccessError);
    expect(warned).toHaveLength(1);
    expect(storage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    return kernel;
  }

  it('menus as an empty object raise the no-access warning and reset the token', async () => {
    serve(userInfo({ menus: {} }));
    const kernel = await refusedAsNoAccess();
    expect(kernel.session.state.status).toBe('anonymous');
  });

  it('a dir granted without any page of it (e.g. {"cloud": []}) is no access: the warning, and the token reset', async () => {
    serve(userInfo({ menus: [menuItem({ name: 'cloud', type: 'dir', children: [] })] }));
    const kernel = await refusedAsNoAccess();
    expect(kernel.session.state.status).toBe('anonymous');
  });

  it('only pages of plugins the company’s product flags turn off is no access; with the flag on, the page opens', async () => {
    const cloud = (cbs: number) =>
      userInfo({
        menus: [
          menuItem({
            name: 'cloud',
            type: 'dir',
            children: [menuItem({ name: 'cbs_dashboard', type: 'page', path: 'cbs-dashboard' })],
          }),
        ],
        company: {
          id: 1,
          name: '演示科技有限公司',
          title: '',
          logo: '',
          verify_status: 2,
          products: { cbs, lvlm_lab: 0, rsrc_mgt: 0, voip: 0 },
        },
      });
    // A flag of 0 turns the product on (spec §2.3).
    serve(cloud(1));
    const kernel = await refusedAsNoAccess();
    serve(cloud(0));
    const state = await kernel.session.signIn(token);
    expect(state.status).toBe('ready');
    expect(state.routes?.byName.has('cbs_dashboard')).toBe(true);
  });

  it('a user without a company keeps the token and gets no routes: status no-company, no company calls', async () => {
    serve(userInfo({ role_id: null, company: null, menus: {} }));
    const kernel = await boot();
    const warned: unknown[] = [];
    kernel.bus.subscribe('session.noAccess', (payload) => warned.push(payload));
    const state = await kernel.session.signIn(token);
    expect(state).toMatchObject({ status: 'no-company', routes: null, context: null });
    expect(state.user).toMatchObject({ role_id: null, company: null });
    expect(server.requests).toEqual(['GET /webapi/v1/pms/user']);
    expect(warned).toEqual([]);
    expect(storage.getItem(TOKEN_STORAGE_KEY)).toBe(token);
  });

  it('a reload after the user created a company takes the session from no-company to ready', async () => {
    serve(userInfo({ role_id: null, company: null, menus: {} }));
    const kernel = await boot();
    await kernel.session.signIn(token);
    serve(userInfo({ menus: [menuItem({ name: 'system_user', type: 'page' })] }));
    const state = await kernel.session.reload();
    expect(state.status).toBe('ready');
    expect(state.routes?.byName.has('system_user')).toBe(true);
  });

  it('a reload asked while an earlier load is under way loads again after it, seeing what changed since', async () => {
    serve(userInfo({ role_id: null, company: null, menus: {} }));
    const kernel = await boot();
    await kernel.session.signIn(token);
    // A load under way, whose user info left the server before the company was created.
    let answerEarlier!: () => void;
    const earlierAnswered = new Promise<void>((resolve) => {
      answerEarlier = resolve;
    });
    const noCompany = userInfo({ role_id: null, company: null, menus: {} });
    server.handlers.set('/webapi/v1/pms/user', (_req, res) => {
      void earlierAnswered.then(() => json(res, 200, noCompany));
    });
    const asked = server.requests.length;
    const earlier = kernel.session.load();
    await vi.waitFor(() => expect(server.requests.slice(asked)).toEqual(['GET /webapi/v1/pms/user']));
    serve(userInfo({ menus: [menuItem({ name: 'system_user', type: 'page' })] }));
    const reloaded = kernel.session.reload();
    answerEarlier();
    expect((await earlier).status).toBe('no-company');
    const state = await reloaded;
    expect(state.status).toBe('ready');
    expect(kernel.session.state.status).toBe('ready');
  });

  it('a 502 while loading keeps the user signed in, in status failed with the message; loading again succeeds', async () => {
    serve(userInfo({ menus: [menuItem({ name: 'system_user', type: 'page' })] }));
    server.handlers.set('/webapi/api.json', (_req, res) =>
      json(res, 502, { code: 'bad_gateway', message: 'upstream down' }),
    );
    storage.setItem(TOKEN_STORAGE_KEY, token);
    const kernel = await boot();
    const toasts: unknown[] = [];
    kernel.bus.subscribe('http.error', (payload) => toasts.push(payload));
    await expect(kernel.session.load()).rejects.toMatchObject({ status: 502, message: 'upstream down' });
    expect(storage.getItem(TOKEN_STORAGE_KEY)).toBe(token);
    expect(kernel.session.state).toMatchObject({
      status: 'failed',
      user: null,
      routes: null,
      error: { status: 502, message: 'upstream down' },
    });
    // The console's retry state shows the message: no toast besides.
    expect(toasts).toEqual([]);
    server.handlers.set('/webapi/api.json', (_req, res) => json(res, 200, { openapi: '3.0.3' }));
    const state = await kernel.session.load();
    expect(state).toMatchObject({ status: 'ready', error: null });
    expect(kernel.session.state.routes?.byName.has('system_user')).toBe(true);
  });

  it('a network failure while loading user info keeps the user signed in', async () => {
    server.handlers.set('/webapi/v1/pms/user', (req) => req.socket.destroy());
    storage.setItem(TOKEN_STORAGE_KEY, token);
    const kernel = await boot();
    await expect(kernel.session.load()).rejects.toMatchObject({ status: 0, code: 'network' });
    expect(storage.getItem(TOKEN_STORAGE_KEY)).toBe(token);
    expect(kernel.session.state.status).toBe('failed');
  });

  it('a 401 while loading user info resets the token (spec §4.1)', async () => {
    server.handlers.set('/webapi/v1/pms/user', (_req, res) =>
      json(res, 401, { code: 'token_expired', message: 'expired' }),
    );
    storage.setItem(TOKEN_STORAGE_KEY, token);
    const kernel = await boot();
    await expect(kernel.session.load()).rejects.toMatchObject({ status: 401 });
    expect(storage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(kernel.session.state.status).toBe('anonymous');
  });

  it('a sign-in whose session fails to load keeps no token: the form shows the failure', async () => {
    serve(userInfo());
    server.handlers.set('/webapi/api.json', (_req, res) =>
      json(res, 500, { code: 'internal', message: 'down' }),
    );
    const kernel = await boot();
    await expect(kernel.session.signIn(token)).rejects.toMatchObject({ status: 500, message: 'down' });
    expect(storage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(kernel.session.state).toMatchObject({ status: 'anonymous', user: null, error: null });
  });

  it('a reload that fails keeps the session loaded before', async () => {
    serve(userInfo({ menus: [menuItem({ name: 'system_user', type: 'page' })] }));
    const kernel = await boot();
    const before = await kernel.session.signIn(token);
    server.handlers.set('/webapi/v1/pms/user', (_req, res) =>
      json(res, 503, { code: 'unavailable', message: 'busy' }),
    );
    await expect(kernel.session.reload()).rejects.toMatchObject({ status: 503 });
    expect(kernel.session.state).toBe(before);
    expect(storage.getItem(TOKEN_STORAGE_KEY)).toBe(token);
  });

  it('a load cut short by a new sign-in leaves the new session be', async () => {
    storage.setItem(TOKEN_STORAGE_KEY, token);
    serve(userInfo({ menus: [menuItem({ name: 'system_user', type: 'page' })] }));
    server.handlers.set('/webapi/v1/pms/user', (_req, res) =>
      setTimeout(
        () => json(res, 200, userInfo({ menus: [menuItem({ name: 'system_user', type: 'page' })] })),
        200,
      ),
    );
    const kernel = await boot();
    const first = kernel.session.load().catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const next = fakeJwt(Math.floor(Date.now() / 1000) + 7200);
    const state = await kernel.session.signIn(next);
    expect(await first).toMatchObject({ code: 'cancelled' });
    expect(state.status).toBe('ready');
    expect(kernel.session.state.status).toBe('ready');
    expect(storage.getItem(TOKEN_STORAGE_KEY)).toBe(next);
  });

  it('logout revokes the token on the server, clears the session and cancels pending requests', async () => {
    serve(userInfo());
    const kernel = await boot();
    await kernel.session.signIn(token);
    server.handlers.set('/webapi/slow', (_req, res) => setTimeout(() => json(res, 200, {}), 1000));
    const pending = kernel.http.get('/slow').catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await kernel.session.logout();
    expect(await pending).toMatchObject({ code: 'cancelled', message: 'expired' });
    expect(server.requests).toContain('POST /webapi/v1/pms/user/logout');
    expect(storage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(kernel.session.state).toMatchObject({ status: 'anonymous', user: null, routes: null });
  });

  it('signing in as another user leaves nothing of the previous one', async () => {
    serve(userInfo({ id: 1, menus: [menuItem({ name: 'system_user', type: 'page' })] }));
    const kernel = await boot();
    const first = await kernel.session.signIn(token);
    const userPage = first.routes?.byName.get('system_user');
    if (userPage) kernel.tabs.open(userPage, { pathname: userPage.path, search: '' });
    expect(kernel.tabs.state.views.map((view) => view.name)).toEqual(['system_user']);
    serve(
      userInfo({
        id: 2,
        role_id: 5,
        nickname: '另一个',
        menus: [menuItem({ name: 'recharge', type: 'page' })],
      }),
    );
    const state = await kernel.session.signIn(fakeJwt(Math.floor(Date.now() / 1000) + 7200));
    expect(state.user?.id).toBe(2);
    expect(state.routes?.byName.has('system_user')).toBe(false);
    expect(state.routes?.byName.has('recharge')).toBe(true);
    // No tab of the previous user survives, in memory or in storage.
    expect(kernel.tabs.state.views).toEqual([]);
  });

  it('a token in the address is stored, user info loaded, and the console reloads at the root', async () => {
    serve(userInfo());
    const kernel = await boot();
    const target = await kernel.session.adoptTokenFromAddress(
      `https://console.example/dashboard?token=${token}`,
    );
    expect(target).toBe('/');
    expect(storage.getItem(TOKEN_STORAGE_KEY)).toBe(token);
    expect(server.requests[0]).toBe('GET /webapi/v1/pms/user');
    expect(kernel.session.state.status).toBe('ready');
  });

  it('an address without a token changes nothing', async () => {
    const kernel = await boot();
    expect(
      await kernel.session.adoptTokenFromAddress('https://console.example/login?redirect=%2F'),
    ).toBeNull();
    expect(server.requests).toEqual([]);
  });

  it('a token in the address that fails to load is dropped, and the console still reloads at the root', async () => {
    server.handlers.set('/webapi/v1/pms/user', (_req, res) =>
      json(res, 401, { code: 'unauthorized', message: 'no' }),
    );
    const kernel = await boot();
    expect(await kernel.session.adoptTokenFromAddress(`/index?token=${token}`)).toBe('/');
    expect(storage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('a token in the address that fails to load leaves the session stored before in place', async () => {
    server.handlers.set('/webapi/v1/pms/user', (_req, res) =>
      json(res, 401, { code: 'unauthorized', message: 'no' }),
    );
    const working = fakeJwt(Math.floor(Date.now() / 1000) + 7200);
    storage.setItem(TOKEN_STORAGE_KEY, working);
    const kernel = await boot();
    expect(await kernel.session.adoptTokenFromAddress(`/index?token=${token}`)).toBe('/');
    expect(storage.getItem(TOKEN_STORAGE_KEY)).toBe(working);
  });

  it('logout closes every tab', async () => {
    serve(userInfo({ menus: [menuItem({ name: 'system_user', type: 'page' })] }));
    const kernel = await boot();
    const state = await kernel.session.signIn(token);
    const userPage = state.routes?.byName.get('system_user');
    if (userPage) kernel.tabs.open(userPage, { pathname: userPage.path, search: '' });
    await kernel.session.logout();
    expect(kernel.tabs.state.views).toEqual([]);
  });

  /** GET /private answers 401 token_expired from now on: what the kernel announces as expired. */
  function expiriesAnnounced(kernel: Kernel): unknown[] {
    server.handlers.set('/webapi/private', (_req, res) =>
      json(res, 401, { code: 'token_expired', message: 'expired' }),
    );
    const expired: unknown[] = [];
    kernel.bus.subscribe('session.expired', (payload) => expired.push(payload));
    return expired;
  }

  it('a 401 to a signed-in call announces the expiry once', async () => {
    serve(userInfo());
    const kernel = await boot();
    await kernel.session.signIn(token);
    const expired = expiriesAnnounced(kernel);
    await kernel.http.get('/private').catch(() => undefined);
    await kernel.http.get('/private').catch(() => undefined);
    expect(expired).toHaveLength(1);
  });

  it('the official download page ignores a 401 (spec §8)', async () => {
    serve(userInfo());
    const kernel = await Kernel.boot({
      plugins: [plugin],
      messages: coreMessages,
      storage,
      apiBase: server.base,
      language: 'en',
      location: () => 'http://localhost/official?id=1',
    });
    await kernel.session.signIn(token);
    const expired = expiriesAnnounced(kernel);
    await kernel.http.get('/private').catch(() => undefined);
    expect(expired).toHaveLength(0);
  });
});
