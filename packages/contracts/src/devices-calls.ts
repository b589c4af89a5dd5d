/** The calls of the devices area (spec §7.5): the groups so far; the rest follow as they are declared. */
import { DEVICE_PATHS } from './api-paths.js';
import { declareCalls } from './calls.js';

const schemas = () => import('./devices.js');

export const DEVICE_CALLS = declareCalls(schemas, {
  groups: {
    method: 'GET',
    path: DEVICE_PATHS.groups,
    access: { page: 'device_maintenance' },
    tags: ['devices'],
    summary: 'The groups the caller sees, with their device counts, and the ungrouped count',
    schemas: (s) => ({ response: s.deviceGroupsSchema }),
  },
});
