/**
 * The references of the device area's APIs. Free of the contracts' schemas (only types are
 * imported), so the plugin's entry can name them at boot while the API modules load lazily.
 */
import { createServiceRef } from '@vap/kernel';
import type { DevicesApi } from './api.js';
import type { TasksApi } from './tasks-api.js';

export const DevicesApiRef = createServiceRef<DevicesApi>('devices.api');
/**
 * Device tasks, firmware packages and configuration templates (issue 16): a module of their own,
 * loaded with the Tasks view.
 */
export const TasksApiRef = createServiceRef<TasksApi>('devices.tasks');
