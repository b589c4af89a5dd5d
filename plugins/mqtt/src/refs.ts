/**
 * The references of the plugin's services. Free of the contracts' schemas (types only), so that the
 * plugin's entry can name them at boot while the API module loads lazily.
 */
import { createServiceRef } from '@vap/kernel';
import type { MqttApi } from './api.js';
import type { DebugToolHolder } from './debug/holder.js';

export const MqttApiRef = createServiceRef<MqttApi>('mqtt.api');
export const DebugToolRef = createServiceRef<DebugToolHolder>('mqtt.debug-tool');
