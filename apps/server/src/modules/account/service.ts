import { OWNER_ROLE_ID, type UserInfo, type VerifyStatus } from '@vap/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { companies, roles, users } from '../../db/schema.js';
import { unauthorized } from '../../http/errors.js';
import type { MenuCatalogue } from '../menu/service.js';
import { type MenuGrant, menuTree } from '../menu/tree.js';

export class AccountService {
  constructor(
    private readonly db: Db,
    private readonly catalogue: MenuCatalogue,
    private readonly verifyCompany: boolean,
  ) {}

  /** The account behind a sign-in name: a mainland phone number or an email (any case). */
  async findBySignInName(account: string) {
    const column = account.includes('@') ? users.email : users.phone;
    const value = account.includes('@') ? account.toLowerCase() : account;
    const [user] = await this.db
      .select({ id: users.id, passwordHash: users.passwordHash })
      .from(users)
      .where(eq(column, value));
    return user;
  }

  /** User info of spec §3 (GET /v1/pms/user). */
  async userInfo(userId: number): Promise<UserInfo> {
    const [row] = await this.db
      .select({ user: users, company: companies })
      .from(users)
      .leftJoin(companies, eq(companies.id, users.companyId))
      .where(eq(users.id, userId));
    // The session outlived its user: treat the token as no longer valid.
    if (!row) throw unauthorized();
    const { user, company } = row;
    return {
      id: user.id,
      menus: menuTree(await this.catalogue.all(), await this.grantOf(user)),
      role_id: user.roleId,
      phone: user.phone ?? '',
      email: user.email ?? '',
      nickname: user.nickname,
      remark: user.remark,
      is_password_empty: user.passwordHash === null,
      company: company && {
        id: company.id,
        name: company.name,
        title: company.title,
        // Display URLs of stored objects arrive with the object store (issue 5).
        logo: '',
        verify_status: company.verifyStatus as VerifyStatus,
        products: {
          cbs: company.cbs,
          lvlm_lab: company.lvlmLab,
          rsrc_mgt: company.rsrcMgt,
          voip: company.voip,
        },
      },
      verify_company: this.verifyCompany,
    };
  }

  private async grantOf(user: typeof users.$inferSelect): Promise<MenuGrant> {
    if (user.companyId === null) return {};
    if (user.roleId === OWNER_ROLE_ID) return 'all';
    const [role] = await this.db
      .select({ menus: roles.menus })
      .from(roles)
      .where(and(eq(roles.id, user.roleId), eq(roles.companyId, user.companyId)));
    return role?.menus ?? {};
  }
}
