import { describe, expect, it } from 'vitest';
import {
  type FlatMenuItem,
  filterMenuTree,
  joinMenuPath,
  type MenuItem,
  menusMapOfTree,
  menuTreeFromItems,
  pageAddresses,
} from './menu.js';

const item = (
  id: number,
  parent_id: number,
  name: string,
  type: FlatMenuItem['type'],
  sort = id,
): FlatMenuItem => ({
  id,
  parent_id,
  name,
  type,
  path: type === 'btn' ? '' : name,
  title: `menu.${name}`,
  icon: '',
  is_hidden: false,
  is_disable: false,
  sort,
});

const catalogue = menuTreeFromItems([
  item(1, 0, 'dashboard', 'page'),
  item(100, 0, 'system', 'dir', 20),
  item(101, 100, 'system_user', 'page', 2),
  item(10101, 101, 'add', 'btn'),
  item(10102, 101, 'delete', 'btn'),
  item(102, 100, 'system_role', 'page', 1),
  item(10201, 102, 'add', 'btn'),
  item(200, 0, 'open', 'dir', 10),
  item(201, 200, 'open_docs', 'link'),
]);

const names = (tree: readonly MenuItem[]): unknown[] =>
  tree.map((node) => (node.children.length ? [node.name, names(node.children)] : node.name));

describe('menu trees (spec §2.3, §3, §6)', () => {
  it('nests items by parent_id, each level ordered by sort then id', () => {
    expect(names(catalogue)).toEqual([
      'dashboard',
      ['open', ['open_docs']],
      [
        'system',
        [
          ['system_role', ['add']],
          ['system_user', ['add', 'delete']],
        ],
      ],
    ]);
  });

  it('a menus map keeps the granted pages with their ancestors and only the listed buttons', () => {
    expect(names(filterMenuTree(catalogue, { system_user: ['delete'], open_docs: [] }))).toEqual([
      ['open', ['open_docs']],
      ['system', [['system_user', ['delete']]]],
    ]);
  });

  it('a button granted on one page does not show on another page with the same button', () => {
    expect(names(filterMenuTree(catalogue, { system_role: ['add'], system_user: [] }))).toEqual([
      ['system', [['system_role', ['add']], 'system_user']],
    ]);
  });

  it('a button name alone grants nothing', () => {
    expect(filterMenuTree(catalogue, { add: [] })).toEqual([]);
  });

  it('the menus map of a filtered tree gives the same tree back', () => {
    const grant = { system_user: ['add'], system: [], open: [], open_docs: [] };
    const filtered = filterMenuTree(catalogue, grant);
    expect(filterMenuTree(catalogue, menusMapOfTree(filtered))).toEqual(filtered);
    expect(menusMapOfTree(filtered)).toEqual(grant);
  });
});

describe('page addresses (GET /v1/pms/menus)', () => {
  it('joins the dir segments and the page segment; links and buttons have no address', () => {
    expect(pageAddresses(catalogue)).toEqual([
      { name: 'dashboard', path: '/dashboard' },
      { name: 'system_role', path: '/system/system_role' },
      { name: 'system_user', path: '/system/system_user' },
    ]);
  });

  it('a segment starting with / is absolute, and a trailing / of the parent is not doubled', () => {
    expect(joinMenuPath('/system/', 'user')).toBe('/system/user');
    expect(joinMenuPath('/system', '/elsewhere')).toBe('/elsewhere');
  });
});
