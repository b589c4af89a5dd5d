import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, ENGINES } from '../../testing/harness.js';
import { menuItems } from '../menu/schema.js';
import { MIGRATIONS_DIR } from '../paths.js';
import { openDatabase } from './client.js';
import { companies, roles, users } from './schema.js';

describe.each(ENGINES)('migrations on %s', (engine) => {
  it('apply once: running them again changes nothing', async () => {
    const { database, drop } = await createTestDatabase(engine);
    try {
      const count = async () =>
        (await database.db.select({ n: sql<number>`count(*)::int` }).from(menuItems))[0]?.n;
      const before = await count();
      expect(before).toBeGreaterThan(100);
      await database.migrate();
      expect(await count()).toBe(before);
    } finally {
      await drop();
    }
  });
});

describe('migration 0005 (default roles)', () => {
  it('gives every company made before it a default role with the dashboard only, once', async () => {
    const { database, drop } = await createTestDatabase('pglite');
    try {
      const { db } = database;
      const [company] = await db.insert(companies).values({ name: '旧公司有限公司' }).returning();
      const [named] = await db.insert(companies).values({ name: '另一旧公司有限公司' }).returning();
      if (!company || !named) throw new Error('no company');
      await db.insert(roles).values({ companyId: named.id, name: '默认角色', menus: { recharge: [] } });
      // The data statements of the migration, run as they ran on a database of that time.
      const statements = readFileSync(join(MIGRATIONS_DIR, '0005_default_role.sql'), 'utf8')
        .split('--> statement-breakpoint')
        .filter((statement) => /^\s*(--.*\n)*\s*(UPDATE|INSERT)/.test(statement));
      expect(statements).toHaveLength(2);
      for (let run = 0; run < 2; run++) {
        for (const statement of statements) await db.execute(sql.raw(statement));
      }
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
    } finally {
      await drop();
    }
  });
});

describe('migration 0008 (no role without a company)', () => {
  const statementsOf = (file: string) =>
    readFileSync(join(MIGRATIONS_DIR, file), 'utf8')
      .split('--> statement-breakpoint')
      .filter((statement) => statement.trim() !== '');

  it("takes role 0 from the accounts without a company, keeps members' roles, then refuses a role without a company", async () => {
    const { database, drop } = await createTestDatabase('pglite', { migrated: false });
    try {
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
    } finally {
      await drop();
    }
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
