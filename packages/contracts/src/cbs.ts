/**
 * Cloud storage packages (plugin `cbs`, page cbs_dashboard; spec §1, §4.3, §9; issue 17). Each
 * device may hold a cloud backup and a cloud video package on one of three plans. A package runs
 * by accounting months (finance.ts `accountingMonthStart`) and is billed from the balance:
 * - opening, and upgrading, take effect at once and charge the rest of this month **prorated** by
 *   the time left (for an upgrade, the difference of the two prices), rounded up to a fen;
 * - downgrading and closing take effect at the start of next month; nothing is refunded;
 * - at each month's start every package is billed its plan's full price for the month; a balance
 *   that does not cover it suspends the package (and the company's paid services), which resumes
 *   once the balance covers the month again.
 */
import { z } from 'zod';
import { CLOUD_STATES, DEVICE_KINDS } from './constants.js';
import { idSchema } from './ids.js';
import { type FilterSpec, listQuerySchema, serialFilterSchema } from './list.js';

export const CLOUD_SERVICES = ['cloud_backup', 'cloud_video'] as const;
export type CloudService = (typeof CLOUD_SERVICES)[number];

/** The plans, smallest first: an upgrade moves right, a downgrade left. */
export const CLOUD_PLANS = ['free', 'c', 'r'] as const;
export type CloudPlan = (typeof CLOUD_PLANS)[number];

const MB = 1024 * 1024;

/** Space and monthly flow of each plan in bytes (spec §9; sizes in units of 1024). */
export const CLOUD_PLAN_QUOTAS: Readonly<Record<CloudPlan, { space: number; flow: number }>> = {
  free: { space: 50 * MB, flow: 10 * MB },
  c: { space: 100 * MB, flow: 20 * MB },
  r: { space: 500 * MB, flow: 100 * MB },
};

/** Monthly price of each plan in fen, per service (the free tier costs nothing). */
export const CLOUD_PLAN_PRICES: Readonly<Record<CloudService, Readonly<Record<CloudPlan, number>>>> = {
  cloud_backup: { free: 0, c: 500, r: 2_000 },
  cloud_video: { free: 0, c: 1_000, r: 4_000 },
};

/** Used this share of a quota or more, a package is "near its quota" on the dashboard. */
export const NEAR_QUOTA_SHARE = 0.8;

/**
 * A package's states: running, suspended for want of balance (its data kept, no new uploads), or
 * closed (at a month's start after a close; kept for the records, not listed by default).
 */
export const CLOUD_PACKAGE_STATES = ['active', 'suspended', 'closed'] as const;
export type CloudPackageState = (typeof CLOUD_PACKAGE_STATES)[number];

export const cloudPackageSchema = z.object({
  id: z.number().int(),
  device_id: z.number().int(),
  sn: z.string(),
  device_name: z.string(),
  service: z.enum(CLOUD_SERVICES),
  plan: z.enum(CLOUD_PLANS),
  /** What the package becomes at the start of next month: a smaller plan, closed, or null (the same). */
  next_plan: z.enum([...CLOUD_PLANS, 'closed']).nullable(),
  state: z.enum(CLOUD_PACKAGE_STATES),
  /** The month paid for last: its start and the start of the next, ISO 8601. */
  period_start: z.string(),
  period_end: z.string(),
  /** Bytes stored now, and moved this month, as the device last reported. */
  space_used: z.number().int(),
  flow_used: z.number().int(),
  space_quota: z.number().int(),
  flow_quota: z.number().int(),
  opened_at: z.string(),
});
export type CloudPackage = z.infer<typeof cloudPackageSchema>;

/** A device packages may be opened on (GET devices of cbs): the company's own, with its cloud states. */
export const cloudDeviceSchema = z.object({
  id: z.number().int(),
  sn: z.string(),
  name: z.string(),
  kind: z.enum(DEVICE_KINDS),
  cloud_backup: z.enum(CLOUD_STATES),
  cloud_video: z.enum(CLOUD_STATES),
});
export type CloudDevice = z.infer<typeof cloudDeviceSchema>;
export const CLOUD_DEVICE_FILTERS = {
  sn: { like: serialFilterSchema },
} as const satisfies FilterSpec;

