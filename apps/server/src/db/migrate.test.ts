import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, ENGINES } from '../testing/harness.js';
import { openDatabase } from './client.js';
import { menuItems } from './schema.js';

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
