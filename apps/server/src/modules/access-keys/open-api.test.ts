import { createHash, createHmac } from 'node:crypto';
import {
  ACCESS_KEY_PATHS,
  type CompanyUser,
  type ListPage,
  SYSTEM_PATHS,
  stringToSign,
} from '@vap/contracts';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuditWrite, recordAudit } from '../../core/audit/recorder.js';
import { CallerLoader } from '../../core/auth/caller.js';
import { TokenService } from '../../core/auth/tokens.js';
import { ACCESS_KEY_SECRETS, SecretBox } from '../../core/crypto/secret-box.js';
import type { Db } from '../../core/db/client.js';
import { companies, users } from '../../core/db/schema.js';
import { type Access, registerAccessControl } from '../../core/http/access.js';
import { registerErrorHandling } from '../../core/http/errors.js';
import { MenuCatalogue } from '../../core/menu/catalogue.js';
import {
  createKey,
  ROLES_OPERATION,
  signedCall,
  signedHeaders,
  USERS_OPERATION,
} from '../../testing/access-keys.js';
import { addAccount } from '../../testing/accounts.js';
import { createTestDatabase, ENGINES, type TestApp, type TestDatabase } from '../../testing/harness.js';
import { startsWithRoute } from '../../testing/route-start.js';
import { suiteApp } from '../../testing/suite-app.js';
import { AccessKeys } from './keys.js';
import { OpenApiGate, openApiPath, operationIdOf } from './open-api.js';
import { accessKeyNonces, accessKeys } from './schema.js';

const USERS_URL = `/webapi${SYSTEM_PATHS.users}`;
const ROLES_URL = `/webapi${SYSTEM_PATHS.roles}`;

describe('operation ids', () => {
  it('are the operationId when set, else METHOD and the path as api.json lists it', () => {
    expect(openApiPath('/webapi/v1/pms/company/users/:id/role')).toBe('/v1/pms/company/users/{id}/role');
    expect(operationIdOf('GET', '/webapi/v1/pms/company/users')).toBe('GET /v1/pms/company/users');
    expect(operationIdOf('GET', '/webapi/v1/x', { operationId: 'listX' })).toBe('listX');
  });
});

