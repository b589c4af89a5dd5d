/**
 * A plugin's static manifest: what it contributes, derived from its definition and written next
 * to its build (`dist/manifest.json`). Tools and CI read it without running the console, e.g. to
 * compare the pages plugins claim with the server's menu catalogue.
 */
import type { PluginManifest, ProductFlag } from '@vap/contracts';
import type { ActivationContext, MenuPlacement, Plugin } from './plugin.js';

export type { PluginManifest } from '@vap/contracts';

const FLAG = Symbol.for('vap.productFlag');

/** Marks an activation rule as "product flag X is 0", so that manifests can name the flag. */
export function tagProductFlag<T extends (context: ActivationContext) => boolean>(
  rule: T,
  flag: ProductFlag,
): T {
  Object.defineProperty(rule, FLAG, { value: flag });
  return rule;
}

export function pluginManifest(plugin: Plugin): PluginManifest {
  const flag = plugin.activation
    ? (plugin.activation as unknown as Record<symbol, ProductFlag | undefined>)[FLAG]
    : undefined;
  return {
    id: plugin.id,
    kernel: plugin.kernel,
    pages: (plugin.pages ?? []).map((page) => ({
      name: page.name,
      buttons: [...page.buttons],
      keepAlive: page.keepAlive,
      affix: page.affix,
      ...(page.always
        ? { always: { path: page.always.path, ownerOnly: page.always.ownerOnly ?? false } }
        : {}),
      ...(page.menu ? { menu: placement(page.menu) } : {}),
    })),
    publicRoutes: (plugin.publicRoutes ?? []).map((route) => route.path),
    menuDirs: (plugin.menuDirs ?? []).map((dir) => dir.path),
    catalogueDirs: (plugin.menuDirs ?? []).flatMap((dir) =>
      dir.catalogue
        ? [
            {
              name: dir.path,
              path: dir.path,
              title: dir.catalogue.title,
              icon: dir.catalogue.icon ?? '',
              sort: dir.catalogue.sort ?? DEFAULT_SORT,
            },
          ]
        : [],
    ),
    flags: flag ? [flag] : [],
    customActivation: plugin.activation !== undefined && flag === undefined,
    messages: (plugin.messages ?? []).map((contribution) => contribution.namespace),
    services: (plugin.services ?? []).map((contribution) => contribution.ref.description),
    topbar: (plugin.topbar ?? []).map((item) => item.id),
    userMenu: (plugin.userMenu ?? []).map((item) => item.id),
    contributions: (plugin.contributions ?? []).map(({ point, id }) => ({ point, id })),
  };
}

const DEFAULT_SORT = 100;

function placement(menu: MenuPlacement): NonNullable<PluginManifest['pages'][number]['menu']> {
  return {
    dir: menu.dir ?? '',
    path: menu.path,
    title: menu.title,
    icon: menu.icon ?? '',
    sort: menu.sort ?? DEFAULT_SORT,
    buttons: { ...menu.buttons },
  };
}
