import {
  AUDIT_CSV_COLUMNS,
  AUDIT_EXPORT_HEADERS,
  AUDIT_EXPORT_MAX_ROWS,
  AUDIT_PATHS,
  AUDIT_REDACTED,
  type AuditEntry,
  auditEntrySchema,
  CSV_BOM,
  encodeListParam,
  type ListPage,
  listPageSchema,
  type MenuItem,
  type Order,
  SYSTEM_PATHS,
  textFaultOf,
  userInfoSchema,
  type Where,
} from '@vap/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditSnapshot, recordAudit } from '../../core/audit/recorder.js';
import { auditLogs } from '../../core/audit/schema.js';
import { roles, users } from '../../core/db/schema.js';
import { DEMO_OPERATOR, DEMO_OPERATOR_ROLE, md5Hex } from '../../seed.js';
import { addAccount } from '../../testing/accounts.js';
import { bearer, ENGINES, TEST_DEMO, type TestApp } from '../../testing/harness.js';
import { blockApp } from '../../testing/suite-app.js';
import { auditCsv } from './csv.js';

const flatten = (items: MenuItem[]): MenuItem[] => items.flatMap((item) => [item, ...flatten(item.children)]);

describe('audit snapshots', () => {
  it('redact passwords, secrets, tokens and hashes at any depth, keeping everything else', () => {
    const snapshot = auditSnapshot({
      id: 7,
      phone: '13800138000',
      password: 'e10adc3949ba59abbe56e057f20f883e',
      passwordHash: '$argon2id$v=19$…',
      nested: { secret: 's3cr3t', secretSealed: 'abc', accessToken: 'jwt', name: 'kept', none: null },
      list: [{ api_secret: 'x', salt: 'y', plain: 1 }],
      at: new Date('2025-01-02T03:04:05.000Z'),
    });
    expect(snapshot).toEqual({
      id: 7,
      phone: '13800138000',
      password: AUDIT_REDACTED,
      passwordHash: AUDIT_REDACTED,
      nested: {
        secret: AUDIT_REDACTED,
        secretSealed: AUDIT_REDACTED,
        accessToken: AUDIT_REDACTED,
        name: 'kept',
        none: null,
      },
      list: [{ api_secret: AUDIT_REDACTED, salt: AUDIT_REDACTED, plain: 1 }],
      at: '2025-01-02T03:04:05.000Z',
    });
  });

  it('store nothing as null and cut long texts', () => {
    expect(auditSnapshot(undefined)).toBeNull();
    expect(auditSnapshot(null)).toBeNull();
    const long = auditSnapshot({ text: 'x'.repeat(5000) });
    expect(String(long?.text).length).toBeLessThanOrEqual(1001);
  });

  it('cut a long text between characters, never inside a surrogate pair (jsonb refuses a lone half)', () => {
    const cut = String(auditSnapshot({ text: `${'x'.repeat(999)}😀😀` })?.text);
    expect(textFaultOf(cut)).toBeUndefined();
    expect(cut).toBe(`${'x'.repeat(999)}…`);
  });
});

describe('the audit CSV export', () => {
  it('writes one row per entry, before and after as JSON, text a spreadsheet would run neutralised', () => {
    const entry: AuditEntry = {
      id: 7,
      created_at: '2026-01-02T03:04:05.000Z',
      user_id: 3,
      user_phone: '13800138000',
      user_nickname: '=cmd',
      action: 'system.user.create',
      target_type: 'user',
      target_id: '9',
      ip: '127.0.0.1',
      access_key_id: '',
      before: null,
      after: { nickname: 'a,b' },
    };
    expect(auditCsv([entry])).toBe(
      `${CSV_BOM}${AUDIT_CSV_COLUMNS.join(',')}\r\n` +
        `7,2026-01-02T03:04:05.000Z,3,13800138000,'=cmd,system.user.create,user,9,127.0.0.1,,,"{""nickname"":""a,b""}"\r\n`,
    );
  });
});

