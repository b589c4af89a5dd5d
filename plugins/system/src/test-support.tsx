import '@vap/ui/test-polyfills';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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

/** The "more" menu's button of a table row (a row shows two actions; the rest fold into it). */
const moreOf = (row: HTMLElement) => row.querySelector<HTMLElement>('button[aria-haspopup="menu"]');

/** A row's action to click: its button, or the item of its "more" menu, which this opens. */
export async function rowAction(row: HTMLElement, name: string): Promise<HTMLElement> {
  const button = within(row).queryByRole('button', { name });
  if (button) return button;
  const more = moreOf(row);
  if (!more) throw new Error(`The row offers no action "${name}" and has no "more" menu`);
  await userEvent.click(more);
  return screen.findByRole('menuitem', { name });
}

/** Every action a row offers, its buttons' and its "more" menu's (opened and closed again). */
export async function rowActionNames(row: HTMLElement): Promise<string[]> {
  const more = moreOf(row);
  const names = within(row)
    .queryAllByRole('button')
    .filter((button) => button !== more)
    .map((button) => button.textContent ?? '');
  if (!more) return names;
  await userEvent.click(more);
  const menu = await screen.findByRole('menu');
  names.push(
    ...within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.textContent ?? ''),
  );
  await userEvent.keyboard('{Escape}');
  return names;
}
