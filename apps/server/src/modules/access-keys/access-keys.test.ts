import {
  ACCESS_KEY_PATHS,
  ACCESS_KEYS_MAX_PER_COMPANY,
  type AccessKey,
  accessKeySchema,
  type OpenOperation,
} from '@vap/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '../../core/audit/schema.js';
import { deviceGroups } from '../../core/db/devices.js';
import { companies, roles } from '../../core/db/schema.js';
import { createKey, ROLES_OPERATION, USERS_OPERATION } from '../../testing/access-keys.js';
import { addAccount } from '../../testing/accounts.js';
import { bearer, createTestApp, ENGINES, type TestApp } from '../../testing/harness.js';
import { accessKeys } from './schema.js';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

describe.each(ENGINES)('access keys (spec §3, §5, §9; owner only) on %s', (engine) => {
  let t: TestApp;
  let owner: Record<string, string>;
  /** The routes of the app that declare `config.openApi: true`, as registered. */
  const openRoutes: string[] = [];
  /** Two device groups of the demo company. */
  let g1: number;
  let g2: number;

  beforeAll(async () => {
    t = await createTestApp(engine, {
      onRoute: (route) => {
        if (route.config?.openApi !== true) return;
        for (const method of [route.method].flat()) {
          // The path as api.json lists it: `/v1/…/{id}`.
          const path = route.url.replace(/^\/webapi/, '').replace(/:(\w+)/g, '{$1}');
          if (method !== 'HEAD') openRoutes.push(`${method} ${path}`);
        }
      },
    });
    owner = bearer(await t.signIn());
    const [company] = await t.database.db.select({ id: companies.id }).from(companies).limit(1);
    const groups = await t.database.db
      .insert(deviceGroups)
      .values([1, 2].map((n) => ({ companyId: company?.id ?? 0, name: `密钥测试分组${n}`, maxDevices: 10 })))
      .returning({ id: deviceGroups.id });
    [g1, g2] = groups.map((group) => group.id) as [number, number];
  });
  afterAll(() => t.close());

  const call = (method: Method, path: string, headers: Record<string, string>, payload?: object) =>
    t.app.inject({ method, url: `/webapi${path}`, headers, payload });
  const list = async (as = owner) => {
    const response = await call('GET', ACCESS_KEY_PATHS.keys, as);
    expect(response.statusCode).toBe(200);
    return response.json<{ items: AccessKey[] }>().items;
  };

  it('creates a key with a 16-character id and a 32-character secret, answered once', async () => {
    const key = await createKey(t, owner, { bandwidth_mbps: 2, group_ids: [g1, g2] });
    expect(key.id).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(key.secret).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(key).toMatchObject({
      bandwidth_mbps: 2,
      is_access_all_group: false,
      group_ids: [g1, g2],
      operations: [USERS_OPERATION, ROLES_OPERATION],
      disabled: false,
      last_used_at: null,
    });
    const other = await createKey(t, owner);
    expect(other.id).not.toBe(key.id);
    expect(other.secret).not.toBe(key.secret);
  });

  it('never lists the secret, and keeps it only sealed in the database', async () => {
    const key = await createKey(t, owner);
    const response = await call('GET', ACCESS_KEY_PATHS.keys, owner);
    expect(response.body).not.toContain(key.secret);
    const listed = response.json<{ items: object[] }>().items;
    for (const item of listed) {
      expect(item).not.toHaveProperty('secret');
      expect(accessKeySchema.strict().safeParse(item).success).toBe(true);
    }
    const { secret: _secret, ...shown } = key;
    expect(listed).toContainEqual(shown);
    const [row] = await t.database.db.select().from(accessKeys).where(eq(accessKeys.id, key.id));
    expect(row?.secretSealed).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain(key.secret);
  });

  it('lists the newest key first', async () => {
    const first = await createKey(t, owner);
    const second = await createKey(t, owner);
    const ids = (await list()).map((item) => item.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
  });

  it('accepts a bandwidth in multiples of 0.25 Mbps (0.25, 1.5) and refuses others (0.3, 0, 1000.25)', async () => {
    for (const bandwidth of [0.25, 1.5, 1000]) {
      expect((await createKey(t, owner, { bandwidth_mbps: bandwidth })).bandwidth_mbps).toBe(bandwidth);
    }
    for (const bandwidth of [0.3, 0, -0.25, 1000.25, '1']) {
      const response = await call('POST', ACCESS_KEY_PATHS.keys, owner, {
        bandwidth_mbps: bandwidth,
        operations: [USERS_OPERATION],
      });
      expect(response.statusCode, String(bandwidth)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation_failed' });
      expect(response.json().fields?.bandwidth_mbps).toMatch(/0\.25/);
    }
  });

  it('sets the expiry ten years after creation and refuses a body that tries to set it', async () => {
    const key = await createKey(t, owner);
    const created = new Date(key.created_at);
    const expires = new Date(key.expires_at);
    expect(expires.getUTCFullYear() - created.getUTCFullYear()).toBe(10);
    expect(expires.getUTCMonth()).toBe(created.getUTCMonth());
    expect(expires.getTime()).toBeGreaterThan(Date.now());

    const response = await call('POST', ACCESS_KEY_PATHS.keys, owner, {
      bandwidth_mbps: 1,
      operations: [USERS_OPERATION],
      expires_at: '2099-01-01T00:00:00.000Z',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields?.expires_at).toMatch(/十年/);
    // Nor can it be changed afterwards: the only change a key takes is disabling.
    const patched = await call('PATCH', ACCESS_KEY_PATHS.key(key.id), owner, {
      disabled: false,
      expires_at: '2099-01-01T00:00:00.000Z',
    });
    expect(patched.json<AccessKey>().expires_at).toBe(key.expires_at);
  });

  it('needs at least one operation, each an open one, each once', async () => {
    for (const operations of [[], [USERS_OPERATION, USERS_OPERATION]]) {
      const response = await call('POST', ACCESS_KEY_PATHS.keys, owner, { bandwidth_mbps: 1, operations });
      expect(response.statusCode).toBe(400);
      expect(response.json().fields?.operations).toBeTruthy();
    }
    for (const operation of ['POST /v1/pms/company/roles', 'GET /v1/pms/company/access_keys', 'anything']) {
      const response = await call('POST', ACCESS_KEY_PATHS.keys, owner, {
        bandwidth_mbps: 1,
        operations: [USERS_OPERATION, operation],
      });
      expect(response.statusCode, operation).toBe(400);
      expect(response.json().code).toBe('unknown_operation');
    }
  });

  it("keeps the group permission: all groups, or the chosen groups of the company's own", async () => {
    expect(await createKey(t, owner, { is_access_all_group: true, group_ids: [9] })).toMatchObject({
      is_access_all_group: true,
      group_ids: [],
    });
    expect((await createKey(t, owner, { group_ids: [g2, g2, g1] })).group_ids).toEqual([g2, g1]);
    const unknown = await call('POST', ACCESS_KEY_PATHS.keys, owner, {
      bandwidth_mbps: 1,
      operations: [USERS_OPERATION],
      group_ids: [g1, 999_999],
    });
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'group_unknown']);
    const bad = await call('POST', ACCESS_KEY_PATHS.keys, owner, {
      bandwidth_mbps: 1,
      operations: [USERS_OPERATION],
      group_ids: [0],
    });
    expect(bad.statusCode).toBe(400);
  });

  it('disables, enables and deletes a key', async () => {
    const key = await createKey(t, owner);
    const disabled = await call('PATCH', ACCESS_KEY_PATHS.key(key.id), owner, { disabled: true });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json()).toMatchObject({ id: key.id, disabled: true });
    expect((await list()).find((item) => item.id === key.id)?.disabled).toBe(true);

    const enabled = await call('PATCH', ACCESS_KEY_PATHS.key(key.id), owner, { disabled: false });
    expect(enabled.json()).toMatchObject({ id: key.id, disabled: false });

    expect((await call('DELETE', ACCESS_KEY_PATHS.key(key.id), owner)).statusCode).toBe(204);
    expect((await list()).map((item) => item.id)).not.toContain(key.id);
    expect((await call('DELETE', ACCESS_KEY_PATHS.key(key.id), owner)).statusCode).toBe(404);
    expect((await call('PATCH', ACCESS_KEY_PATHS.key(key.id), owner, { disabled: true })).statusCode).toBe(
      404,
    );
  });

  it('records creating, disabling and deleting a key in the audit log, never with its secret', async () => {
    const key = await createKey(t, owner);
    await call('PATCH', ACCESS_KEY_PATHS.key(key.id), owner, { disabled: true });
    await call('DELETE', ACCESS_KEY_PATHS.key(key.id), owner);
    const entries = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.targetType, 'access_key'), eq(auditLogs.targetId, key.id)))
      .orderBy(asc(auditLogs.id));
    expect(entries.map((entry) => entry.action)).toEqual([
      'access_key.create',
      'access_key.update',
      'access_key.delete',
    ]);
    expect(entries[1]?.before).toMatchObject({ disabled: false });
    expect(entries[1]?.after).toMatchObject({ disabled: true });
    expect(JSON.stringify(entries)).not.toContain(key.secret);
  });

  it('refuses a key beyond the most a company may hold (409 access_key_limit)', async () => {
    const company = await addAccount(t, { company: 'own' });
    await t.database.db.insert(accessKeys).values(
      Array.from({ length: ACCESS_KEYS_MAX_PER_COMPANY }, (_, i) => ({
        id: `LIMIT${String(company.userId).padStart(6, '0')}${String(i).padStart(5, '0')}`,
        companyId: company.companyId ?? 0,
        secretSealed: 'v1.unused',
        bandwidthQuarters: 4,
        expiresAt: new Date(Date.now() + 86_400_000),
      })),
    );
    const response = await call('POST', ACCESS_KEY_PATHS.keys, company.headers, {
      bandwidth_mbps: 1,
      operations: [USERS_OPERATION],
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('access_key_limit');
    await call(
      'DELETE',
      ACCESS_KEY_PATHS.key(`LIMIT${String(company.userId).padStart(6, '0')}00000`),
      company.headers,
    );
    expect(
      (
        await call('POST', ACCESS_KEY_PATHS.keys, company.headers, {
          bandwidth_mbps: 1,
          operations: [USERS_OPERATION],
        })
      ).statusCode,
    ).toBe(200);
  });

  it('refuses a malformed key id (400)', async () => {
    const response = await call('PATCH', ACCESS_KEY_PATHS.key('short'), owner, { disabled: true });
    expect(response.statusCode).toBe(400);
  });

  it("answers 404 for another company's key and never lists it", async () => {
    const key = await createKey(t, owner);
    const stranger = await addAccount(t, { company: 'own' });
    expect((await list(stranger.headers)).map((item) => item.id)).not.toContain(key.id);
    for (const [method, payload] of [
      ['PATCH', { disabled: true }],
      ['DELETE', undefined],
    ] as const) {
      const response = await call(method, ACCESS_KEY_PATHS.key(key.id), stranger.headers, payload);
      expect(response.statusCode, method).toBe(404);
      expect(response.json().code).toBe('not_found');
    }
    expect((await list()).find((item) => item.id === key.id)?.disabled).toBe(false);
  });

  it('refuses everyone but the owner (403): a member with every system page, a user without a company', async () => {
    const key = await createKey(t, owner);
    const [demoRole] = await t.database.db
      .insert(roles)
      .values({
        companyId: (await t.database.db.select({ id: companies.id }).from(companies).limit(1))[0]?.id ?? 0,
        name: 'access-key outsider',
        menus: { system: [], system_user: ['add', 'delete', 'role'], system_role: ['add', 'edit', 'delete'] },
        isAccessAllGroup: true,
      })
      .returning({ id: roles.id });
    const member = await addAccount(t, { company: 'demo', roleId: demoRole?.id ?? 0 });
    const homeless = await addAccount(t, { company: 'none' });
    for (const caller of [member.headers, homeless.headers]) {
      for (const [method, path, payload] of [
        ['GET', ACCESS_KEY_PATHS.keys, undefined],
        ['POST', ACCESS_KEY_PATHS.keys, { bandwidth_mbps: 1, operations: [USERS_OPERATION] }],
        ['GET', ACCESS_KEY_PATHS.operations, undefined],
        ['PATCH', ACCESS_KEY_PATHS.key(key.id), { disabled: true }],
        ['DELETE', ACCESS_KEY_PATHS.key(key.id), undefined],
      ] as const) {
        const response = await call(method, path, caller, payload);
        expect(response.statusCode, `${method} ${path}`).toBe(403);
        expect(response.json().code).toBe('forbidden');
      }
    }
    expect((await list()).find((item) => item.id === key.id)?.disabled).toBe(false);
  });

  it("lets the API debug page's roles read the keys' ids and operations, never a secret, with its `send` button only", async () => {
    const key = await createKey(t, owner, { operations: [ROLES_OPERATION] });
    const companyId = (await t.database.db.select({ id: companies.id }).from(companies).limit(1))[0]?.id ?? 0;
    const roleWith = async (name: string, buttons: string[]) => {
      const [role] = await t.database.db
        .insert(roles)
        .values({ companyId, name, menus: { open: [], openapi_debug: buttons }, isAccessAllGroup: false })
        .returning({ id: roles.id });
      return (await addAccount(t, { company: 'demo', roleId: role?.id ?? 0 })).headers;
    };
    const sender = await roleWith('api debugger', ['send']);
    const viewer = await roleWith('api debug viewer', []);
    for (const caller of [owner, sender]) {
      const response = await call('GET', ACCESS_KEY_PATHS.debug, caller);
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain(key.secret);
      const answer = response.json<{ keys: object[]; operations: OpenOperation[] }>();
      expect(answer.keys).toContainEqual({
        id: key.id,
        expires_at: key.expires_at,
        disabled: false,
        operations: [ROLES_OPERATION],
      });
      expect(answer.operations.map((operation) => operation.id)).toEqual(
        expect.arrayContaining([USERS_OPERATION, ROLES_OPERATION]),
      );
    }
    const refused = await call('GET', ACCESS_KEY_PATHS.debug, viewer);
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'forbidden']);
  });

  it('lists as open operations exactly the routes declaring openApi, with their summaries', async () => {
    const response = await call('GET', ACCESS_KEY_PATHS.operations, owner);
    expect(response.statusCode).toBe(200);
    const operations = response.json<{ items: OpenOperation[] }>().items;
    expect(operations.map((operation) => `${operation.method} ${operation.path}`).sort()).toEqual(
      [...openRoutes].sort(),
    );
    expect(operations.map((operation) => operation.id)).toEqual(
      expect.arrayContaining([USERS_OPERATION, ROLES_OPERATION]),
    );
    const users = operations.find((operation) => operation.id === USERS_OPERATION);
    expect(users).toMatchObject({ method: 'GET', path: '/v1/pms/company/users', tags: ['system'] });
    expect(users?.summary).toMatch(/users/);
  });

  it('lists the same open operations api.json marks, with the same summaries and ids', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/webapi/api.json' })).json<{
      paths: Record<string, Record<string, Record<string, unknown>>>;
      components: { securitySchemes: Record<string, unknown> };
    }>();
    expect(document.components.securitySchemes.accessKey).toMatchObject({ type: 'apiKey', in: 'header' });
    const marked = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([, operation]) => operation['x-vap-open-api'] === true)
        .map(([method, operation]) => ({
          id: (operation.operationId as string | undefined) ?? `${method.toUpperCase()} ${path}`,
          summary: operation.summary ?? '',
          security: operation.security,
        })),
    );
    const listed = (await call('GET', ACCESS_KEY_PATHS.operations, owner)).json<{ items: OpenOperation[] }>()
      .items;
    expect(
      marked.map(({ id, summary }) => ({ id, summary })).sort((a, b) => a.id.localeCompare(b.id)),
    ).toEqual(listed.map(({ id, summary }) => ({ id, summary })).sort((a, b) => a.id.localeCompare(b.id)));
    for (const operation of marked) expect(operation.security).toContainEqual({ accessKey: [] });
  });
});