describe.each(ENGINES)('audit log (issue 6) on %s', (engine) => {
  let t: TestApp;
  let owner: Record<string, string>;
  let ownerId: number;
  let demoCompanyId: number;

  blockApp(engine, async (app) => {
    t = app;
    owner = bearer(await t.signIn());
    const [row] = await t.database.db
      .select({ id: users.id, companyId: users.companyId })
      .from(users)
      .where(eq(users.phone, TEST_DEMO.account));
    ownerId = row?.id ?? 0;
    demoCompanyId = row?.companyId ?? 0;
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: object, payload?: object) =>
    t.app.inject({ method, url: `/webapi${url}`, headers: headers as Record<string, string>, payload });

  const query = (wheres: Where[] = [], orders: Order[] = [], extra: Record<string, string> = {}) => {
    const params = new URLSearchParams(extra);
    if (wheres.length > 0) params.set('wheres', encodeListParam(wheres));
    if (orders.length > 0) params.set('orders', encodeListParam(orders));
    const text = params.toString();
    return text ? `?${text}` : '';
  };

  async function list(headers: object, wheres: Where[] = [], orders: Order[] = [], extra = {}) {
    const response = await call('GET', `${AUDIT_PATHS.list}${query(wheres, orders, extra)}`, headers);
    expect(response.statusCode, response.body).toBe(200);
    return listPageSchema(auditEntrySchema).parse(response.json()) as ListPage<AuditEntry>;
  }

  /** A company of its own with its owner, to see exactly the entries a test writes. */
  async function freshCompany() {
    const account = await addAccount(t, { company: 'own', verifyStatus: 2 });
    return { ...account, companyId: account.companyId ?? 0 };
  }

  /** Entries written straight into a company's log at given times. */
  async function seedEntries(
    companyId: number,
    entries: Array<{ userId: number; action: string; at: string; nickname?: string }>,
  ) {
    await t.database.db.insert(auditLogs).values(
      entries.map((entry) => ({
        companyId,
        userId: entry.userId,
        userNickname: entry.nickname ?? '',
        action: entry.action,
        targetType: 'role',
        targetId: '1',
        createdAt: new Date(entry.at),
      })),
    );
  }

  it('a role update records who, when, the target and the role before and after', async () => {
    const started = Date.now();
    const created = await call('POST', SYSTEM_PATHS.roles, owner, {
      name: '审计前',
      menus: { dashboard: [] },
    });
    expect(created.statusCode, created.body).toBe(200);
    const roleId = created.json<{ id: number }>().id;
    const updated = await call('PUT', SYSTEM_PATHS.role(roleId), owner, {
      name: '审计后',
      menus: { dashboard: [], system_user: ['add'] },
      is_access_all_group: true,
    });
    expect(updated.statusCode, updated.body).toBe(200);

    const page = await list(owner, [{ k: 'action', o: '=', v: 'system.role.update' }]);
    const entry = page.items.find((item) => item.target_id === String(roleId));
    expect(entry).toMatchObject({
      user_id: ownerId,
      user_phone: TEST_DEMO.account,
      action: 'system.role.update',
      target_type: 'role',
      before: { id: roleId, name: '审计前', menus: { dashboard: [] }, is_access_all_group: false },
      after: {
        id: roleId,
        name: '审计后',
        menus: { dashboard: [], system_user: ['add'] },
        is_access_all_group: true,
      },
      access_key_id: '',
    });
    expect(entry?.ip).not.toBe('');
    expect(Date.parse(entry?.created_at ?? '')).toBeGreaterThanOrEqual(started - 1000);

    const creation = await list(owner, [{ k: 'action', o: '=', v: 'system.role.create' }]);
    expect(creation.items.find((item) => item.target_id === String(roleId))).toMatchObject({
      before: null,
      after: { name: '审计前' },
    });
  });

  it('a dry run changes nothing and records nothing', async () => {
    const [role] = await t.database.db
      .select({ id: roles.id })
      .from(roles)
      .where(eq(roles.name, DEMO_OPERATOR_ROLE.name));
    const before = await list(owner, [{ k: 'action', o: 'like', v: 'system.role' }]);
    const response = await call('PUT', `${SYSTEM_PATHS.role(role?.id ?? 0)}?dry_run=true`, owner, {
      name: 'dry',
      menus: { dashboard: [] },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await list(owner, [{ k: 'action', o: 'like', v: 'system.role' }])).total).toBe(before.total);
  });

  it('a user creation records the new user without the password or its hash', async () => {
    const [role] = await t.database.db
      .select({ id: roles.id })
      .from(roles)
      .where(eq(roles.name, DEMO_OPERATOR_ROLE.name));
    const password = md5Hex('created-user-pass');
    const response = await call('POST', SYSTEM_PATHS.users, owner, {
      phone: '13912345678',
      password,
      nickname: '新同事',
      role_id: role?.id,
    });
    expect(response.statusCode, response.body).toBe(200);
    const userId = response.json<{ id: number }>().id;
    const [stored] = await t.database.db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(eq(users.id, userId));

    const page = await list(owner, [{ k: 'action', o: '=', v: 'system.user.create' }]);
    const entry = page.items.find((item) => item.target_id === String(userId));
    expect(entry?.after).toMatchObject({ id: userId, phone: '13912345678', nickname: '新同事' });
    expect(entry?.before).toBeNull();
    const text = JSON.stringify(entry);
    expect(text).not.toContain(password);
    expect(text).not.toContain(stored?.hash ?? 'no hash');
    expect(Object.keys(entry?.after ?? {}).some((key) => /pass|hash/i.test(key))).toBe(false);
    const [row] = await t.database.db
      .select({ after: auditLogs.after })
      .from(auditLogs)
      .where(eq(auditLogs.id, entry?.id ?? 0));
    expect(JSON.stringify(row?.after)).not.toContain('argon2');
  });

  it('a password change records the action on the user, never the password', async () => {
    const account = await addAccount(t, { company: 'demo', roleId: 0 });
    const response = await call('PUT', '/v1/pms/user/password', account.headers, {
      old_password: md5Hex('account-pass'),
      new_password: md5Hex('changed-pass-1'),
    });
    expect(response.statusCode, response.body).toBe(204);
    const page = await list(owner, [
      { k: 'action', o: '=', v: 'account.password.change' },
      { k: 'user_id', o: '=', v: account.userId },
    ]);
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({ target_type: 'user', target_id: String(account.userId) });
    expect(page.items[0]?.before).toBeNull();
    expect(page.items[0]?.after).toBeNull();
  });

  it('sign-in and sign-out are recorded for the account that signs in and out', async () => {
    const account = await addAccount(t, { company: 'demo', roleId: 0 });
    const out = await call('POST', '/v1/pms/user/logout', account.headers);
    expect(out.statusCode).toBe(204);
    const page = await list(
      owner,
      [{ k: 'user_id', o: '=', v: account.userId }],
      [{ k: 'created_at', o: 'asc' }],
    );
    expect(page.items.map((item) => item.action)).toEqual(['auth.sign_in', 'auth.sign_out']);
    expect(page.items[0]?.after).toEqual({ method: 'password' });
  });

  it('a company created by a user is recorded in the new company’s log', async () => {
    const account = await addAccount(t, { company: 'none' });
    const response = await call('POST', '/v1/pms/user/companies', account.headers, {
      name: '审计科技有限公司',
    });
    expect(response.statusCode, response.body).toBe(201);
    const companyId = response.json<{ id: number }>().id;
    const page = await list(account.headers);
    expect(page.items.map((item) => item.action)).toEqual(['company.create']);
    expect(page.items[0]).toMatchObject({ target_type: 'company', target_id: String(companyId) });
    expect(page.items[0]?.after).toMatchObject({ name: '审计科技有限公司', verify_status: 0 });
  });

  it('filters by user, by action (= and like) and by time (between, >=, <=)', async () => {
    const company = await freshCompany();
    const other = company.userId + 100_000;
    await seedEntries(company.companyId, [
      { userId: company.userId, action: 'system.role.update', at: '2025-01-01T00:00:00Z' },
      { userId: company.userId, action: 'system.user.create', at: '2025-02-01T00:00:00Z' },
      { userId: other, action: 'system.role.delete', at: '2025-03-01T00:00:00Z' },
      { userId: other, action: 'company.settings.update', at: '2025-04-01T00:00:00Z' },
    ]);
    const actions = async (wheres: Where[]) =>
      (
        await list(company.headers, [...wheres, { k: 'created_at', o: '<=', v: '2025-12-31T00:00:00Z' }])
      ).items.map((item) => item.action);

    expect(await actions([{ k: 'user_id', o: '=', v: other }])).toEqual([
      'company.settings.update',
      'system.role.delete',
    ]);
    expect(await actions([{ k: 'action', o: '=', v: 'system.user.create' }])).toEqual(['system.user.create']);
    expect(await actions([{ k: 'action', o: 'like', v: 'ROLE' }])).toEqual([
      'system.role.delete',
      'system.role.update',
    ]);
    // `_` and `%` match themselves.
    expect(await actions([{ k: 'action', o: 'like', v: '%' }])).toEqual([]);
    expect(
      await actions([{ k: 'created_at', o: 'between', v: ['2025-01-15T00:00:00Z', '2025-03-01T00:00:00Z'] }]),
    ).toEqual(['system.role.delete', 'system.user.create']);
    expect(await actions([{ k: 'created_at', o: '>=', v: '2025-03-01T00:00:00+00:00' }])).toEqual([
      'company.settings.update',
      'system.role.delete',
    ]);
    expect(
      await actions([
        { k: 'user_id', o: '=', v: company.userId },
        { k: 'created_at', o: '<=', v: '2025-01-01T00:00:00Z' },
      ]),
    ).toEqual(['system.role.update']);
  });

  it('pages newest first by default and sorts by the order keys', async () => {
    const company = await freshCompany();
    await seedEntries(
      company.companyId,
      ['b.two', 'a.one', 'c.three'].map((action, index) => ({
        userId: company.userId,
        action,
        at: `2024-0${index + 1}-01T00:00:00Z`,
      })),
    );
    const old: Where[] = [{ k: 'created_at', o: '<=', v: '2024-12-31T00:00:00Z' }];
    const first = await list(company.headers, old, [], { page: '1', size: '2' });
    expect(first.total).toBe(3);
    expect(first.items.map((item) => item.action)).toEqual(['c.three', 'a.one']);
    const second = await list(company.headers, old, [], { page: '2', size: '2' });
    expect(second.items.map((item) => item.action)).toEqual(['b.two']);
    const byAction = await list(company.headers, old, [{ k: 'action', o: 'asc' }]);
    expect(byAction.items.map((item) => item.action)).toEqual(['a.one', 'b.two', 'c.three']);
  });

  it('refuses filters and sort keys it does not know (400 invalid_list_query)', async () => {
    for (const url of [
      `${AUDIT_PATHS.list}${query([{ k: 'ip', o: '=', v: '1.2.3.4' }])}`,
      `${AUDIT_PATHS.list}${query([{ k: 'user_id', o: 'like', v: '1' }])}`,
      `${AUDIT_PATHS.list}${query([{ k: 'created_at', o: 'between', v: ['yesterday', 'today'] }])}`,
      `${AUDIT_PATHS.list}${query([], [{ k: 'before', o: 'asc' }])}`,
      `${AUDIT_PATHS.export}${query([{ k: 'after', o: '=', v: 'x' }])}`,
    ]) {
      const response = await call('GET', url, owner);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().code).toBe('invalid_list_query');
    }
  });

  it("never shows another company's entries, in the list or the export", async () => {
    const company = await freshCompany();
    const seen = await list(company.headers, [], [], { size: '100' });
    expect(seen.items.every((item) => item.user_id === company.userId)).toBe(true);
    expect(seen.items.some((item) => item.user_id === ownerId)).toBe(false);
    const byDemoOwner = await list(company.headers, [{ k: 'user_id', o: '=', v: ownerId }]);
    expect(byDemoOwner.total).toBe(0);
    const exported = await call('GET', AUDIT_PATHS.export, company.headers);
    expect(exported.body).not.toContain(TEST_DEMO.account);
    const demo = await list(owner, [], [], { size: '100' });
    expect(demo.items.some((item) => item.user_id === company.userId)).toBe(false);
    const [counted] = await t.database.db
      .select({ total: sql<number>`count(*)::int` })
      .from(auditLogs)
      .where(eq(auditLogs.companyId, demoCompanyId));
    expect(demo.total).toBe(counted?.total);
  });

  it('is for the owner only: a member with any role, or a user without company, gets 403', async () => {
    const operator = bearer(await t.signIn(DEMO_OPERATOR.phone, TEST_DEMO.password));
    const everything = await t.database.db
      .insert(roles)
      .values({
        companyId: demoCompanyId,
        name: 'all pages',
        menus: { system: [], system_user: ['add'], system_role: ['add'] },
        isAccessAllGroup: true,
      })
      .returning({ id: roles.id });
    const wide = await addAccount(t, { company: 'demo', roleId: everything[0]?.id ?? 0 });
    const homeless = await addAccount(t, { company: 'none' });
    for (const headers of [operator, wide.headers, homeless.headers]) {
      for (const url of [AUDIT_PATHS.list, AUDIT_PATHS.export]) {
        const response = await call('GET', url, headers);
        expect(response.statusCode, url).toBe(403);
        expect(response.json().code).toBe('forbidden');
      }
    }
    expect((await call('GET', AUDIT_PATHS.list, {})).statusCode).toBe(401);
  });

  it('shows the audit page in the owner’s menu only, and no role can be given it', async () => {
    const pages = async (headers: object) => {
      const info = userInfoSchema.parse((await call('GET', '/v1/pms/user', headers)).json());
      return Array.isArray(info.menus) ? flatten(info.menus).map((item) => item.name) : [];
    };
    expect(await pages(owner)).toContain('system_audit');
    const operator = bearer(await t.signIn(DEMO_OPERATOR.phone, TEST_DEMO.password));
    expect(await pages(operator)).not.toContain('system_audit');

    const response = await call('POST', SYSTEM_PATHS.roles, owner, {
      name: 'auditor',
      menus: { system_audit: [] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('unknown_menu');
    // Even a role stored with it by other means does not show it.
    const [role] = await t.database.db
      .insert(roles)
      .values({ companyId: demoCompanyId, name: 'stored auditor', menus: { system: [], system_audit: [] } })
      .returning({ id: roles.id });
    const member = await addAccount(t, { company: 'demo', roleId: role?.id ?? 0 });
    expect(await pages(member.headers)).not.toContain('system_audit');
  });

  describe('CSV export', () => {
    const exportOf = (headers: object, wheres: Where[] = [], orders: Order[] = []) =>
      call('GET', `${AUDIT_PATHS.export}${query(wheres, orders)}`, headers);
    const linesOf = (body: string) =>
      body
        .replace(/^\uFEFF/, '')
        .split('\r\n')
        .slice(0, -1);

    it('answers text/csv in UTF-8 with a BOM, a header row and CRLF line ends', async () => {
      const company = await freshCompany();
      const response = await exportOf(company.headers);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="audit_logs_\d{8}-\d{6}\.csv"$/,
      );
      expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
      expect(response.body.endsWith('\r\n')).toBe(true);
      const [header, ...rows] = linesOf(response.body);
      expect(header).toBe(AUDIT_CSV_COLUMNS.join(','));
      // The owner's own sign-in.
      expect(rows).toHaveLength(1);
      expect(rows[0]).toContain(',auth.sign_in,');
      expect(response.headers[AUDIT_EXPORT_HEADERS.total]).toBe('1');
    });

    it('quotes fields with commas, quotes and line breaks (RFC 4180) and defuses formulas', async () => {
      const company = await freshCompany();
      await seedEntries(company.companyId, [
        {
          userId: 1,
          action: 'system.role.update',
          at: '2024-06-01T00:00:00Z',
          nickname: '张三, "老张"\n第二行',
        },
        { userId: 2, action: 'system.role.update', at: '2024-06-02T00:00:00Z', nickname: '=1+2' },
      ]);
      await t.database.db
        .update(auditLogs)
        .set({ after: { name: 'a,"b"' } })
        .where(and(eq(auditLogs.companyId, company.companyId), eq(auditLogs.userId, 1)));
      const response = await exportOf(company.headers, [{ k: 'action', o: '=', v: 'system.role.update' }]);
      const body = response.body.replace(/^\uFEFF/, '');
      expect(body).toContain(',"张三, ""老张""\n第二行",');
      expect(body).toContain(`,"{""name"":""a,\\""b\\""""}"`);
      expect(body).toContain(",'=1+2,");
      // Two records; the embedded line break does not start a record.
      expect(body.split('\r\n').filter(Boolean)).toHaveLength(3);
    });

    it('applies the same filters and order as the list', async () => {
      const company = await freshCompany();
      await seedEntries(company.companyId, [
        { userId: company.userId, action: 'system.role.update', at: '2024-01-01T00:00:00Z' },
        { userId: company.userId, action: 'system.user.create', at: '2024-02-01T00:00:00Z' },
        { userId: company.userId, action: 'system.role.delete', at: '2024-03-01T00:00:00Z' },
      ]);
      const wheres: Where[] = [
        { k: 'action', o: 'like', v: 'role' },
        { k: 'created_at', o: 'between', v: ['2024-01-01T00:00:00Z', '2024-12-31T00:00:00Z'] },
      ];
      const listed = await list(company.headers, wheres);
      const rows = linesOf((await exportOf(company.headers, wheres)).body).slice(1);
      expect(rows.map((row) => row.split(',')[0])).toEqual(listed.items.map((item) => String(item.id)));
      expect(rows.map((row) => row.split(',')[5])).toEqual(['system.role.delete', 'system.role.update']);
      const ascending = linesOf(
        (await exportOf(company.headers, wheres, [{ k: 'created_at', o: 'asc' }])).body,
      );
      expect(ascending.slice(1).map((row) => row.split(',')[5])).toEqual([
        'system.role.update',
        'system.role.delete',
      ]);
    });

    it(`refuses an export beyond ${AUDIT_EXPORT_MAX_ROWS} entries with the spec §8 message, as every log export (issue 29)`, async () => {
      const company = await freshCompany();
      const insert = (from: number, to: number) =>
        t.database.db.execute(sql`
          insert into audit_logs (company_id, user_id, action, target_type, target_id, created_at)
          select ${company.companyId}, ${company.userId}, 'system.role.update', 'role', g::text,
                 timestamptz '2023-01-01T00:00:00Z' + g * interval '1 minute'
          from generate_series(${from}::int, ${to}::int) as g`);
      const wheres: Where[] = [{ k: 'action', o: '=', v: 'system.role.update' }];
      await insert(1, AUDIT_EXPORT_MAX_ROWS);
      const whole = await exportOf(company.headers, wheres);
      expect(whole.statusCode).toBe(200);
      expect(linesOf(whole.body).slice(1)).toHaveLength(AUDIT_EXPORT_MAX_ROWS);
      expect(whole.headers[AUDIT_EXPORT_HEADERS.total]).toBe(String(AUDIT_EXPORT_MAX_ROWS));
      await insert(AUDIT_EXPORT_MAX_ROWS + 1, AUDIT_EXPORT_MAX_ROWS + 1);
      const refused = await exportOf(company.headers, wheres);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        code: 'log_export_too_many_rows',
        message: '日志导出最多 5000 条，请缩小时间范围或筛选条件',
      });
    });
  });

  it('records through the recorder in the caller’s transaction: a rolled back write leaves no entry', async () => {
    const company = await freshCompany();
    const { db } = t.database;
    await expect(
      db.transaction(async (tx) => {
        await recordAudit(
          tx,
          { userId: company.userId, ip: '10.0.0.1' },
          {
            action: 'system.role.update',
            target: { type: 'role', id: 1 },
          },
        );
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    const page = await list(company.headers, [{ k: 'action', o: '=', v: 'system.role.update' }]);
    expect(page.total).toBe(0);
  });
});
