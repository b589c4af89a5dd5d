/**
 * A plugin's static manifest: what it contributes, derived from its definition and written next
 * to its build (`dist/manifest.json`). Tools and CI read it without running the console, e.g. to
 * compare the pages plugins claim with the server's menu catalogue.
 */
import type { PluginManifest } from '@vap/contracts';
import type { MenuPlacement, Plugin } from './plugin.js';
import { productFlagOf } from './product-flag.js';

export type { PluginManifest } from '@vap/contracts';

export function pluginManifest(plugin: Plugin): PluginManifest {
  const flag = productFlagOf(plugin.activation);
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
