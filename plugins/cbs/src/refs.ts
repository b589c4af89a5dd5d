/**
 * The reference of the cloud-storage API. Free of the contracts' schemas (only types are imported),
 * so the plugin's entry can name it at boot while the API module loads lazily.
 */
import { createServiceRef } from '@vap/kernel';
import type { CbsApi } from './api.js';

export const CbsApiRef = createServiceRef<CbsApi>('cbs.api');
