/**
 * Devices of downstream companies are shown, never acted on (spec §6). Every action refuses one
 * alike — 403 `device_read_only` — and says which action it refused (locales/server
 * `deviceReadOnly.<action>`), whichever module the action belongs to.
 */
import { ApiError } from '../../core/http/errors.js';

/** What a caller may do to a device of their own company, and not to a downstream company's. */
export const DEVICE_ACTIONS = [
  'edit',
  'move',
  'unbind',
  'upgrade',
  'configure',
  'whitelist',
  'terminal',
  'cloud',
  'authorise',
] as const;
export type DeviceAction = (typeof DEVICE_ACTIONS)[number];

export const readOnlyRefusal = (action: DeviceAction) =>
  new ApiError(403, 'device_read_only', `deviceReadOnly.${action}`);
