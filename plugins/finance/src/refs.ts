/**
 * The reference of the money area's API. Free of the contracts' schemas (only types are imported),
 * so the plugin's entry can name it at boot while the API module loads lazily.
 */
import { createServiceRef } from '@vap/kernel';
import type { FinanceApi } from './api.js';

export const FinanceApiRef = createServiceRef<FinanceApi>('finance.api');
