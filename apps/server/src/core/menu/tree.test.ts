import { describe, expect, it } from 'vitest';
import { type CatalogueRow, menuTree } from './tree.js';

const row = (
  id: number,
  parentId: number,
  name: string,
  type: CatalogueRow['type'],
  sort = id,
): CatalogueRow => ({
  id,
  parentId,
  name,
  type,
  path: type === 'btn' ? '' : name,
  title: `menu.${name}`,
  icon: '',
  isHidden: false,
  isDisable: false,
  sort,
  plugin: '',
  removed: false,
});

const catalogue = [
  row(1, 0, 'dashboard', 'page'),
  row(100, 0, 'system', 'dir', 20),
  row(101, 100, 'system_user', 'page', 2),
  row(10101, 101, 'add', 'btn'),
  row(10102, 101, 'delete', 'btn'),
  row(102, 100, 'system_role', 'page', 1),
  row(200, 0, 'open', 'dir', 10),
  row(201, 200, 'open_docs', 'link'),
];

describe('menuTree', () => {
  it('gives the owner every item, children sorted by sort then id', () => {
    const tree = menuTree(catalogue, 'all');
    expect(Array.isArray(tree) && tree.map((item) => item.name)).toEqual(['dashboard', 'open', 'system']);
    const system = Array.isArray(tree) ? tree[2] : undefined;
    expect(system?.children.map((item) => item.name)).toEqual(['system_role', 'system_user']);
    expect(system?.children[1]?.children.map((item) => item.name)).toEqual(['add', 'delete']);
  });

  it('filters by the role grant (the rules themselves are tested in @vap/contracts)', () => {
    const tree = menuTree(catalogue, { system_user: ['delete'] });
    expect(Array.isArray(tree) && tree.map((item) => item.name)).toEqual(['system']);
  });

  it('shows an owner-only page (the audit log) to the owner only, whatever a role names', () => {
    const withAudit = [...catalogue, row(103, 100, 'system_audit', 'page', 3)];
    const names = (tree: ReturnType<typeof menuTree>) =>
      Array.isArray(tree) ? tree.flatMap((item) => item.children.map((child) => child.name)) : [];
    expect(names(menuTree(withAudit, 'all'))).toContain('system_audit');
    expect(names(menuTree(withAudit, { system: [], system_audit: [], system_user: [] }))).toEqual([
      'system_user',
    ]);
  });

  it('answers an empty object when the grant is empty', () => {
    expect(menuTree(catalogue, {})).toEqual({});
  });

  it('maps columns to the item fields of spec §2.3', () => {
    const tree = menuTree([row(1, 0, 'dashboard', 'page')], 'all');
    expect(tree).toEqual([
      {
        id: 1,
        parent_id: 0,
        name: 'dashboard',
        type: 'page',
        path: 'dashboard',
        title: 'menu.dashboard',
        icon: '',
        is_hidden: false,
        is_disable: false,
        sort: 1,
        children: [],
      },
    ]);
  });
});
