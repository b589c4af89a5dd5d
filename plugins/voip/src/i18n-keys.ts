/**
 * This plugin's keys for `tsc` (see `VapResources` in the kernel): `useT(namespace)` takes only
 * keys of the namespace's English strings. `translation` is the console's own strings (`useT()`),
 * which the plugins of this repository share.
 */
import type consoleEn from '@vap/locales/en.json';
import type voipEn from './locales/en.json';

declare module '@vap/kernel' {
  interface VapResources {
    translation: typeof consoleEn;
    voip: typeof voipEn;
  }
}
