/**
 * The menu tree a role may see (spec §2.3, §3). The catalogue lists every item; a role's menus map
 * names the dirs, pages and links it may open and, per page, the buttons it may use. The owner
 * (role_id 0) sees the whole catalogue.
 */
import type { MenuItem, MenusMap, UserMenus } from '@vap/contracts';
import type { menuItems } from '../../db/schema.js';

export type CatalogueRow = typeof menuItems.$inferSelect;

/** `'all'` for the owner; otherwise the role's grant. */
export type MenuGrant = 'all' | MenusMap;

function toItem(row: CatalogueRow): MenuItem {
  return {
    id: row.id,
    parent_id: row.parentId,
    name: row.name,
    type: row.type,
    path: row.path,
    title: row.title,
    icon: row.icon,
    is_hidden: row.isHidden,
    is_disable: row.isDisable,
    sort: row.sort,
    children: [],
  };
}

function bySortThenId(a: MenuItem, b: MenuItem) {
  return a.sort - b.sort || a.id - b.id;
}

export function menuTree(catalogue: readonly CatalogueRow[], grant: MenuGrant): UserMenus {
  const byId = new Map(catalogue.map((row) => [row.id, row]));
  const included = new Set<number>();

  const includeWithAncestors = (row: CatalogueRow) => {
    let current: CatalogueRow | undefined = row;
    while (current && !included.has(current.id)) {
      included.add(current.id);
      current = byId.get(current.parentId);
    }
  };

  for (const row of catalogue) {
    if (grant === 'all') {
      included.add(row.id);
    } else if (row.type === 'btn') {
      const page = byId.get(row.parentId);
      if (page && grant[page.name]?.includes(row.name)) includeWithAncestors(row);
    } else if (Object.hasOwn(grant, row.name)) {
      includeWithAncestors(row);
    }
  }

  const items = new Map<number, MenuItem>();
  for (const row of catalogue) if (included.has(row.id)) items.set(row.id, toItem(row));
  const roots: MenuItem[] = [];
  for (const item of items.values()) {
    const parent = items.get(item.parent_id);
    if (parent) parent.children.push(item);
    else if (item.parent_id === 0) roots.push(item);
  }
  const sortDeep = (list: MenuItem[]) => {
    list.sort(bySortThenId);
    for (const item of list) sortDeep(item.children);
  };
  sortDeep(roots);
  // Spec §4.1: a role with no access at all is answered with an empty object.
  return roots.length > 0 ? roots : {};
}
