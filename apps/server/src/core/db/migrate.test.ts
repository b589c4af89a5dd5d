import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, ENGINES, type TestDatabase } from '../../testing/harness.js';
import { menuItems } from '../menu/schema.js';
import { MIGRATIONS_DIR } from '../paths.js';
import { openDatabase } from './client.js';
import { companies, roles, users } from './schema.js';

type Db = TestDatabase['database']['db'];

/** A test database of `use`'s own (on `engine`, migrated unless asked not to), dropped after it. */
async function onOwnDatabase(
  engine: 'pglite' | 'postgres',
  use: (database: TestDatabase['database']) => Promise<void>,
  options?: { migrated: boolean },
) {
  const { database, drop } = await createTestDatabase(engine, options);
  try {
    await use(database);
  } finally {
    await drop();
  }
}

/**
 * Runs the data statements of a migration (those `kind` matches, `count` of them) as they ran on a
 * database of that time, then again: what they change must hold after a second run.
 */
async function runDataStatementsTwice(db: Db, file: string, kind: RegExp, count: number) {
  const statements = readFileSync(join(MIGRATIONS_DIR, file), 'utf8')
    .split('--> statement-breakpoint')
    .filter((statement) => kind.test(statement));
  expect(statements).toHaveLength(count);
  for (let run = 0; run < 2; run++) {
    for (const statement of statements) await db.execute(sql.raw(statement));
  }
}

const menusOf = async (db: Db, id = 0) => (await db.select().from(roles).where(eq(roles.id, id)))[0]?.menus;

describe.each(ENGINES)('migrations on %s', (engine) => {
  it('apply once: running them again changes nothing', async () => {
    await onOwnDatabase(engine, async (database) => {
      const count = async () =>
        (await database.db.select({ n: sql<number>`count(*)::int` }).from(menuItems))[0]?.n;
      const before = await count();
      expect(before).toBeGreaterThan(100);
      await database.migrate();
      expect(await count()).toBe(before);
    });
  });
});

describe('migration 0005 (default roles)', () => {
  it('gives every company made before it a default role with the dashboard only, once', async () => {
    await onOwnDatabase('pglite', async ({ db }) => {
      const [company] = await db.insert(companies).values({ name: '旧公司有限公司' }).returning();
      const [named] = await db.insert(companies).values({ name: '另一旧公司有限公司' }).returning();
      if (!company || !named) throw new Error('no company');
      await db.insert(roles).values({ companyId: named.id, name: '默认角色', menus: { recharge: [] } });
      await runDataStatementsTwice(db, '0005_default_role.sql', /^\s*(--.*\n)*\s*(UPDATE|INSERT)/, 2);
      const defaults = (companyId: number) =>
        db
          .select()
          .from(roles)
          .where(and(eq(roles.companyId, companyId), eq(roles.isDefault, true)));
      expect(await defaults(company.id)).toEqual([
        expect.objectContaining({ name: '默认角色', menus: { dashboard: [] } }),
      ]);
      expect(await defaults(named.id)).toEqual([
        expect.objectContaining({ name: '默认角色', menus: { recharge: [] } }),
      ]);
    });
  });
});

describe.each(ENGINES)('migration 0028 (buttons no page checks) on %s', (engine) => {
  it("takes the buttons out of the catalogue and out of every role's grant, `add` becoming `bind` (issue 29)", async () => {
    await onOwnDatabase(engine, async ({ db }) => {
      const [company] = await db.insert(companies).values({ name: '旧按钮有限公司' }).returning();
      if (!company) throw new Error('no company');
      const granted = {
        dashboard: [],
        device_maintenance: ['add', 'delete', 'export'],
        device_verify: ['verify', 'import', 'export'],
        invoice_payment: ['pay'],
      };
      const [old, both] = await db
        .insert(roles)
        .values([
          { companyId: company.id, name: '旧角色', menus: granted },
          { companyId: company.id, name: '两者', menus: { device_maintenance: ['bind', 'add'] } },
        ])
        .returning({ id: roles.id });
      await runDataStatementsTwice(db, '0028_menu_buttons_no_page_checks.sql', /^\s*(--.*\n)*\s*UPDATE/, 4);
      expect(await menusOf(db, old?.id)).toEqual({
        dashboard: [],
        device_maintenance: ['export', 'bind'],
        device_verify: ['verify'],
        invoice_payment: [],
      });
      expect(await menusOf(db, both?.id)).toEqual({ device_maintenance: ['bind'] });
      const buttons = await db
        .select({ id: menuItems.id })
        .from(menuItems)
        .where(sql`${menuItems.id} in (20101, 20103, 20302, 20303, 10501)`);
      expect(buttons).toEqual([]);
    });
  });
});

