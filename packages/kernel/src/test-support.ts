/** Builders shared by the kernel's own tests. */
import type { MenuItem, UserInfo } from '@vap/contracts';

let nextId = 1000;

export function menuItem(partial: Partial<MenuItem> & Pick<MenuItem, 'name' | 'type'>): MenuItem {
  nextId += 1;
  return {
    id: nextId,
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

export function userInfo(partial: Partial<UserInfo> = {}): UserInfo {
  return {
    id: 1,
    menus: [menuItem({ name: 'dashboard', type: 'page' })],
    role_id: 0,
    role_name: null,
    phone: '13800138000',
    email: 'owner@vap-demo.com',
    nickname: '演示管理员',
    remark: '',
    is_password_empty: false,
    company: {
      id: 1,
      name: '演示科技有限公司',
      title: 'VAP 演示',
      logo: '',
      verify_status: 2,
      products: { cbs: 0, lvlm_lab: 0, rsrc_mgt: 0, voip: 0 },
    },
    verify_company: true,
    ...partial,
  };
}

/** A JWT-shaped token with the given `exp` (seconds); the signature is irrelevant client-side. */
export function fakeJwt(exp: number): string {
  const encode = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: '1', exp })}.signature`;
}
