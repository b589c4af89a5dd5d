/**
 * Loads the console's plugin packages one by one, so that a package that throws while it is
 * evaluated (or does not export a plugin) becomes a boot error naming it — not a white screen.
 */
import type { Plugin } from './plugin.js';
import { BootError } from './registry.js';

export type PluginLoader = () => Promise<{ default: unknown }>;

function isPlugin(value: unknown): value is Plugin {
  return (
    typeof value === 'object' && value !== null && (value as { __vapPlugin?: unknown }).__vapPlugin === true
  );
}

/** Loads every package (in parallel), keeping the given order. `loaders` maps package name → import. */
export async function loadPlugins(loaders: Readonly<Record<string, PluginLoader>>): Promise<Plugin[]> {
  return Promise.all(
    Object.entries(loaders).map(async ([name, load]) => {
      let module: { default: unknown };
      try {
        module = await load();
      } catch (error) {
        throw new BootError(`Plugin package "${name}" failed to start: ${(error as Error).message}`, [name]);
      }
      if (!isPlugin(module.default)) {
        throw new BootError(
          `Plugin package "${name}" does not default-export a plugin made with definePlugin()`,
          [name],
        );
      }
      return module.default;
    }),
  );
}
