/**
 * First-start demo data: a verified demo company with every product on, and its owner. Runs only
 * while no user exists, so a restart (or a real deployment's data) is never touched.
 */
import { createHash } from 'node:crypto';
import { isMainlandPhone, OWNER_ROLE_ID } from '@vap/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from './db/client.js';
import { companies, users } from './db/schema.js';
import type { PasswordHasher } from './modules/auth/passwords.js';

export interface DemoAccount {
  account: string;
  email: string;
  password: string;
}

export const DEMO_COMPANY = { name: '演示科技有限公司', title: 'VAP 演示' } as const;
export const DEMO_OWNER_NICKNAME = '演示管理员';

export const md5Hex = (text: string) => createHash('md5').update(text).digest('hex');

/** Seeds the demo company and owner when the database has no user; true when it did. */
export async function seedDemo(db: Db, passwords: PasswordHasher, demo: DemoAccount): Promise<boolean> {
  const passwordHash = await passwords.hash(md5Hex(demo.password));
  return db.transaction(async (tx) => {
    // Serialises concurrent first starts of several servers on one PostgreSQL.
    await tx.execute(sql`lock table ${users} in share row exclusive mode`);
    const [existing] = await tx.select({ id: users.id }).from(users).limit(1);
    if (existing) return false;
    const [company] = await tx
      .insert(companies)
      .values({
        name: DEMO_COMPANY.name,
        title: DEMO_COMPANY.title,
        verifyStatus: 2,
        cbs: 0,
        lvlmLab: 0,
        rsrcMgt: 0,
        voip: 0,
      })
      .returning({ id: companies.id });
    if (!company) throw new Error('demo company was not created');
    const phone = isMainlandPhone(demo.account) ? demo.account : null;
    await tx.insert(users).values({
      companyId: company.id,
      phone,
      email: demo.email.toLowerCase(),
      passwordHash,
      nickname: DEMO_OWNER_NICKNAME,
      roleId: OWNER_ROLE_ID,
    });
    return true;
  });
}
