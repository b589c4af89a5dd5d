/**
 * `@vap/kernel/plugin-build`: the tsup options of a console plugin, one set for every plugin package
 * (its `tsup.config.ts` is `defineConfig(pluginBuild({ … }))`). It imports nothing but the list of peers,
 * which its build inlines: tsup loads it before anything of the plugin is built.
 */
import type { Options } from 'tsup';
import PEERS from '../plugin-peers.json' with { type: 'json' };

export interface PluginBuildOptions {
  /** The package's entries: `src/index.ts`, and any entry of its own that other plugins import. */
  entry?: string[];
  /** Packages bundled into the plugin although it depends on them (a few lines it must carry). */
  bundle?: string[];
  /**
   * Type declarations of the entries, for a plugin whose entries other plugins import (the
   * dashboard's extension points). Off by default: the console and the server load a plugin's
   * JavaScript and never its types, and declarations cost a plugin's build about 20 CPU-seconds
   * of a compiler run, four times what its JavaScript costs.
   */
  declarations?: boolean;
}

/** ESM split into chunks the console loads lazily, for the console's ES2022. */
export function pluginBuild({
  entry = ['src/index.ts'],
  bundle,
  declarations = false,
}: PluginBuildOptions = {}): Options {
  return {
    entry,
    format: ['esm'],
    dts: declarations,
    splitting: true,
    sourcemap: true,
    clean: true,
    target: 'es2022',
    // The kernel's list of plugin peers: the console provides them once; never bundled, subpaths included.
    external: PEERS,
    ...(bundle ? { noExternal: bundle } : {}),
  };
}
