import type { UserInfo, VerifyStatus } from '@vap/contracts';
import type { Caller } from '../../core/auth/caller.js';
import type { MenuCatalogue } from '../../core/menu/catalogue.js';

export class AccountService {
  constructor(
    private readonly catalogue: MenuCatalogue,
    private readonly verifyCompany: boolean,
    /** The display URL of a stored object (the company logo), signed by the object store. */
    private readonly objectUrl: (path: string) => Promise<string>,
  ) {}

  /**
   * User info of spec §3 (GET /v1/pms/user) of the caller the access hook read: no further query.
   * The grant is the role as read for this request, so a narrowed role shows on the next one (§6).
   */
  async userInfo({ user, company, roleName, permissions }: Caller): Promise<UserInfo> {
    const { holder } = permissions;
    return {
      id: user.id,
      menus: await this.catalogue.tree(holder === 'all' ? 'all' : holder.menus),
      role_id: user.roleId,
      role_name: roleName,
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
        logo: company.logo ? await this.objectUrl(company.logo) : '',
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
