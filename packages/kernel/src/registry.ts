/**
 * The plugin registry: checks every plugin once at boot and answers which contributions are
 * active for a given context. Wrong wiring is a `BootError` naming the plugins involved.
 */

import { isOwner } from '@vap/contracts';
// The two functions, not the package's index, which requires every module of semver.
import satisfies from 'semver/functions/satisfies.js';
import validRange from 'semver/ranges/valid.js';
import type { Contribution, ExtensionPoint } from './extension-points.js';
import {
  type ActivationContext,
  isMadeByThisKernel,
  type MenuDirContribution,
  type MessagesContribution,
  type PageContribution,
  type Plugin,
  type PublicRouteContribution,
  type TopbarItemContribution,
  type UserMenuItemContribution,
} from './plugin.js';
import { KERNEL_API_VERSION } from './version.js';

export class BootError extends Error {
  override readonly name = 'BootError';
  constructor(
    message: string,
    readonly pluginIds: readonly string[] = [],
  ) {
    super(message);
  }
}

export interface ClaimedPage {
  readonly pluginId: string;
  readonly page: PageContribution;
  /** The plugin's own message namespace (named by its id), when it has one. */
  readonly namespace?: string;
  /** Every message namespace of the plugin: the page's strings, loaded with its code. */
  readonly messages: readonly string[];
}

export class PluginRegistry {
  readonly plugins: readonly Plugin[];

  constructor(plugins: readonly Plugin[], kernelVersion: string = KERNEL_API_VERSION) {
    this.plugins = plugins;
    const ids = new Map<string, Plugin>();
    for (const plugin of plugins) {
      if (!isMadeByThisKernel(plugin)) {
        throw new BootError(
          `Plugin "${plugin.id}" was made by another copy of @vap/kernel: declare @vap/kernel as a peer dependency and do not bundle it`,
          [plugin.id],
        );
      }
      if (ids.has(plugin.id)) throw new BootError(`Plugin "${plugin.id}" is listed twice`, [plugin.id]);
      ids.set(plugin.id, plugin);
      if (validRange(plugin.kernel) === null) {
        throw new BootError(`Plugin "${plugin.id}": Unsupported version range "${plugin.kernel}"`, [
          plugin.id,
        ]);
      }
      if (!satisfies(kernelVersion, plugin.kernel)) {
        throw new BootError(
          `Plugin "${plugin.id}" needs kernel ${plugin.kernel}, but this console runs kernel ${kernelVersion}`,
          [plugin.id],
        );
      }
    }
    this.#claimOnce('page', (plugin) => (plugin.pages ?? []).map((page) => page.name));
    this.#claimOnce('public route', (plugin) => (plugin.publicRoutes ?? []).map((route) => route.path));
    this.#claimOnce('message namespace', (plugin) => (plugin.messages ?? []).map((m) => m.namespace));
    this.#claimOnce('menu dir rule', (plugin) => (plugin.menuDirs ?? []).map((dir) => dir.path));
    this.#claimOnce('top bar item', (plugin) => (plugin.topbar ?? []).map((item) => item.id));
    this.#claimOnce('user menu item', (plugin) => (plugin.userMenu ?? []).map((item) => item.id));
    this.#claimOnce('contribution', (plugin) =>
      (plugin.contributions ?? []).map((contribution) => `${contribution.id}" to "${contribution.point}`),
    );
  }

  #claimOnce(kind: string, names: (plugin: Plugin) => readonly string[]): void {
    const owner = new Map<string, string>();
    for (const plugin of this.plugins) {
      for (const name of names(plugin)) {
        const previous = owner.get(name);
        if (previous !== undefined) {
          throw new BootError(
            previous === plugin.id
              ? `Plugin "${plugin.id}" claims the ${kind} "${name}" twice`
              : `Plugins "${previous}" and "${plugin.id}" both claim the ${kind} "${name}"`,
            [previous, plugin.id],
          );
        }
        owner.set(name, plugin.id);
      }
    }
  }

  /** The plugins whose activation rule holds; all of them before anyone signs in. */
  active(context: ActivationContext | null): Plugin[] {
    return this.plugins.filter((plugin) => {
      if (!plugin.activation || !context) return true;
      try {
        return plugin.activation(context);
      } catch (error) {
        throw new BootError(
          `Plugin "${plugin.id}" failed in its activation rule: ${(error as Error).message}`,
          [plugin.id],
        );
      }
    });
  }

  /** Pages of the active plugins by menu name. */
  pages(context: ActivationContext | null): Map<string, ClaimedPage> {
    const pages = new Map<string, ClaimedPage>();
    for (const plugin of this.active(context)) {
      const messages = (plugin.messages ?? []).map((ns) => ns.namespace);
      const own = messages.includes(plugin.id);
      for (const page of plugin.pages ?? []) {
        pages.set(page.name, {
          pluginId: plugin.id,
          page,
          messages,
          ...(own ? { namespace: plugin.id } : {}),
        });
      }
    }
    return pages;
  }

  /** Every page name some plugin claims, active or not: such names are never "unknown". */
  claimedPageNames(): Set<string> {
    return new Set(this.plugins.flatMap((plugin) => (plugin.pages ?? []).map((page) => page.name)));
  }

  publicRoutes(): PublicRouteContribution[] {
    return this.plugins.flatMap((plugin) => plugin.publicRoutes ?? []);
  }

  menuDirs(): MenuDirContribution[] {
    return this.plugins.flatMap((plugin) => plugin.menuDirs ?? []);
  }

  messages(): MessagesContribution[] {
    return this.plugins.flatMap((plugin) => plugin.messages ?? []);
  }

  /** Top bar items of the active plugins that this user may see, in order. */
  topbarItems(context: ActivationContext | null): TopbarItemContribution[] {
    return this.#forUser(context, (plugin) => plugin.topbar ?? []);
  }

  /** User dropdown entries of the active plugins that this user may see, in order. */
  userMenuItems(context: ActivationContext | null): UserMenuItemContribution[] {
    return this.#forUser(context, (plugin) => plugin.userMenu ?? []);
  }

  /** What the active plugins contributed to `point` that this user may see, in order. */
  contributions<T>(point: ExtensionPoint<T>, context: ActivationContext | null): Contribution<T>[] {
    return this.#forUser(context, (plugin) => {
      const messages = (plugin.messages ?? []).map((ns) => ns.namespace);
      return (plugin.contributions ?? [])
        .filter((contribution): contribution is Contribution<T> => contribution.point === point.id)
        .map((contribution) => ({ ...contribution, messages }));
    });
  }

  #forUser<T extends { order: number; ownerOnly: boolean }>(
    context: ActivationContext | null,
    items: (plugin: Plugin) => readonly T[],
  ): T[] {
    const owner = context ? isOwner(context.user) : false;
    return this.active(context)
      .flatMap(items)
      .filter((item) => owner || !item.ownerOnly)
      .sort((a, b) => a.order - b.order);
  }
}
