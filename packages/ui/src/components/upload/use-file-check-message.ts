import { useCallback } from 'react';
import { useUiT } from '../../i18n.js';
import type { FileCheckFailure } from './check-file.js';

/** The translated message of a `checkFile` failure, with its limit filled in. */
export function useFileCheckMessage(): (failure: FileCheckFailure) => string {
  const t = useUiT();
  return useCallback((failure) => t(`upload.error.${failure.code}`, failure.params), [t]);
}