describe.each(ENGINES)('migration 0029 (MQTT buttons no action fits) on %s', (engine) => {
  it("takes the user clients' add, edit, delete and the user subscriptions' subscribe, delete out of the catalogue and every role's grant (issue 29)", async () => {
    await onOwnDatabase(engine, async ({ db }) => {
      const [company] = await db.insert(companies).values({ name: '旧MQTT按钮有限公司' }).returning();
      if (!company) throw new Error('no company');
      const [old, untouched] = await db
        .insert(roles)
        .values([
          {
            companyId: company.id,
            name: '旧角色',
            menus: {
              mqtt_device_client: ['kick', 'export'],
              mqtt_user_client: ['add', 'edit', 'delete', 'kick'],
              mqtt_user_subs: ['subscribe', 'delete'],
              mqtt_debug_tool: ['connect', 'subscribe', 'send'],
            },
          },
          { companyId: company.id, name: '无关', menus: { mqtt_user_client: ['kick'], mqtt_user_subs: [] } },
        ])
        .returning({ id: roles.id });
      await runDataStatementsTwice(db, '0029_mqtt_buttons_no_action.sql', /^\s*(--.*\n)*\s*UPDATE/, 2);
      // Only those buttons go: the debug tool's subscribe and the other pages' buttons stay.
      expect(await menusOf(db, old?.id)).toEqual({
        mqtt_device_client: ['kick', 'export'],
        mqtt_user_client: ['kick'],
        mqtt_user_subs: [],
        mqtt_debug_tool: ['connect', 'subscribe', 'send'],
      });
      expect(await menusOf(db, untouched?.id)).toEqual({ mqtt_user_client: ['kick'], mqtt_user_subs: [] });
      const buttons = await db
        .select({ id: menuItems.id })
        .from(menuItems)
        .where(sql`${menuItems.id} in (100301, 100302, 100303, 100304, 100401, 100402, 100502)`)
        .orderBy(menuItems.id);
      // The user clients' kick and the debug tool's subscribe stay.
      expect(buttons).toEqual([{ id: 100304 }, { id: 100502 }]);
    });
  });
});

describe('migration 0008 (no role without a company)', () => {
  const statementsOf = (file: string) =>
    readFileSync(join(MIGRATIONS_DIR, file), 'utf8')
      .split('--> statement-breakpoint')
      .filter((statement) => statement.trim() !== '');

  it("takes role 0 from the accounts without a company, keeps members' roles, then refuses a role without a company", async () => {
    await onOwnDatabase(
      'pglite',
      async (database) => {
        const { db } = database;
        const files = readdirSync(MIGRATIONS_DIR)
          .filter((file) => file.endsWith('.sql'))
          .sort();
        const at = files.indexOf('0008_user_role_needs_company.sql');
        expect(at).toBeGreaterThan(0);
        // The database as it was before 0008, holding a detached account with the role 0 it then got.
        for (const file of files.slice(0, at)) {
          for (const statement of statementsOf(file)) await db.execute(sql.raw(statement));
        }
        // Raw SQL: the schema of today has columns (a company's plan) that 0007's table has not.
        const inserted = await db.execute(
          sql`insert into companies (name) values ('旧公司有限公司') returning id`,
        );
        const company = (inserted as unknown as { rows: Array<{ id: number }> }).rows[0];
        if (!company) throw new Error('no company');
        await db.execute(sql`insert into users (phone, company_id, role_id) values
        ('13912345678', null, 0), ('13912345679', ${company.id}, 0), ('13912345670', ${company.id}, 7)`);
        for (const statement of statementsOf(files[at] ?? '')) await db.execute(sql.raw(statement));
        const rows = await db
          .select({ phone: users.phone, roleId: users.roleId })
          .from(users)
          .orderBy(users.phone);
        expect(rows).toEqual([
          { phone: '13912345670', roleId: 7 },
          { phone: '13912345678', roleId: null },
          { phone: '13912345679', roleId: 0 },
        ]);
        await expect(
          db.insert(users).values({ phone: '13912345671', companyId: null, roleId: 0 }),
        ).rejects.toThrow();
        await expect(
          db.insert(users).values({ phone: '13912345672', companyId: company.id }),
        ).rejects.toThrow();
      },
      { migrated: false },
    );
  });
});

describe.runIf(ENGINES.includes('postgres'))('migrations on a shared PostgreSQL', () => {
  it('serialise when two servers start at once', async () => {
    const { database, url, drop } = await createTestDatabase('postgres', { migrated: false });
    const second = await openDatabase({ engine: 'postgres', url: url ?? '' });
    try {
      await Promise.all([database.migrate(), second.migrate()]);
      const [row] = await database.db.select({ n: sql<number>`count(*)::int` }).from(menuItems);
      expect(row?.n).toBeGreaterThan(100);
    } finally {
      await second.close();
      await drop();
    }
  });
});
