/**
 * The plugin API: `definePlugin` and the typed contribution points a plugin fills.
 * A plugin package default-exports the result of `definePlugin`; the console lists it and
 * the kernel registers it. Nothing here imports React components eagerly: pages load lazily.
 */
import type { Language, MqttVersion, ProductFlag, UserInfo } from '@vap/contracts';
import type { ComponentType } from 'react';
import type { Contribution } from './extension-points.js';
import { tagProductFlag } from './product-flag.js';
import type { ServiceContribution } from './services.js';

/** What activation rules and menu-dir rules see (spec §2.3 menu filtering). */
export interface ActivationContext {
  user: UserInfo;
  /** Company product flags; 0 means enabled. Empty when the user has no company. */
  products: Partial<Record<ProductFlag, number>>;
  mqttVersion: MqttVersion | null;
}

export type LazyComponent = () => Promise<{ default: ComponentType }>;

/** Computes a page's browser title from its address, e.g. from the `name` query parameter. */
export type TitleRule = (location: { query: URLSearchParams }) => string | undefined;

/** A screen that a server menu item of type `page` maps to by name (spec §2.3). */
export interface PageContribution {
  readonly name: string;
  readonly component: LazyComponent;
  /** The button names this page checks with `usePermission` (spec §6). */
  readonly buttons: readonly string[];
  /** The page keeps its state when its tab is left (spec §2.3 "state kept"). */
  readonly keepAlive: boolean;
  /** Pinned tab that cannot be closed (spec §2.4). */
  readonly affix: boolean;
  readonly title?: TitleRule;
  /** Routes that exist whatever the server menu says (spec §2.2), at this path. */
  readonly always?: { readonly path: string; readonly ownerOnly?: boolean };
  /** Where the page sits in the server's menu catalogue, for a page the built-in catalogue lacks. */
  readonly menu?: MenuPlacement;
}

/**
 * A page's entry in the server's menu catalogue. The server learns it from the plugin's manifest
 * when the plugin is installed, so a plugin outside the built-in catalogue needs no migration.
 */
export interface MenuPlacement {
  /** The dir holding the page: a dir of the catalogue (`device`) or one the plugin adds; none = top level. */
  readonly dir?: string;
  /** The page's segment of the address. */
  readonly path: string;
  /** Locale key of the menu and tab title, in the plugin's namespace: `device-map:menu.map`. */
  readonly title: string;
  readonly icon?: string;
  /** Ascending among its siblings; 100 by default. */
  readonly sort?: number;
  /** Titles of the page's buttons by name; a button without one is titled `button.<name>`. */
  readonly buttons?: Readonly<Record<string, string>>;
}

/** A route reachable without signing in (spec §2.1). */
export interface PublicRouteContribution {
  readonly path: string;
  readonly component: LazyComponent;
  /** Locale key of the browser title. */
  readonly title: string;
}

/** A visibility rule for a server menu dir, by its path (spec §2.3: `mqtt`, `voip`). */
export interface MenuDirContribution {
  readonly path: string;
  readonly visible: (context: ActivationContext) => boolean;
  /** Set when the plugin adds this dir to the server's menu catalogue (its name is its path). */
  readonly catalogue?: CatalogueDir;
}

/** A menu dir a plugin adds to the catalogue, e.g. a dir of its own pages. */
export interface CatalogueDir {
  /** Locale key of the dir's title, in the plugin's namespace. */
  readonly title: string;
  readonly icon?: string;
  /** Ascending among the top-level items; 100 by default. */
  readonly sort?: number;
}

export type MessageLoader = () => Promise<{ default: Record<string, unknown> }>;

/** A locale namespace, loaded lazily per language. */
export interface MessagesContribution {
  readonly namespace: string;
  readonly loaders: Readonly<Record<Language, MessageLoader>>;
  /**
   * For the console's own strings only (`KernelOptions.messages`): keys the default namespace lacks
   * are read here, and these strings load once a session starts, not with the sign-in page.
   */
  readonly extendsDefault?: boolean;
}

/** A dialog a plugin opens from the user menu; the console mounts it and closes it on `onClose`. */
export type LazyDialog = () => Promise<{ default: ComponentType<{ onClose: () => void }> }>;

/** An entry of the top bar's user dropdown (spec §2.4), between the console's Dashboard and Logout. */
export interface UserMenuItemContribution {
  readonly id: string;
  /** Locale key of the label: the console's (`app.logout`) or a plugin's (`account:profile.title`). */
  readonly label: string;
  /** Ascending; entries with equal order keep the plugin order. */
  readonly order: number;
  /** Only the company owner (role_id 0) sees it. */
  readonly ownerOnly: boolean;
  /** Opens this address… */
  readonly to?: string;
  /** …or this dialog. */
  readonly dialog?: LazyDialog;
}

/** An element of the top bar's right side, e.g. the notice bell with its unread dot (spec §2.4). */
export interface TopbarItemContribution {
  readonly id: string;
  readonly component: LazyComponent;
  readonly order: number;
  readonly ownerOnly: boolean;
}

