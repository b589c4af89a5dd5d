import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, ENGINES } from '../../testing/harness.js';
import { menuItems } from '../menu/schema.js';
import { MIGRATIONS_DIR } from '../paths.js';
import { openDatabase } from './client.js';
import { companies, roles } from './schema.js';

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
