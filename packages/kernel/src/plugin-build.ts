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
}

/** ESM with declarations, split into chunks the console loads lazily, for the console's ES2022. */
export function pluginBuild({ entry = ['src/index.ts'], bundle }: PluginBuildOptions = {}): Options {
  return {
    entry,
    format: ['esm'],
    dts: true,
    splitting: true,
    sourcemap: true,
    clean: true,
    target: 'es2022',
    // The kernel's list of plugin peers: the console provides them once; never bundled, subpaths included.
    external: PEERS,
    ...(bundle ? { noExternal: bundle } : {}),
  };
}
