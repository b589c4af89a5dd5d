import type { UserInfo, VerifyStatus } from '@vap/contracts';
import { eq } from 'drizzle-orm';
import { holderOf } from '../../core/auth/permissions.js';
import type { Db } from '../../core/db/client.js';
import { companies, users } from '../../core/db/schema.js';
import { unauthorized } from '../../core/http/errors.js';
import type { MenuCatalogue } from '../../core/menu/catalogue.js';
import { type MenuGrant, menuTree } from '../../core/menu/tree.js';

export class AccountService {
  constructor(
    private readonly db: Db,
    private readonly catalogue: MenuCatalogue,
    private readonly verifyCompany: boolean,
    /** The display URL of a stored object (the company logo), signed by the object store. */
    private readonly objectUrl: (path: string) => string,
  ) {}

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
        // A signed, expiring URL: the console shows it in an <img>, which sends no bearer header.
        logo: company.logo ? this.objectUrl(company.logo) : '',
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

  /** Read on every call, so a narrowed role shows on the user's next request (spec §6). */
  private async grantOf(user: typeof users.$inferSelect): Promise<MenuGrant> {
    const holder = await holderOf(this.db, user);
    return holder === 'all' ? 'all' : holder.menus;
  }
}