describe.each(ENGINES)('requests signed with an access key, on the app (%s)', (engine) => {
  let t: TestApp;
  let owner: Record<string, string>;
  let demoCompanyId: number;
  suiteApp(engine, (app) => ({ t, owner, companyId: demoCompanyId } = app));

  const refusal = async (
    response: { statusCode: number; json: () => unknown },
    status: number,
    code: string,
  ) => {
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ code, message: expect.any(String) });
  };

  it("answers a correctly signed request to an open route with the key's company data", async () => {
    const key = await createKey(t, owner);
    const url = `${USERS_URL}?size=50&page=1`;
    const response = await signedCall(t, key, { url });
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<ListPage<CompanyUser>>();
    const companyUsers = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.companyId, demoCompanyId));
    expect(page.total).toBe(companyUsers.length);
    const roles = await signedCall(t, key, { url: ROLES_URL });
    expect(roles.statusCode, roles.body).toBe(200);
  });

  it("answers only the key's own company", async () => {
    const stranger = await addAccount(t, { company: 'own' });
    const key = await createKey(t, stranger.headers);
    const page = (await signedCall(t, key, { url: USERS_URL })).json<ListPage<CompanyUser>>();
    expect(page.items.map((user) => user.phone)).toEqual([stranger.phone]);
  });

  it('records when the key was last used', async () => {
    const key = await createKey(t, owner);
    const before = Date.now();
    expect((await signedCall(t, key, { url: USERS_URL })).statusCode).toBe(200);
    const listed = (
      await t.app.inject({ method: 'GET', url: `/webapi${ACCESS_KEY_PATHS.keys}`, headers: owner })
    )
      .json<{ items: Array<{ id: string; last_used_at: string | null }> }>()
      .items.find((item) => item.id === key.id);
    expect(new Date(listed?.last_used_at ?? 0).getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('still accepts a bearer token on an open route', async () => {
    expect((await t.app.inject({ method: 'GET', url: USERS_URL, headers: owner })).statusCode).toBe(200);
  });

  it('signs the query in canonical order: parameters in any order and encoding verify alike', async () => {
    const key = await createKey(t, owner);
    const headers = signedHeaders(key, { url: `${USERS_URL}?page=1&size=10` });
    // The same query reordered is the same canonical query.
    const response = await t.app.inject({ method: 'GET', url: `${USERS_URL}?size=10&page=1`, headers });
    expect(response.statusCode, response.body).toBe(200);
  });

  it('pins the string to sign: seven lines, as docs/open-api.md describes', async () => {
    const key = await createKey(t, owner);
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonce = 'pinned-nonce-0123456789';
    const text = [
      'VAP-HMAC-SHA256',
      'GET',
      '/webapi/v1/pms/company/users',
      'page=1&size=20',
      timestamp,
      nonce,
      createHash('sha256').update('').digest('hex'),
    ].join('\n');
    expect(
      stringToSign({
        method: 'get',
        path: '/webapi/v1/pms/company/users',
        query: '?size=20&page=1',
        timestamp,
        nonce,
        bodySha256: createHash('sha256').update('').digest('hex'),
      }),
    ).toBe(text);
    const response = await t.app.inject({
      method: 'GET',
      url: `${USERS_URL}?size=20&page=1`,
      headers: {
        'x-vap-key-id': key.id,
        'x-vap-timestamp': timestamp,
        'x-vap-nonce': nonce,
        'x-vap-signature': createHmac('sha256', key.secret).update(text).digest('hex'),
      },
    });
    expect(response.statusCode, response.body).toBe(200);
  });

  it('refuses an unknown or deleted key (401 access_key_invalid)', async () => {
    await refusal(
      await signedCall(t, { id: 'A'.repeat(16), secret: 'B'.repeat(32) }, { url: USERS_URL }),
      401,
      'access_key_invalid',
    );
    const key = await createKey(t, owner);
    await t.app.inject({ method: 'DELETE', url: `/webapi${ACCESS_KEY_PATHS.key(key.id)}`, headers: owner });
    await refusal(await signedCall(t, key, { url: USERS_URL }), 401, 'access_key_invalid');
  });

  it('refuses a disabled key (401 access_key_disabled) and accepts it again once enabled', async () => {
    const key = await createKey(t, owner);
    const setDisabled = (disabled: boolean) =>
      t.app.inject({
        method: 'PATCH',
        url: `/webapi${ACCESS_KEY_PATHS.key(key.id)}`,
        headers: owner,
        payload: { disabled },
      });
    await setDisabled(true);
    await refusal(await signedCall(t, key, { url: USERS_URL }), 401, 'access_key_disabled');
    await setDisabled(false);
    expect((await signedCall(t, key, { url: USERS_URL })).statusCode).toBe(200);
  });

  it('refuses an expired key (401 access_key_expired)', async () => {
    const key = await createKey(t, owner);
    await t.database.db
      .update(accessKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accessKeys.id, key.id));
    await refusal(await signedCall(t, key, { url: USERS_URL }), 401, 'access_key_expired');
  });

  it('refuses a wrong signature (401 signature_invalid): another secret, path, query or nonce', async () => {
    const key = await createKey(t, owner);
    await refusal(
      await signedCall(t, key, { url: USERS_URL, secret: 'x'.repeat(32) }),
      401,
      'signature_invalid',
    );
    const signedFor = (url: string) => signedHeaders(key, { url });
    for (const [url, headers] of [
      [`${USERS_URL}?page=2`, signedFor(`${USERS_URL}?page=1`)],
      [USERS_URL, signedFor(ROLES_URL)],
      [USERS_URL, { ...signedFor(USERS_URL), 'x-vap-nonce': 'another-nonce-0123456' }],
    ] as const) {
      await refusal(await t.app.inject({ method: 'GET', url, headers }), 401, 'signature_invalid');
    }
  });

  it('refuses missing or malformed signature headers (401 signature_invalid)', async () => {
    const key = await createKey(t, owner);
    const good = signedHeaders(key, { url: USERS_URL });
    for (const broken of [
      { 'x-vap-signature': undefined },
      { 'x-vap-timestamp': undefined },
      { 'x-vap-nonce': 'short' },
      { 'x-vap-timestamp': 'soon' },
      { 'x-vap-key-id': 'not-a-key-id' },
      { 'x-vap-signature': 'zz' },
    ]) {
      const headers = Object.fromEntries(
        Object.entries({ ...good, ...broken }).filter(
          (entry): entry is [string, string] => entry[1] !== undefined,
        ),
      );
      await refusal(await t.app.inject({ method: 'GET', url: USERS_URL, headers }), 401, 'signature_invalid');
    }
  });

  it('refuses a timestamp more than 5 minutes off, either way (401 timestamp_skew)', async () => {
    const key = await createKey(t, owner);
    const now = Math.floor(Date.now() / 1000);
    // Well past the 300 s either way: `now` is floored, and a loaded machine's server reads its clock
    // a second or more later, which once brought `now + 301` back within the window.
    for (const timestamp of [now - 330, now + 330]) {
      await refusal(await signedCall(t, key, { url: USERS_URL, timestamp }), 401, 'timestamp_skew');
    }
    expect((await signedCall(t, key, { url: USERS_URL, timestamp: now - 240 })).statusCode).toBe(200);
  });

  it('refuses a replayed nonce (401 nonce_replayed), also one a refused request did not use up', async () => {
    const key = await createKey(t, owner);
    const headers = signedHeaders(key, { url: USERS_URL, nonce: 'replayed-nonce-0123456789' });
    expect((await t.app.inject({ method: 'GET', url: USERS_URL, headers })).statusCode).toBe(200);
    await refusal(await t.app.inject({ method: 'GET', url: USERS_URL, headers }), 401, 'nonce_replayed');
    // The nonce of a request with a bad signature is not taken: nobody can burn a client's nonces.
    const nonce = 'unburnt-nonce-0123456789';
    await signedCall(t, key, { url: USERS_URL, nonce, secret: 'y'.repeat(32) });
    expect((await signedCall(t, key, { url: USERS_URL, nonce })).statusCode).toBe(200);
    const stored = await t.database.db
      .select()
      .from(accessKeyNonces)
      .where(eq(accessKeyNonces.keyId, key.id));
    expect(stored.map((row) => row.nonce).sort()).toEqual(['replayed-nonce-0123456789', nonce].sort());
  });

  it("refuses an operation outside the key's interface permissions (403, spec §8 'insufficient permission, contact technical support')", async () => {
    const key = await createKey(t, owner, { operations: [ROLES_OPERATION] });
    await refusal(await signedCall(t, key, { url: USERS_URL }), 403, 'operation_not_permitted');
    expect((await signedCall(t, key, { url: ROLES_URL })).statusCode).toBe(200);
  });

  it('refuses a signed request on a route not opted in to the open API (401 unauthorized)', async () => {
    const key = await createKey(t, owner, { operations: [USERS_OPERATION] });
    for (const [method, url, body] of [
      ['GET', `/webapi${ACCESS_KEY_PATHS.keys}`, undefined],
      ['GET', '/webapi/v1/pms/user', undefined],
      ['POST', ROLES_URL, JSON.stringify({ name: 'by key', menus: { dashboard: [] } })],
    ] as const) {
      await refusal(await signedCall(t, key, { method, url, body }), 401, 'unauthorized');
    }
  });

  it('refuses a request carrying both a signature and a bad bearer token by the token (401)', async () => {
    const key = await createKey(t, owner);
    const response = await signedCall(t, key, { url: USERS_URL, headers: { authorization: 'Bearer nope' } });
    await refusal(response, 401, 'unauthorized');
  });
});

