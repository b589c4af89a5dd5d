import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from './core/db/schema.js';
import { DEMO_OPERATOR } from './seed.js';
import { createTestApp, type TestApp } from './testing/harness.js';

describe('the demo seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(() => t.close());

  it('stores the owner and the operator with hashes of their own (one salt each), both signing in', async () => {
    const rows = await t.database.db.select({ hash: users.passwordHash }).from(users);
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((row) => row.hash)).size).toBe(2);
    await expect(t.signIn()).resolves.toBeTruthy();
    await expect(t.signIn(DEMO_OPERATOR.phone)).resolves.toBeTruthy();
  });
});
