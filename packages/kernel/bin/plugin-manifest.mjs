#!/usr/bin/env node
/**
 * `vap-plugin-manifest`, a bin of @vap/kernel that every plugin build runs after tsup: writes
 * `dist/manifest.json` for the plugin package in the current directory, the static manifest of its
 * default export (see `pluginManifest` in @vap/kernel), from which the server learns its menu entries.
 * A plugin whose strings lack a key in one of the three languages is refused here.
 */
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { pluginManifest, untranslatedKeys } from '@vap/kernel';

const entry = resolve('dist/index.js');
const { default: plugin } = await import(pathToFileURL(entry).href);
if (!plugin?.__vapPlugin) {
  console.error(`${entry} does not default-export a plugin made with definePlugin()`);
  process.exit(1);
}
// The console has no fallback language: a key one language lacks would show as itself there.
const untranslated = await untranslatedKeys(plugin.messages ?? []);
if (untranslated.length > 0) {
  console.error(
    `Strings missing in a language (every key needs en, zh-CN and zh-TW):\n  ${untranslated.join('\n  ')}`,
  );
  process.exit(1);
}
const manifest = pluginManifest(plugin);
await writeFile(resolve('dist/manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
console.log(`dist/manifest.json: ${manifest.pages.length} pages of plugin "${manifest.id}"`);
