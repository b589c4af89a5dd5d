/**
 * The summaries behind the dashboard's cards (issue 29): one small read of each area, answered by
 * the server module that owns the data, with the access of the page the card links to and the
 * scope of that page's own lists. Each is what a vendor's staff glance at to see their fleet.
 */
import { z } from 'zod';

const count = z.number().int().nonnegative();

/** The window of the devices' "recently" figures, in hours. */
export const DEVICE_SUMMARY_HOURS = 24;

/**
 * GET devices/summary (page device_maintenance): the devices the caller sees on that page — their
 * company's and, with all-group access, its downstream companies'; else those of the role's groups.
 */
export const deviceSummarySchema = z.object({
  total: count,
  online: count,
  offline: count,
  /** Online at some moment of the last DEVICE_SUMMARY_HOURS: online now, or gone offline within them. */
  online_recently: count,
  /** Went offline at least once in the last DEVICE_SUMMARY_HOURS (online again now or not). */
  dropped_recently: count,
});
export type DeviceSummary = z.infer<typeof deviceSummarySchema>;

/** The window of the tasks' "ended" figures, in days. */
export const TASK_SUMMARY_DAYS = 7;

/** GET tasks/summary (page device_maintenance): the company's device tasks by where they stand. */
export const taskSummarySchema = z.object({
  /** Not ended yet: some job still pending or processing. */
  running: count,
  /** Ended in the last TASK_SUMMARY_DAYS with a failed job. */
  failed_recently: count,
  /** Ended in the last TASK_SUMMARY_DAYS with every job completed. */
  completed_recently: count,
});
export type TaskSummary = z.infer<typeof taskSummarySchema>;

/** The minutes the broker's message rate is averaged over (the last whole ones). */
export const MQTT_SUMMARY_MINUTES = 5;

/** GET summary of the broker (page mqtt_dashboard): the company's clients now and its traffic. */
export const mqttSummarySchema = z.object({
  device_clients: count,
  user_clients: count,
  /** Messages the company's clients published, a minute, over the last MQTT_SUMMARY_MINUTES. */
  messages_in_per_minute: z.number().nonnegative(),
  /** Messages sent to the company's clients, a minute, over the same minutes. */
  messages_out_per_minute: z.number().nonnegative(),
});
export type MqttSummary = z.infer<typeof mqttSummarySchema>;

/**
 * GET summary of cloud storage (page cbs_dashboard, product cbs): the space the running and
 * suspended packages keep against their plans' quotas, and how many packages are near or over a
 * quota of space or of this month's flow (near: NEAR_QUOTA_SHARE of it or more, below all of it).
 */
export const cbsSummarySchema = z.object({
  packages: count,
  space_used: count,
  space_quota: count,
  near_quota: count,
  over_quota: count,
});
export type CbsSummary = z.infer<typeof cbsSummarySchema>;

/**
 * GET finance/summary (page recharge): the balance, this accounting month's spending, and the next
 * bill — what the company's monthly services (cloud packages) are billed at the start of next
 * accounting month, `next_bill_at`.
 */
export const financeSummarySchema = z.object({
  balance: z.number().int(),
  month_spending: z.number().int(),
  next_bill: z.number().int().nonnegative(),
  /** ISO 8601: the start of next accounting month. */
  next_bill_at: z.string(),
  low_balance: z.boolean(),
  suspended: z.boolean(),
});
export type FinanceSummary = z.infer<typeof financeSummarySchema>;
