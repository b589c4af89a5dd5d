/**
 * A console plugin's static manifest (`dist/manifest.json` of every plugin build): what the plugin
 * contributes, derived from its `definePlugin` object by the kernel. The server reads it to learn
 * the menu entries of an installed plugin (its dirs, pages and buttons, with their titles), so a
 * third-party plugin needs no server migration; tools and CI read it without running the console.
 */
import { z } from 'zod';
import { PRODUCT_FLAGS } from './constants.js';

/** Plugin ids, as `definePlugin` checks them. */
export const PLUGIN_ID_PATTERN = /^[a-z][a-z0-9-]*$/;
/** Names of menu items (dirs, pages, buttons): what server menus and role grants are keyed by. */
const MENU_NAME = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;
/** One segment of a menu address. */
const PATH_SEGMENT = /^[a-z0-9][a-z0-9_-]{0,63}$/;
/** A locale key, `namespace:key` for a plugin's own strings (e.g. `device-map:menu.map`). */
const TITLE_KEY = /^(?:[a-z][a-z0-9-]*:)?[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*$/;

const menuName = z.string().regex(MENU_NAME);
const titleKey = z.string().max(128).regex(TITLE_KEY);
const icon = z
  .string()
  .max(64)
  .regex(/^[a-z0-9-]*$/);
const sort = z.number().int().min(0).max(1_000_000);

/**
 * Where a page of a plugin sits in the server's menu catalogue. Pages of the built-in catalogue
 * (spec §2.3) have no placement: the catalogue already lists them.
 */
export const pluginMenuPlacementSchema = z.object({
  /** The dir holding the page: one of the catalogue or one the plugin adds; `''` for the top level. */
  dir: z.union([z.literal(''), menuName]),
  path: z.string().regex(PATH_SEGMENT),
  title: titleKey,
  icon,
  sort,
  /** Titles of the page's buttons by name; a button without one is titled `button.<name>`. */
  buttons: z.record(menuName, titleKey),
});
export type PluginMenuPlacement = z.infer<typeof pluginMenuPlacementSchema>;

/** A menu dir a plugin adds to the catalogue (its name is its path). */
export const pluginMenuDirSchema = z.object({
  name: menuName,
  path: z.string().regex(PATH_SEGMENT),
  title: titleKey,
  icon,
  sort,
});
export type PluginMenuDir = z.infer<typeof pluginMenuDirSchema>;

export const pluginManifestSchema = z.object({
  id: z.string().max(40).regex(PLUGIN_ID_PATTERN),
  kernel: z.string().max(64),
  pages: z.array(
    z.object({
      name: menuName,
      buttons: z.array(menuName),
      keepAlive: z.boolean(),
      affix: z.boolean(),
      always: z.object({ path: z.string(), ownerOnly: z.boolean() }).optional(),
      menu: pluginMenuPlacementSchema.optional(),
    }),
  ),
  publicRoutes: z.array(z.string()),
  /** Paths of the server dirs whose visibility the plugin rules. */
  menuDirs: z.array(z.string()),
  /** Dirs the plugin adds to the catalogue. */
  catalogueDirs: z.array(pluginMenuDirSchema),
  /** Product flags that switch the plugin on (0 = enabled); empty when always active. */
  flags: z.array(z.enum(PRODUCT_FLAGS)),
  /** Whether activation depends on something besides product flags. */
  customActivation: z.boolean(),
  messages: z.array(z.string()),
  services: z.array(z.string()),
  topbar: z.array(z.string()),
  userMenu: z.array(z.string()),
  /** What the plugin contributes to other plugins' extension points. */
  contributions: z.array(z.object({ point: z.string(), id: z.string() })),
});
export type PluginManifest = z.infer<typeof pluginManifestSchema>;
