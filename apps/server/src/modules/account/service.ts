import type { UserInfo, VerifyStatus } from '@vap/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import type { Caller } from '../auth/caller.js';
import type { MenuCatalogue } from '../menu/service.js';

export class AccountService {
  /** Display URL of a stored object; the object store provides it (company module). */
  #objectUrl: (path: string) => string = () => '';

  constructor(
    private readonly db: Db,
    private readonly catalogue: MenuCatalogue,
    private readonly verifyCompany: boolean,
  ) {}

  /** How stored objects (the company logo) become URLs the console can show. */
  useObjectUrls(objectUrl: (path: string) => string): void {
    this.#objectUrl = objectUrl;
  }

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

  /**
   * User info of spec §3 (GET /v1/pms/user) of the caller the access hook read: no further query.
   * The grant is the role as read for this request, so a narrowed role shows on the next one (§6).
   */
  async userInfo({ user, company, permissions }: Caller): Promise<UserInfo> {
    const { holder } = permissions;
    return {
      id: user.id,
      menus: await this.catalogue.tree(holder === 'all' ? 'all' : holder.menus),
      role_id: user.roleId,
      phone: user.phone ?? '',
      email: user.email ?? '',
      nickname: user.nickname,
      remark: user.remark,
      is_password_empty: user.passwordEmpty,
      company: company && {
        id: company.id,
        name: company.name,
        title: company.title,
        // A signed, expiring URL: the console shows it in an <img>, which sends no bearer header.
        logo: company.logo ? this.#objectUrl(company.logo) : '',
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
}
