/**
 * The reference of the device area's API. Free of the contracts' schemas (only types are imported),
 * so the plugin's entry can name it at boot while the API module loads lazily.
 */
import { createServiceRef } from '@vap/kernel';
import type { DevicesApi } from './api.js';

export const DevicesApiRef = createServiceRef<DevicesApi>('devices.api');
