/**
 * The audit log (owner only, page `system_audit`): every write of the console records who did it,
 * when, what (a stable action name such as `system.role.update`, and the target) and the row before
 * and after, secrets redacted. The list takes the list query of spec §3; the CSV export takes the
 * same `wheres`/`orders` and is refused beyond `LOG_EXPORT_MAX_ROWS` rows (spec §8, §9).
 */
import { z } from 'zod';
import { LOG_EXPORT_MAX_ROWS } from './constants.js';
import { idOrZeroSchema } from './ids.js';
import { type FilterSpec, filterTextSchema, instantSchema, listQuerySchema } from './list.js';

/** The page that shows the log; only the company owner may open it. */
export const AUDIT_PAGE = 'system_audit' as const;

/** Most rows an export answers; beyond, it is refused (spec §9 "Log export at most 5000 rows"). */
export const AUDIT_EXPORT_MAX_ROWS = LOG_EXPORT_MAX_ROWS;

/**
 * The action names the server records, `<area>.<thing>.<verb>`. Stable: the console translates
 * them as `audit.action.<name>` and filters by them; new ones are only ever added.
 */
export const AUDIT_ACTIONS = [
  'auth.sign_in',
  'auth.sign_up',
  'auth.sign_out',
  'account.profile.update',
  'account.password.change',
  'account.password.set',
  'account.password.reset',
  'company.create',
  'company.settings.update',
  'company.verification.submit',
  'system.user.create',
  'system.user.update',
  'system.user.role',
  'system.user.remove',
  'system.role.create',
  'system.role.update',
  'system.role.delete',
  'access_key.create',
  'access_key.update',
  'access_key.delete',
  'device.bind',
  'device.update',
  'device.move',
  'device.unbind',
  'device.import',
  'device_group.create',
  'device_group.update',
  'device_group.delete',
  'mqtt.client.kick',
  'firmware.create',
  'firmware.delete',
  'task.create',
  'task.retry',
  'task.cancel',
  'config_template.create',
  'config_template.update',
  'config_template.delete',
  'device.telnet.open',
  'device.telnet.command',
  'device.telnet.close',
  'finance.settings.update',
  'finance.recharge.create',
  'finance.recharge.cancel',
  'cbs.package.open',
  'cbs.package.change',
  'cbs.package.close',
  'finance.coupon.redeem',
  'finance.coupon.transfer',
  'finance.invoice.request',
  'algmall.order.buy',
  'algmall.authorise',
  'algmall.authorise_offline',
  'algmall.trial',
  'algmall.authorisation.cancel',
  'algmall.authorisation.retry',
  'prs.package.buy',
  'campaigns.tradein.apply',
  'campaigns.voucher.transfer',
  'campaigns.balance.exchange',
  'resources.create',
  'resources.update',
  'resources.delete',
  'resources.link.create',
  'resources.link.revoke',
  'resources.official.grant',
  'resources.official.revoke',
  'hologram.scheme.create',
  'hologram.scheme.update',
  'hologram.scheme.delete',
  'hologram.scheme.publish',
  'hologram.scheme.retry',
  'adpkg.package.create',
  'adpkg.package.update',
  'adpkg.package.delete',
  'adpkg.package.publish',
  'adpkg.package.retry',
  'voip.extension.create',
  'voip.extension.update',
  'voip.extension.delete',
  'voip.extension.password',
  'voip.extension.import',
  'voip.call_center.create',
  'voip.call_center.update',
  'voip.call_center.delete',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Shape of an action name: lower-case dotted words (`system.role.update`). */
export const auditActionNameSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)*$/);

/** A snapshot of the target before or after the write: a JSON object, or null (none). */
export const auditSnapshotSchema = z.record(z.string(), z.unknown()).nullable();
export type AuditSnapshot = z.infer<typeof auditSnapshotSchema>;

/** What a redacted secret shows in a snapshot. */
export const AUDIT_REDACTED = '[redacted]';

/** One entry of the audit log (GET audit_logs). */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  /** Who did it (for a sign-in or sign-up: the account signing in). */
  user_id: z.number().int(),
  /** Their phone and nickname at the time of the write. */
  user_phone: z.string(),
  user_nickname: z.string(),
  /** e.g. `system.role.update` (see AUDIT_ACTIONS). */
  action: z.string(),
  /** What was written: e.g. `role`, `user`, `company`, `access_key`; with its id ('' when none). */
  target_type: z.string(),
  target_id: z.string(),
  before: auditSnapshotSchema,
  after: auditSnapshotSchema,
  /** Address of the caller as the server saw it. */
  ip: z.string(),
  /** The access key of a signed open-API request ('' for the console): the actor is then the owner. */
  access_key_id: z.string(),
  /** ISO 8601. */
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** The list query of spec §3 (list.ts `listQuerySchema`). */
export const auditListQuerySchema = listQuerySchema;

/** `wheres` of the list and the export. */
export const AUDIT_FILTERS = {
  user_id: { '=': idOrZeroSchema },
  action: { '=': auditActionNameSchema, like: filterTextSchema(64) },
  created_at: { between: z.tuple([instantSchema, instantSchema]), '>=': instantSchema, '<=': instantSchema },
} as const satisfies FilterSpec;

/** Sort keys; the default is newest first (`created_at desc`). */
export const AUDIT_ORDER_KEYS = ['created_at', 'action', 'user_id'] as const;

/**
 * Header of the export's answer: how many entries the file holds. More than
 * `AUDIT_EXPORT_MAX_ROWS` matching is refused (400 `log_export_too_many_rows`, spec §8), as every
 * log export is.
 */
export const AUDIT_EXPORT_HEADERS = { total: 'x-total-count' } as const;

/** Columns of the CSV export, in order (the header row names them). */
export const AUDIT_CSV_COLUMNS = [
  'id',
  'created_at',
  'user_id',
  'user_phone',
  'user_nickname',
  'action',
  'target_type',
  'target_id',
  'ip',
  'access_key_id',
  'before',
  'after',
] as const satisfies ReadonlyArray<keyof AuditEntry>;
