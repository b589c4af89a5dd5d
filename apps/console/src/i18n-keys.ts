/**
 * The console's keys for `tsc` (see `VapResources` in the kernel): its own strings, the default
 * namespace, and the signed-in screens' `shell` strings, which extend it at run time
 * (`extendsDefault`, i18next's `fallbackNS`): `useT()` takes the keys of both.
 */
import type en from '@vap/locales/en.json';
import type shellEn from '@vap/locales/shell/en.json';

declare module '@vap/kernel' {
  interface VapResources {
    translation: typeof en;
    shell: typeof shellEn;
  }
}

declare module 'i18next' {
  interface CustomTypeOptions {
    fallbackNS: 'shell';
  }
}
