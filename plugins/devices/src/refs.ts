/**
 * The references of the device area's APIs. Free of the contracts' schemas (only types are
 * imported), so the plugin's entry can name them at boot while the API modules load lazily.
 */
import { createServiceRef } from '@vap/kernel';
import type { TaskUploads } from './task-uploads.js';

/**
 * The uploads of device tasks (a firmware package, a white-list workbook), sent with their progress
 * outside the derived client: a module of their own, loaded with the first upload.
 */
export const TaskUploadsRef = createServiceRef<TaskUploads>('devices.taskUploads');
