/**
 * First-start demo data: a verified demo company with every product on, its owner, and an
 * operator whose role allows part of the menu (what a staff member who is not the owner sees); a
 * downstream company of it; a factory pool of units, 60 of them bound to the demo company in three
 * groups and a few to the downstream company (devices/demo.ts); an opening balance and cloud packages
 * on a dozen of its devices (cbs/demo.ts); the algorithm mall's products (algmall/demo.ts); a trade-in
 * campaign open now (campaigns/demo.ts). Runs
 * only while no user exists, so a restart (or a real deployment's data) is never touched.
 */
import { createHash } from 'node:crypto';
import { isMainlandPhone, OWNER_ROLE_ID } from '@vap/contracts';
import { sql } from 'drizzle-orm';
import type { PasswordHasher } from './core/auth/passwords.js';
import type { Db } from './core/db/client.js';
import { companies, roles, users } from './core/db/schema.js';
import { writtenRow } from './core/db/written-row.js';
import { seedDemoProducts } from './modules/algmall/index.js';
import { seedDemoCampaign, seedDemoExchange } from './modules/campaigns/index.js';
import { seedDemoCloud } from './modules/cbs/index.js';
import { seedDemoDevices } from './modules/devices/index.js';
import { createDefaultRole } from './modules/system/index.js';

export interface DemoAccount {
  account: string;
  email: string;
  password: string;
}

export const DEMO_COMPANY = { name: '演示科技有限公司', title: 'VAP 演示' } as const;
export const DEMO_OWNER_NICKNAME = '演示管理员';
/** A customer company under the demo company (spec §6 downstream companies), with a few devices. */
export const DEMO_DOWNSTREAM_COMPANY = { name: '演示下游客户有限公司', title: '下游客户' } as const;
/** The demo operator signs in with the owner's demo password. */
export const DEMO_OPERATOR = {
  phone: '13800138001',
  email: 'operator@vap-demo.com',
  nickname: '演示运维',
} as const;
export const DEMO_OPERATOR_ROLE = {
  name: '运维人员',
  menus: {
    dashboard: [],
    device_maintenance: ['export'],
    device_bind_record: ['export'],
    mqtt_dashboard: [],
    mqtt_device_client: [],
    resource_download: [],
  },
} as const;

export const md5Hex = (text: string) => createHash('md5').update(text).digest('hex');

/** Whether the database has any account yet (a production start without the demo says how to add one). */
export async function hasUsers(db: Db): Promise<boolean> {
  const [existing] = await db.select({ id: users.id }).from(users).limit(1);
  return existing !== undefined;
}

/**
 * Seeds the demo company and owner when the database has no user; true when it did. The server
 * secret seals the demo units' device secrets, as the server reads them.
 */
export async function seedDemo(
  db: Db,
  passwords: PasswordHasher,
  demo: DemoAccount,
  serverSecret: string,
): Promise<boolean> {
  // A restart (any user) seeds nothing: it is told before hashing, which costs an Argon2 pass each.
  // The check is made again under the lock, for servers starting together on one PostgreSQL.
  if (await hasUsers(db)) return false;
  // One hash each, each with its own salt: two accounts never share a stored hash.
  const [ownerHash, operatorHash] = await Promise.all([
    passwords.hash(md5Hex(demo.password)),
    passwords.hash(md5Hex(demo.password)),
  ]);
  return db.transaction(async (tx) => {
    // Serialises concurrent first starts of several servers on one PostgreSQL.
    await tx.execute(sql`lock table ${users} in share row exclusive mode`);
    const [existing] = await tx.select({ id: users.id }).from(users).limit(1);
    if (existing) return false;
    const company = await writtenRow(
      tx
        .insert(companies)
        .values({
          name: DEMO_COMPANY.name,
          title: DEMO_COMPANY.title,
          verifyStatus: 2,
          // The demo shows everything, the remote terminal included.
          plan: 'standard',
          cbs: 0,
          lvlmLab: 0,
          rsrcMgt: 0,
          voip: 0,
        })
        .returning({ id: companies.id }),
      'demo company was not created',
    );
    const phone = isMainlandPhone(demo.account) ? demo.account : null;
    const owner = await writtenRow(
      tx
        .insert(users)
        .values({
          companyId: company.id,
          phone,
          email: demo.email.toLowerCase(),
          passwordHash: ownerHash,
          nickname: DEMO_OWNER_NICKNAME,
          roleId: OWNER_ROLE_ID,
        })
        .returning({ id: users.id }),
      'demo owner was not created',
    );
    await createDefaultRole(tx, company.id);
    const role = await writtenRow(
      tx
        .insert(roles)
        .values({
          companyId: company.id,
          name: DEMO_OPERATOR_ROLE.name,
          menus: Object.fromEntries(
            Object.entries(DEMO_OPERATOR_ROLE.menus).map(([page, buttons]) => [page, [...buttons]]),
          ),
          isAccessAllGroup: true,
        })
        .returning({ id: roles.id }),
      'demo role was not created',
    );
    // The operator's phone or email may be the owner's own demo sign-in: then there is no operator.
    if (phone !== DEMO_OPERATOR.phone && demo.email.toLowerCase() !== DEMO_OPERATOR.email) {
      await tx.insert(users).values({
        companyId: company.id,
        phone: DEMO_OPERATOR.phone,
        email: DEMO_OPERATOR.email,
        passwordHash: operatorHash,
        nickname: DEMO_OPERATOR.nickname,
        roleId: role.id,
      });
    }
    const downstream = await writtenRow(
      tx
        .insert(companies)
        .values({ ...DEMO_DOWNSTREAM_COMPANY, verifyStatus: 2, parentId: company.id })
        .returning({ id: companies.id }),
      'demo downstream company was not created',
    );
    await createDefaultRole(tx, downstream.id);
    await seedDemoDevices(tx, {
      companyId: company.id,
      downstreamCompanyId: downstream.id,
      operatorId: owner.id,
      operatorName: DEMO_OWNER_NICKNAME,
      serverSecret,
    });
    await seedDemoCloud(tx, company.id, owner.id);
    await seedDemoProducts(tx);
    await seedDemoCampaign(tx);
    await seedDemoExchange(tx);
    return true;
  });
}
