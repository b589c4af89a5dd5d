/**
 * The menu tree a role may see (spec §2.3, §3). The catalogue lists every item; a role's menus map
 * names the dirs, pages and links it may open and, per page, the buttons it may use. The owner
 * (role_id 0) sees the whole catalogue; only the owner sees the owner-only pages (OWNER_ONLY_PAGES).
 */
import {
  type FlatMenuItem,
  filterMenuTree,
  type MenusMap,
  menuTreeFromItems,
  OWNER_ONLY_PAGES,
  type UserMenus,
} from '@vap/contracts';
import type { menuItems } from './schema.js';

export type CatalogueRow = typeof menuItems.$inferSelect;

/** `'all'` for the owner; otherwise the role's grant. */
export type MenuGrant = 'all' | MenusMap;

function toItem(row: CatalogueRow): FlatMenuItem {
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
  };
}

/** A role's grant without the owner-only pages, which no role can hold (even one stored earlier). */
function withoutOwnerPages(grant: MenusMap): MenusMap {
  return Object.fromEntries(
    Object.entries(grant).filter(([name]) => !(OWNER_ONLY_PAGES as readonly string[]).includes(name)),
  );
}

export function menuTree(catalogue: readonly CatalogueRow[], grant: MenuGrant): UserMenus {
  const full = menuTreeFromItems(catalogue.map(toItem));
  const tree = grant === 'all' ? full : filterMenuTree(full, withoutOwnerPages(grant));
  // Spec §4.1: a role with no access at all is answered with an empty object.
  return tree.length > 0 ? tree : {};
}
