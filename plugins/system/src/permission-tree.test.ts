import { conductCheck } from '@vap/ui';
import { describe, expect, it } from 'vitest';
import { checkedKeysOf, menusOfChecked, openKey, permissionTree } from './permission-tree.js';
import { menuItem } from './test-support.js';

// dashboard (page), system (dir) > system_user (page, buttons add/delete) > system_role (page),
// open (dir) > open_docs (link)
const menus = [
  menuItem(1, 0, 'dashboard', 'page'),
  menuItem(8, 0, 'system', 'dir', [
    menuItem(81, 8, 'system_user', 'page', [
      menuItem(811, 81, 'add', 'btn'),
      menuItem(812, 81, 'delete', 'btn'),
    ]),
    menuItem(82, 8, 'system_role', 'page'),
  ]),
  menuItem(7, 0, 'open', 'dir', [menuItem(72, 7, 'open_docs', 'link')]),
];
const tree = permissionTree(menus, (item) => `T(${item.title})`, 'Open');

/** What a user's clicks on `keys` amount to, as the Tree reports them. */
const menusOfClicks = (keys: string[]) => {
  const { checked, halfChecked } = conductCheck(tree.nodes, keys);
  return menusOfChecked(tree, checked, halfChecked);
};

describe('the permission tree of the role editor (spec §6)', () => {
  it('shows catalogs, pages, links and buttons with their titles; a page with buttons can be opened alone', () => {
    const system = tree.nodes[1];
    expect(system?.label).toBe('T(menu.system)');
    expect(system?.children?.[0]?.children?.map((node) => node.label)).toEqual([
      'Open',
      'T(button.add)',
      'T(button.delete)',
    ]);
    expect(tree.nodes[2]?.children?.[0]?.label).toBe('T(menu.open_docs)');
  });

  it('a checked button grants its page and keeps the ancestors', () => {
    expect(menusOfClicks(['system_user#add'])).toEqual({ system: [], system_user: ['add'] });
  });

  it('opening a page without buttons grants the page with none', () => {
    expect(menusOfClicks([openKey('system_user')])).toEqual({ system: [], system_user: [] });
  });

  it('checking a catalog grants everything below it', () => {
    expect(menusOfClicks(['system'])).toEqual({
      system: [],
      system_user: ['add', 'delete'],
      system_role: [],
    });
  });

  it("a role's menus map checks the same leaves again", () => {
    const map = { dashboard: [], system: [], system_user: ['delete'], open: [], open_docs: [] };
    const keys = checkedKeysOf(tree, map);
    expect(keys).toEqual(['dashboard', openKey('system_user'), 'system_user#delete', 'open_docs']);
    expect(menusOfClicks(keys)).toEqual(map);
  });

  it('leaves out the owner-only pages, which no role can be given', () => {
    expect(tree.nodes[1]?.children?.map((node) => node.key)).toEqual(['system_user', 'system_role']);
    expect(tree.entries.has('system_audit')).toBe(false);
  });

  it('ignores what the editor does not hold', () => {
    expect(checkedKeysOf(tree, { recharge: [], system_user: ['export'] })).toEqual([openKey('system_user')]);
  });
});
