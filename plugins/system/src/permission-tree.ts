/**
 * The permission tree of the role editor (spec §3 role, §6): catalogs, pages, links and buttons,
 * taken from the editor's own menu (already filtered by the server from their menus map, keeping
 * ancestors), so that nobody can tick more than they hold.
 *
 * Owner-only pages (the audit log) are left out: no role can be given them.
 *
 * A page with buttons gets a first leaf "open the page": a role may open a page without any of its
 * buttons, which a tree whose parents follow their children could not express otherwise.
 */
import { type MenuItem, type MenusMap, OWNER_ONLY_PAGES } from '@vap/contracts';
import type { TreeNode } from '@vap/ui';

/** Key of the "open the page" leaf of a page with buttons. */
export const openKey = (page: string) => `${page}#open`;
const buttonKey = (page: string, button: string) => `${page}#${button}`;

export interface PermissionTree {
  nodes: TreeNode[];
  /** Every node key → the menu name and, for a button, its page. */
  entries: Map<string, { name: string; button?: string }>;
}

const grantable = (items: readonly MenuItem[]) =>
  items.filter((item) => !(OWNER_ONLY_PAGES as readonly string[]).includes(item.name));

/** `title` is the translated title of a menu item (a locale key or a literal). */
export function permissionTree(
  menus: readonly MenuItem[],
  title: (item: MenuItem) => string,
  openLabel: string,
): PermissionTree {
  const entries: PermissionTree['entries'] = new Map();
  const build = (item: MenuItem): TreeNode => {
    entries.set(item.name, { name: item.name });
    const buttons = item.children.filter((child) => child.type === 'btn');
    const others = grantable(item.children.filter((child) => child.type !== 'btn'));
    const children: TreeNode[] = [];
    if (buttons.length > 0) {
      entries.set(openKey(item.name), { name: item.name });
      children.push({ key: openKey(item.name), label: openLabel });
      for (const button of buttons) {
        const key = buttonKey(item.name, button.name);
        entries.set(key, { name: item.name, button: button.name });
        children.push({ key, label: title(button) });
      }
    }
    children.push(...others.map(build));
    return children.length > 0
      ? { key: item.name, label: title(item), children }
      : { key: item.name, label: title(item) };
  };
  return { nodes: grantable(menus).map(build), entries };
}

/**
 * The checked leaves that show a role's menus map: each granted button, the "open" leaf of a
 * granted page with buttons, and each granted item without children. Ancestors follow by themselves.
 */
export function checkedKeysOf(tree: PermissionTree, menus: MenusMap): string[] {
  const keys: string[] = [];
  const visit = (node: TreeNode) => {
    const entry = tree.entries.get(node.key);
    if (!entry) return;
    if (node.children === undefined || node.children.length === 0) {
      const granted = Object.hasOwn(menus, entry.name);
      const held = entry.button === undefined || (menus[entry.name] ?? []).includes(entry.button);
      if (granted && held) keys.push(node.key);
      return;
    }
    for (const child of node.children) visit(child);
  };
  for (const node of tree.nodes) visit(node);
  return keys;
}

/**
 * The menus map of a checked tree: every checked or half-checked item (so ancestors are kept), with
 * the checked buttons of each page.
 */
export function menusOfChecked(
  tree: PermissionTree,
  checked: readonly string[],
  halfChecked: readonly string[],
): MenusMap {
  const menus: MenusMap = {};
  for (const key of [...halfChecked, ...checked]) {
    const entry = tree.entries.get(key);
    if (!entry) continue;
    const buttons = menus[entry.name] ?? [];
    if (entry.button !== undefined && !buttons.includes(entry.button)) buttons.push(entry.button);
    menus[entry.name] = buttons;
  }
  return menus;
}
