import { z } from 'zod';
import { joinMenuPath } from './menu-path.js';

export { joinMenuPath } from './menu-path.js';

/** Item types of the server menu (spec §2.3). */
export const MENU_ITEM_TYPES = ['dir', 'page', 'link', 'btn'] as const;
export type MenuItemType = (typeof MENU_ITEM_TYPES)[number];

export interface MenuItem {
  id: number;
  parent_id: number;
  name: string;
  type: MenuItemType;
  /** Path segment of a dir or page, or the external address of a link. */
  path: string;
  /** A locale key (`menu.<name>`) or a literal text. */
  title: string;
  icon: string;
  is_hidden: boolean;
  is_disable: boolean;
  sort: number;
  children: MenuItem[];
}

export const menuItemSchema: z.ZodType<MenuItem> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    parent_id: z.number().int(),
    name: z.string(),
    type: z.enum(MENU_ITEM_TYPES),
    path: z.string(),
    title: z.string(),
    icon: z.string(),
    is_hidden: z.boolean(),
    is_disable: z.boolean(),
    sort: z.number().int(),
    children: z.array(menuItemSchema),
  }),
);

/**
 * The menus of user info. The server answers a tree; an empty object (or empty list) means the
 * role has no access at all (spec §4.1).
 */
export const userMenusSchema = z.union([z.array(menuItemSchema), z.object({}).strict()]);
export type UserMenus = z.infer<typeof userMenusSchema>;

/** A role's grant: page, dir or link name → the button names allowed on it (spec §3). */
export const menusMapSchema = z.record(z.string(), z.array(z.string()));
export type MenusMap = z.infer<typeof menusMapSchema>;

/** Known page names of spec §2.3. */
export const PAGE_NAMES = [
  'dashboard',
  'recharge',
  'consume_record',
  'coupon',
  'device_maintenance',
  'device_bind_record',
  'device_verify',
  'adpkg_management',
  'adpkg_design',
  'video_detail',
  'openapi_debug',
  'system_user',
  'system_role',
  'system_audit',
  'prs_trial',
  'prs_detail',
  'algmall_product_list',
  'algmall_product_detail',
  'algmall_onauth',
  'algmall_offauth',
  'algmall_order',
  'algmall_consume',
  'algmall_detect_lab',
  'resource_download',
  'resource_management',
  'invoice_record',
  'invoice_payment',
  'mqtt_dashboard',
  'mqtt_device_client',
  'mqtt_user_client',
  'mqtt_user_subs',
  'mqtt_debug_tool',
  'mqtt_log',
  'voip_device_phone',
  'voip_agent_phone',
  'voip_call_center',
  'voip_dial_record',
  'cbs_dashboard',
  'hologram_parking',
  'promotion_info',
  'trade_in',
] as const;
export type PageName = (typeof PAGE_NAMES)[number];

/**
 * Pages only a company's owner opens (their routes declare the `owner` access kind): no role can be
 * given them, so the menu of anyone else never shows them and the role editor leaves them out.
 */
export const OWNER_ONLY_PAGES: readonly PageName[] = ['system_audit'];

/** A menu item without its children, as the catalogue stores it. */
export type FlatMenuItem = Omit<MenuItem, 'children'>;

function bySortThenId(a: FlatMenuItem, b: FlatMenuItem) {
  return a.sort - b.sort || a.id - b.id;
}

/** Nests catalogue items by `parent_id` (0 is the top level), each level ordered by `sort`. */
export function menuTreeFromItems(items: readonly FlatMenuItem[]): MenuItem[] {
  const nodes = new Map<number, MenuItem>(items.map((item) => [item.id, { ...item, children: [] }]));
  const roots: MenuItem[] = [];
  for (const node of [...nodes.values()].sort(bySortThenId)) {
    if (node.parent_id === 0) roots.push(node);
    else nodes.get(node.parent_id)?.children.push(node);
  }
  return roots;
}

/**
 * The part of a menu tree a menus map grants (spec §3, §6): every dir, page or link it names,
 * with its ancestors, and on each granted page only the buttons listed for it. Used by the server
 * for user info and by the role editor for its permission tree.
 */
export function filterMenuTree(tree: readonly MenuItem[], grant: MenusMap): MenuItem[] {
  const visit = (item: MenuItem, buttons: readonly string[] | undefined): MenuItem | null => {
    if (item.type === 'btn') return buttons?.includes(item.name) ? { ...item, children: [] } : null;
    const own = Object.hasOwn(grant, item.name) ? grant[item.name] : undefined;
    const children = item.children
      .map((child) => visit(child, own))
      .filter((child): child is MenuItem => child !== null);
    const granted = own !== undefined || children.some((child) => child.type !== 'btn');
    return granted ? { ...item, children } : null;
  };
  return tree.map((item) => visit(item, undefined)).filter((item): item is MenuItem => item !== null);
}

/** The menus map a set of checked items stands for: the inverse of `filterMenuTree`. */
export function menusMapOfTree(tree: readonly MenuItem[]): MenusMap {
  const map: MenusMap = {};
  const visit = (item: MenuItem) => {
    if (item.type === 'btn') return;
    map[item.name] = item.children.filter((child) => child.type === 'btn').map((child) => child.name);
    for (const child of item.children) visit(child);
  };
  for (const item of tree) visit(item);
  return map;
}

/** A page of the catalogue and the address the console gives it. */
export const pageAddressSchema = z.object({ name: z.string(), path: z.string() });
export type PageAddress = z.infer<typeof pageAddressSchema>;

/**
 * The answer of GET /v1/pms/menus: every page of the catalogue with its address, whatever the
 * caller's role, so that the console tells a page the role lacks ('not permitted') from an address
 * that is no page at all (spec §2.3: to /index).
 */
export const catalogueMenusSchema = z.object({ pages: z.array(pageAddressSchema) });
export type CatalogueMenus = z.infer<typeof catalogueMenusSchema>;

/** Every page of a menu tree with its address: its dirs' path segments and its own, joined. */
export function pageAddresses(tree: readonly MenuItem[], parent = '/'): PageAddress[] {
  return tree.flatMap((item) => {
    const path = joinMenuPath(parent, item.path);
    if (item.type === 'page') return [{ name: item.name, path }];
    return item.type === 'dir' ? pageAddresses(item.children, path) : [];
  });
}
