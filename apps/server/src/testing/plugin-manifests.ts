/**
 * A console plugin's manifest as the server's tests declare one: the device-map plugin of the
 * examples, contributing only what the test gives, so that each test names just what it checks.
 */
import type { PluginManifest } from '@vap/contracts';

export function deviceMapManifest(declared: Partial<PluginManifest> = {}): PluginManifest {
  return {
    id: 'device-map',
    kernel: '^2',
    customActivation: false,
    messages: ['device-map'],
    // Nothing contributed unless the test declares it.
    pages: [],
    publicRoutes: [],
    menuDirs: [],
    catalogueDirs: [],
    flags: [],
    services: [],
    topbar: [],
    userMenu: [],
    contributions: [],
    ...declared,
  };
}
