import type { Translate, TranslationKey } from '@vap/kernel';
import { useCallback } from 'react';
import { useUiT } from '../../i18n.js';
import type { FileCheckFailure } from './check-file.js';

/** The translated message of a `checkFile` failure, with its limit filled in. */
export function useFileCheckMessage(): (failure: FileCheckFailure) => string {
  const t = useUiT();
  return useCallback(
    (failure) => {
      const key = `upload.error.${failure.code}` as const satisfies TranslationKey<'ui'>;
      // One of four messages, each with its own values: i18next's types cannot pair a union of
      // keys with one options object, so `t` is called as a plain function of a checked key.
      return (t as Translate)(key, failure.params);
    },
    [t],
  );
}