export interface PluginDefinition {
  /** Unique id, e.g. `account`. */
  readonly id: string;
  /** The kernel API range this plugin was written against, e.g. `^1`. */
  readonly kernel: string;
  /**
   * Whether the plugin is active for this user and company. Re-evaluated whenever the
   * context changes (sign-in as another user, company flags reloaded).
   */
  readonly activation?: (context: ActivationContext) => boolean;
  readonly pages?: readonly PageContribution[];
  readonly publicRoutes?: readonly PublicRouteContribution[];
  readonly menuDirs?: readonly MenuDirContribution[];
  readonly messages?: readonly MessagesContribution[];
  readonly services?: readonly ServiceContribution<unknown>[];
  readonly topbar?: readonly TopbarItemContribution[];
  readonly userMenu?: readonly UserMenuItemContribution[];
  /** Values for the extension points other plugins offer (`contribute(point, id, value)`). */
  readonly contributions?: readonly Contribution[];
}

/** A registered plugin: the definition, checked and frozen. */
export type Plugin = Readonly<PluginDefinition> & { readonly __vapPlugin: true };

const PLUGIN_ID = /^[a-z][a-z0-9-]*$/;

/** The plugins this copy of the kernel made: one that another copy made was built with its own kernel. */
const madeHere = new WeakSet<Plugin>();

export function definePlugin(definition: PluginDefinition): Plugin {
  if (!PLUGIN_ID.test(definition.id)) {
    throw new Error(`Plugin id "${definition.id}" must be lower-case letters, digits and dashes`);
  }
  const plugin = Object.freeze({ ...definition, __vapPlugin: true as const });
  madeHere.add(plugin);
  return plugin;
}

/**
 * Whether this copy of the kernel made the plugin. A plugin package that bundles `@vap/kernel`
 * instead of taking it as a peer brings a second copy, whose services, contexts and events are not
 * the console's: the registry refuses it at boot instead of letting it half work.
 */
export function isMadeByThisKernel(plugin: Plugin): boolean {
  return madeHere.has(plugin);
}

export interface PageOptions {
  buttons?: readonly string[];
  keepAlive?: boolean;
  affix?: boolean;
  title?: TitleRule;
  always?: { path: string; ownerOnly?: boolean };
  menu?: MenuPlacement;
}

export function page(name: string, component: LazyComponent, options: PageOptions = {}): PageContribution {
  return {
    name,
    component,
    buttons: options.buttons ?? [],
    keepAlive: options.keepAlive ?? false,
    affix: options.affix ?? false,
    ...(options.title ? { title: options.title } : {}),
    ...(options.always ? { always: options.always } : {}),
    ...(options.menu ? { menu: options.menu } : {}),
  };
}

export function publicRoute(path: string, component: LazyComponent, title: string): PublicRouteContribution {
  return { path, component, title };
}

/**
 * A visibility rule for the server dir at `path`; with `catalogue`, the plugin also adds that dir to
 * the server's menu catalogue (always visible: `() => true`).
 */
export function menuDir(
  path: string,
  visible: MenuDirContribution['visible'],
  catalogue?: CatalogueDir,
): MenuDirContribution {
  return { path, visible, ...(catalogue ? { catalogue } : {}) };
}

/** A loader that fetches once: later calls share the first call's promise, unless it failed. */
function loadOnce(loader: MessageLoader): MessageLoader {
  let loading: ReturnType<MessageLoader> | undefined;
  return () => {
    loading ??= loader().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}

/**
 * A namespace's strings per language. Each language's strings load once, so that a host may start
 * loading them before the i18n asks (`preloadMessages`), and a failed load is tried again.
 */
export function messages(namespace: string, loaders: Record<Language, MessageLoader>): MessagesContribution {
  const once = Object.fromEntries(
    Object.entries(loaders).map(([language, loader]) => [language, loadOnce(loader)]),
  ) as Record<Language, MessageLoader>;
  return { namespace, loaders: once };
}

export interface UserMenuItemOptions {
  order?: number;
  ownerOnly?: boolean;
}

export function userMenuItem(
  id: string,
  label: string,
  target: { to: string } | { dialog: LazyDialog },
  options: UserMenuItemOptions = {},
): UserMenuItemContribution {
  return { id, label, order: options.order ?? 100, ownerOnly: options.ownerOnly ?? false, ...target };
}

export function topbarItem(
  id: string,
  component: LazyComponent,
  options: UserMenuItemOptions = {},
): TopbarItemContribution {
  return { id, component, order: options.order ?? 100, ownerOnly: options.ownerOnly ?? false };
}

/** Title rule: the page is titled by a query parameter, e.g. `name` (spec §2.3 product detail, ad design). */
export function titleFromQuery(parameter: string): TitleRule {
  return ({ query }) => query.get(parameter)?.trim() || undefined;
}

/** Activation rule for plugins behind a company product flag (0 = enabled, spec §2.3). */
export function whenProductEnabled(flag: ProductFlag): (context: ActivationContext) => boolean {
  return tagProductFlag((context: ActivationContext) => context.products[flag] === 0, flag);
}
