/** The signed-in user of a test and its menu items, without React: the kernel's own tests use them too. */
import type { MenuItem, UserInfo } from '@vap/contracts';

let nextMenuId = 1000;

/**
 * A menu item for tests: shown, enabled, at the top level, its path its name and its title the
 * console's `menu.<name>` string; an id of its own unless one is given.
 */
export function testMenuItem(partial: Partial<MenuItem> & Pick<MenuItem, 'name' | 'type'>): MenuItem {
  nextMenuId += 1;
  return {
    id: nextMenuId,
    parent_id: 0,
    path: partial.name,
    title: `menu.${partial.name}`,
    icon: '',
    is_hidden: false,
    is_disable: false,
    sort: 0,
    children: [],
    ...partial,
  };
}

/** A signed-in company user for tests: the owner of a verified company with every product on. */
export function testUser(partial: Partial<UserInfo> = {}): UserInfo {
  return {
    id: 1,
    menus: [],
    role_id: 0,
    role_name: null,
    phone: '13800138000',
    email: 'owner@vap-demo.com',
    nickname: '测试用户',
    remark: '',
    is_password_empty: false,
    company: {
      id: 1,
      name: '测试科技有限公司',
      title: 'VAP',
      logo: '',
      verify_status: 2,
      products: { cbs: 0, lvlm_lab: 0, rsrc_mgt: 0, voip: 0 },
    },
    verify_company: true,
    ...partial,
  };
}