describe.each(ENGINES)('the open-API gate on a bare app (%s)', (engine) => {
  let database: TestDatabase;
  let db: Db;
  let app: FastifyInstance;
  let key: { id: string; secret: string };
  let ownerId: number;
  const box = new SecretBox('a-server-secret-of-at-least-32-characters', ACCESS_KEY_SECRETS);

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    db = database.database.db;
    const [company] = await db.insert(companies).values({ name: '开放平台测试公司' }).returning();
    const [owner] = await db
      .insert(users)
      .values({ phone: '13900000001', companyId: company?.id ?? 0, roleId: 0 })
      .returning();
    ownerId = owner?.id ?? 0;
    const gate = new OpenApiGate(db, box);
    app = Fastify();
    registerErrorHandling(app);
    registerAccessControl(app, new TokenService(db, 'x'.repeat(32), 600), {
      callers: new CallerLoader({ db }),
      catalogue: new MenuCatalogue(db),
      openApi: gate,
    });
    app.post(
      '/webapi/echo',
      { config: { access: 'user', openApi: true }, schema: { summary: 'Echoes' } },
      (request) => ({
        body: request.body,
        auth: request.auth,
        accessKey: request.accessKey,
        permissions: request.permissions,
      }),
    );
    app.get('/webapi/page', { config: { access: { page: 'system_user' }, openApi: true } }, (request) => ({
      holder: request.permissions?.holder,
    }));
    await app.ready();
    const trail = {
      record: (tx: Db, write: AuditWrite) => recordAudit(tx, { userId: ownerId, ip: '::1' }, write),
    };
    key = await new AccessKeys(db, box, () => gate.operationIds()).create(
      company?.id ?? 0,
      {
        bandwidth_mbps: 2.75,
        is_access_all_group: false,
        group_ids: [11, 12],
        operations: ['POST /echo', 'GET /page'],
      },
      trail,
    );
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  const post = (body: string, signedBody = body) =>
    app.inject({
      method: 'POST',
      url: '/webapi/echo',
      headers: {
        ...signedHeaders(key, { method: 'POST', url: '/webapi/echo', body: signedBody }),
        'content-type': 'application/json',
      },
      payload: body,
    });

  it('signs the SHA-256 of the raw body: the body as signed passes, a changed one is refused', async () => {
    const body = JSON.stringify({ hello: '世界', n: 1 });
    const response = await post(body);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().body).toEqual({ hello: '世界', n: 1 });
    const changed = await post(JSON.stringify({ hello: '世界', n: 2 }), body);
    expect(changed.statusCode).toBe(401);
    expect(changed.json().code).toBe('signature_invalid');
  });

  it("acts as the company's owner limited to the key's operations, groups and bandwidth", async () => {
    const response = await post('{}');
    expect(response.json()).toMatchObject({
      auth: { userId: ownerId, sessionId: `access-key:${key.id}` },
      accessKey: { id: key.id, bandwidthMbps: 2.75, is_access_all_group: false, group_ids: [11, 12] },
      permissions: {
        userId: ownerId,
        roleId: 0,
        holder: { menus: { system_user: [] }, is_access_all_group: false, group_ids: [11, 12] },
      },
    });
    const page = await app.inject({
      method: 'GET',
      url: '/webapi/page',
      headers: signedHeaders(key, { url: '/webapi/page' }),
    });
    expect(page.statusCode, page.body).toBe(200);
  });

  it('stops start-up when a public or owner route, or a malformed value, opts in', async () => {
    const startWith = async (access: Access, openApi: unknown) => {
      const bare = Fastify();
      registerAccessControl(bare, {} as TokenService, {
        callers: new CallerLoader({ db }),
        catalogue: new MenuCatalogue(db),
        openApi: new OpenApiGate(db, box),
      });
      return startsWithRoute(bare, { access, openApi: openApi as boolean });
    };
    expect(await startWith('user', true)).toBe('started');
    expect(await startWith('user', false)).toBe('started');
    expect(await startWith('public', true)).toMatch(/'public' route cannot be part of the open API/);
    expect(await startWith('owner', true)).toMatch(/'owner' route cannot be part of the open API/);
    expect(await startWith('user', 'yes')).toMatch(/openApi must be true or false/);
  });
});