/** POST packages: the same service and plan opened on each selected device (at most 100). */
export const openCloudPackagesBodySchema = z.object({
  device_ids: z.array(idSchema).min(1, 'validation.selectDevices').max(100, 'validation.atMost100Devices'),
  service: z.enum(CLOUD_SERVICES),
  plan: z.enum(CLOUD_PLANS),
});
export type OpenCloudPackagesBody = z.infer<typeof openCloudPackagesBodySchema>;

/** PUT packages/:id: another plan (larger at once, smaller next month; the same cancels a change). */
export const changeCloudPackageBodySchema = z.object({ plan: z.enum(CLOUD_PLANS) });

/** What opening, changing or closing a package charged now (fen; 0 when nothing). */
export const cloudPackageChangeSchema = z.object({
  packages: z.array(cloudPackageSchema),
  charged: z.number().int(),
});
export type CloudPackageChange = z.infer<typeof cloudPackageChangeSchema>;

export const CLOUD_PACKAGE_FILTERS = {
  service: { '=': z.enum(CLOUD_SERVICES) },
  plan: { '=': z.enum(CLOUD_PLANS) },
  state: { '=': z.enum(CLOUD_PACKAGE_STATES) },
  sn: { like: serialFilterSchema },
} as const satisfies FilterSpec;
export const cloudPackagesQuerySchema = listQuerySchema;

/** The cloud-storage dashboard (page cbs_dashboard). */
export const cbsDashboardSchema = z.object({
  /** Packages running or suspended, by service. */
  totals: z.array(
    z.object({
      service: z.enum(CLOUD_SERVICES),
      active: z.number().int(),
      suspended: z.number().int(),
      space_used: z.number().int(),
      space_quota: z.number().int(),
      flow_used: z.number().int(),
      flow_quota: z.number().int(),
    }),
  ),
  /** Packages at NEAR_QUOTA_SHARE of their space or flow or more, the fullest first (at most 20). */
  near_quota: z.array(cloudPackageSchema),
  /** Charges for cloud packages by accounting month, this month last (six months), fen. */
  charges: z.array(z.object({ month: z.string(), amount: z.number().int() })),
  /** Fen the running packages will be billed at the start of next month. */
  next_month: z.number().int(),
});
export type CbsDashboard = z.infer<typeof cbsDashboardSchema>;

/**
 * What a device reports on `up/cloud` (docs/mqtt.md): per service, the bytes it keeps in the cloud
 * now and the bytes it moved this accounting month (its counter starts again with each month).
 */
export const cloudUsageReportSchema = z.object({
  cloud_backup: z.object({ space: z.number().int().min(0), flow: z.number().int().min(0) }).optional(),
  cloud_video: z.object({ space: z.number().int().min(0), flow: z.number().int().min(0) }).optional(),
});
export type CloudUsageReport = z.infer<typeof cloudUsageReportSchema>;

/** Why a package was charged: opened, upgraded, or billed for a month. */
export const CLOUD_CHARGE_REASONS = ['open', 'upgrade', 'month'] as const;
export type CloudChargeReason = (typeof CLOUD_CHARGE_REASONS)[number];

/**
 * The note of a cloud package's charge, `cbs:<reason>:<plan>` (`cbs:upgrade:r`): a code the console
 * and the export translate, not text in one language.
 */
export const cloudChargeNote = (reason: CloudChargeReason, plan: CloudPlan) => `cbs:${reason}:${plan}`;

/** The reason and plan of a charge's note, or null for a note of another kind. */
export function parseCloudChargeNote(note: string): { reason: CloudChargeReason; plan: CloudPlan } | null {
  const [prefix, reason, plan, ...rest] = note.split(':');
  if (prefix !== 'cbs' || rest.length > 0) return null;
  if (!CLOUD_CHARGE_REASONS.includes(reason as CloudChargeReason)) return null;
  if (!CLOUD_PLANS.includes(plan as CloudPlan)) return null;
  return { reason: reason as CloudChargeReason, plan: plan as CloudPlan };
}

/** Fen for the rest of the accounting month from `at`, of a monthly `price`: rounded up to a fen. */
export function proratedFen(price: number, at: number, monthStart: number, monthEnd: number): number {
  return Math.ceil((price * (monthEnd - at)) / (monthEnd - monthStart));
}
