import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PasswordHasher } from '../../core/auth/passwords.js';
import { companies, roles, users } from '../../core/db/schema.js';
import { createTestDatabase, ENGINES, type TestDatabase } from '../../testing/harness.js';
import { opsRunner } from '../../testing/ops.js';
import { companyCommands } from './ops.js';

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

describe.each(ENGINES)('operator command owner:create on %s', (engine) => {
  let t: TestDatabase;
  const ops = opsRunner(companyCommands, () => t.database);
  const run = (args: string[], stdin?: string) => ops('owner:create', args, stdin);
  const userOf = async (column: 'phone' | 'email', value: string) =>
    (await t.database.db.select().from(users).where(eq(users[column], value)))[0];

  beforeAll(async () => {
    t = await createTestDatabase(engine);
  });
  afterAll(() => t.drop());

  it('creates the company, its default role and its owner with a generated password printed once', async () => {
    const output = await run(['13911112222', '首个客户有限公司']);
    const password = /Password \(shown this once, stored only as a hash\): (\S+)$/.exec(output)?.[1] ?? '';
    expect(password.length).toBeGreaterThanOrEqual(24);
    const owner = await userOf('phone', '13911112222');
    expect(owner).toMatchObject({ roleId: 0 });
    expect(owner?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await new PasswordHasher(1).verify(owner?.passwordHash ?? '', md5(password))).toBe(true);
    const [company] = await t.database.db
      .select()
      .from(companies)
      .where(eq(companies.id, owner?.companyId ?? 0));
    expect(company).toMatchObject({ name: '首个客户有限公司', verifyStatus: 0 });
    const companyRoles = await t.database.db
      .select()
      .from(roles)
      .where(eq(roles.companyId, company?.id ?? 0));
    expect(companyRoles.map((role) => role.isDefault)).toEqual([true]);
    expect(output).toContain(`Created company ${company?.id} (首个客户有限公司) and its owner 13911112222`);
  });

  it('takes the password from the first line of stdin with --password-stdin, and prints none', async () => {
    const output = await run(
      ['Owner@Example.com', '第二客户有限公司', '--password-stdin'],
      'chosen-pass-1\n',
    );
    expect(output).not.toContain('chosen-pass-1');
    expect(output).not.toContain('Password');
    const owner = await userOf('email', 'owner@example.com');
    expect(await new PasswordHasher(1).verify(owner?.passwordHash ?? '', md5('chosen-pass-1'))).toBe(true);
  });

  it('refuses an existing account, phone or e-mail in any case, and creates nothing', async () => {
    const before = await t.database.db.select().from(companies);
    await expect(run(['13911112222', '又一个有限公司'])).rejects.toThrow(
      'An account 13911112222 exists already; nothing was created.',
    );
    await expect(run(['OWNER@example.com', '又一个有限公司'])).rejects.toThrow(/exists already/);
    expect(await t.database.db.select().from(companies)).toHaveLength(before.length);
  });

  it('never takes a password from the arguments, and refuses a short one on stdin', async () => {
    await expect(run(['13911113333', '某某有限公司', 'secret-password'])).rejects.toThrow(
      /^Usage: owner:create/,
    );
    await expect(run(['13911113333', '某某有限公司', '--password-stdin'], '12345')).rejects.toThrow(
      /must have 6 to 128 characters/,
    );
    await expect(run(['not-an-account', '某某有限公司'])).rejects.toThrow(/neither a mainland phone/);
    expect(await userOf('phone', '13911113333')).toBeUndefined();
  });
});
