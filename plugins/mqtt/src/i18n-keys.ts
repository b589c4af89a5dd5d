/**
 * The plugin's keys for `tsc`: `useT('mqtt')` takes only keys of locales/en.json, so a key
 * missing there fails the typecheck. Add every namespace the plugin registers with `messages()`.
 */
import type en from './locales/en.json';

declare module '@vap/kernel' {
  interface VapResources {
    mqtt: typeof en;
  }
}
