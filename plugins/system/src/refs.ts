/**
 * The references of the system area's services. Free of the contracts' schemas (only types are
 * imported), so the plugin's entry can name them at boot while the API modules load lazily.
 */
import { createServiceRef } from '@vap/kernel';
import type { AccessKeysApi } from './access-keys-api.js';
import type { AuditApi } from './audit-api.js';

export const AuditApiRef = createServiceRef<AuditApi>('system.audit');
export const AccessKeysApiRef = createServiceRef<AccessKeysApi>('system.accessKeys');
