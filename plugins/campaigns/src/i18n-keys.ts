/**
 * This plugin's keys for `tsc` (see `VapResources` in the kernel): `useT(namespace)` takes only
 * keys of the namespace's English strings.
 */
import type consoleEn from '@vap/locales/en.json';
import type campaignsEn from './locales/en.json';

declare module '@vap/kernel' {
  interface VapResources {
    translation: typeof consoleEn;
    campaigns: typeof campaignsEn;
  }
}
