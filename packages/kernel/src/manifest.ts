/**
 * A plugin's static manifest: what it contributes, derived from its definition and written next
 * to its build (`dist/manifest.json`). Tools and CI read it without running the console, e.g. to
 * compare the pages plugins claim with the server's menu catalogue.
 */
import type { ProductFlag } from '@vap/contracts';
import type { ActivationContext, Plugin } from './plugin.js';

export interface PluginManifest {
  id: string;
  kernel: string;
  pages: Array<{
    name: string;
    buttons: string[];
    keepAlive: boolean;
    affix: boolean;
    always?: { path: string; ownerOnly: boolean };
  }>;
  publicRoutes: string[];
  menuDirs: string[];
  /** Product flags that switch the plugin on (0 = enabled); empty when always active. */
  flags: ProductFlag[];
  /** Whether activation depends on something besides product flags. */
  customActivation: boolean;
  messages: string[];
  services: string[];
  topbar: string[];
  userMenu: string[];
  dashboardCards: string[];
}

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
    })),
    publicRoutes: (plugin.publicRoutes ?? []).map((route) => route.path),
    menuDirs: (plugin.menuDirs ?? []).map((dir) => dir.path),
    flags: flag ? [flag] : [],
    customActivation: plugin.activation !== undefined && flag === undefined,
    messages: (plugin.messages ?? []).map((contribution) => contribution.namespace),
    services: (plugin.services ?? []).map((contribution) => contribution.ref.description),
    topbar: (plugin.topbar ?? []).map((item) => item.id),
    userMenu: (plugin.userMenu ?? []).map((item) => item.id),
    dashboardCards: (plugin.dashboardCards ?? []).map((card) => card.id),
  };
}
