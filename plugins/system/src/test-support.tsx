import '@vap/ui/test-polyfills';
import { type CompanyUser, type MenuItem, type MenuItemType, type Role, SYSTEM_PATHS } from '@vap/contracts';

export function menuItem(
  id: number,
  parentId: number,
  name: string,
  type: MenuItemType,
  children: MenuItem[] = [],
): MenuItem {
  return {
    id,
    parent_id: parentId,
    name,
    type,
    path: type === 'btn' ? '' : name,
    title: type === 'btn' ? `button.${name}` : `menu.${name}`,
    icon: '',
    is_hidden: false,
    is_disable: false,
    sort: id,
    children,
  };
}

export const role = (partial: Partial<Role> & Pick<Role, 'id' | 'name'>): Role => ({
  menus: { dashboard: [] },
  is_access_all_group: false,
  group_ids: [],
  is_default: false,
  users: 0,
  created_at: '2026-03-01T08:00:00.000Z',
  ...partial,
});

export const companyUser = (
  partial: Partial<CompanyUser> & Pick<CompanyUser, 'id' | 'nickname'>,
): CompanyUser => ({
  phone: `1380013${String(8000 + partial.id).padStart(4, '0')}`,
  email: '',
  remark: '',
  role_id: 2,
  role_name: '运维人员',
  created_at: '2026-03-02T09:30:00.000Z',
  ...partial,
});

export const rolesAnswer = (roles: Role[]) => ({
  [`GET ${SYSTEM_PATHS.roles}`]: { body: { items: roles } },
  [`GET ${SYSTEM_PATHS.userRoleOptions}`]: { body: { items: roles } },
});

export { rowAction, rowActionNames } from '@vap/ui/testing';
