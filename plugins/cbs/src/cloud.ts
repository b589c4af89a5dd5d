/**
 * What the cloud-storage views share about plans, packages and their figures: the plans in order,
 * the state tags, shares of a quota, the accounting months' dates, the estimate of a charge.
 */
import {
  ACCOUNTING_UTC_OFFSET_HOURS,
  accountingMonthStart,
  CLOUD_PLAN_PRICES,
  CLOUD_PLANS,
  type CloudDevice,
  type CloudPackage,
  type CloudPackageState,
  type CloudPlan,
  type CloudService,
  NEAR_QUOTA_SHARE,
  proratedFen,
} from '@vap/contracts';
import { useLanguage } from '@vap/kernel';
import type { TagTone } from '@vap/ui';
import { useMemo } from 'react';

/** The tag of a package's state. */
export const STATE_TONES: Record<CloudPackageState, TagTone> = {
  active: 'success',
  suspended: 'warning',
  closed: 'default',
};

const rankOf = (plan: CloudPlan) => CLOUD_PLANS.indexOf(plan);

/** How moving from one plan to another takes effect (contracts cbs.ts). */
export type PlanMove = 'upgrade' | 'downgrade' | 'same';
export const planMove = (from: CloudPlan, to: CloudPlan): PlanMove =>
  rankOf(to) > rankOf(from) ? 'upgrade' : rankOf(to) < rankOf(from) ? 'downgrade' : 'same';

/** The share of a quota used, 0 for no quota. */
export const shareOf = (used: number, quota: number): number => (quota > 0 ? used / quota : 0);

/** A share as a whole percentage: 0.816 → "82%". */
export const percentText = (share: number): string => `${Math.round(share * 100)}%`;

/** Whether a share counts as "near the quota" on the dashboard (NEAR_QUOTA_SHARE or more). */
export const isNear = (share: number): boolean => share >= NEAR_QUOTA_SHARE;

/** Where a share stands against its quota: below NEAR_QUOTA_SHARE, near it, or at and over all of it. */
export type QuotaLevel = 'normal' | 'near' | 'over';
export const quotaLevel = (share: number): QuotaLevel =>
  share >= 1 ? 'over' : isNear(share) ? 'near' : 'normal';

/** A device as the lists name it: its name, or its serial when it has none. */
export const deviceName = (item: Pick<CloudPackage, 'device_name' | 'sn'>): string =>
  item.device_name || item.sn;

/** Whether a device holds a package of the service (running or suspended): it cannot get another. */
export const holdsPackage = (device: CloudDevice, service: CloudService): boolean =>
  device[service] === 'active' || device[service] === 'suspended';

/** Whether a package may be opened on the device for the service: it has none of it yet. */
export const mayOpenOn = (device: CloudDevice, service: CloudService): boolean =>
  !holdsPackage(device, service);

const HOUR_MS = 3_600_000;

/**
 * Dates of the accounting months (UTC+8, whatever the viewer's zone), in the console's language:
 * `day(iso)` the day of an instant, `lastDay(iso)` the day before an instant that ends a period
 * (a package paid until the start of December is paid "until 30 Nov"), `month('2026-11')` a month.
 */
export function useAccountingDates() {
  const language = useLanguage();
  return useMemo(() => {
    const dayFormat = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' });
    const monthFormat = new Intl.DateTimeFormat(language, {
      year: 'numeric',
      month: 'short',
      timeZone: 'UTC',
    });
    const shifted = (at: number) => new Date(at + ACCOUNTING_UTC_OFFSET_HOURS * HOUR_MS);
    const valid = (iso: string) => !Number.isNaN(Date.parse(iso));
    return {
      day: (iso: string) => (valid(iso) ? dayFormat.format(shifted(Date.parse(iso))) : '—'),
      lastDay: (iso: string) => (valid(iso) ? dayFormat.format(shifted(Date.parse(iso) - 1)) : '—'),
      month: (key: string) => {
        const [year, month] = key.split('-').map(Number);
        if (!year || !month) return key;
        return monthFormat.format(new Date(Date.UTC(year, month - 1, 1)));
      },
    };
  }, [language]);
}

/**
 * What opening a plan of a service costs, as the server will charge it (contracts cbs.ts): the
 * monthly price, and for the rest of this accounting month from `at` the price prorated, per device.
 */
export function openingEstimate(service: CloudService, plan: CloudPlan, at: number) {
  const monthly = CLOUD_PLAN_PRICES[service][plan];
  const start = accountingMonthStart(at).getTime();
  const end = accountingMonthStart(at, 1).getTime();
  return { monthly, now: proratedFen(monthly, at, start, end) };
}

/** What upgrading a package now charges: the two prices' difference for the rest of its period. */
export function upgradeEstimate(item: CloudPackage, plan: CloudPlan, at: number): number {
  const prices = CLOUD_PLAN_PRICES[item.service];
  const fen = proratedFen(
    prices[plan] - prices[item.plan],
    at,
    Date.parse(item.period_start),
    Date.parse(item.period_end),
  );
  // A period already over charges nothing, as the server posts nothing for 0 or less.
  return Math.max(0, fen);
}
