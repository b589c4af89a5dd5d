/**
 * The summaries behind the dashboard's cards (issue 29), declared apart from their areas: each card
 * then loads summaries.ts's few schemas with its first call, not the whole area's (the dashboard's
 * first load, issue 30 §5). Each is read-only, with the access of the page its card links to; the
 * OpenAPI document files each under its area's tag.
 */
import type { z } from 'zod';
import { declareCalls, type PageAccess } from './calls.js';
import { CBS_PATHS } from './paths-cbs.js';
import { DEVICE_PATHS, TASK_PATHS } from './paths-devices.js';
import { FINANCE_PATHS } from './paths-finance.js';
import { MQTT_PATHS } from './paths-mqtt.js';

type Summaries = typeof import('./summaries.js');

/** A card's summary: a GET of `path` behind `page`, filed under its area's tag, answering `schema`. */
const summaryOf = <const P extends string, const Page extends PageAccess['page'], S extends z.ZodType>(
  area: string,
  path: P,
  page: Page,
  summary: string,
  schema: (s: Summaries) => S,
) =>
  ({
    method: 'GET',
    path,
    access: { page },
    tags: [area],
    summary,
    schemas: (s: Summaries) => ({ response: schema(s) }),
  }) as const;

export const SUMMARY_CALLS = declareCalls(() => import('./summaries.js'), {
  // With the access of the device list and its scope; not part of the open API.
  devices: summaryOf(
    'devices',
    DEVICE_PATHS.summary,
    'device_maintenance',
    'How many of the devices the caller sees are online and offline, now and over the last day',
    (s) => s.deviceSummarySchema,
  ),
  tasks: summaryOf(
    'tasks',
    TASK_PATHS.summary,
    'device_maintenance',
    "How many of the company's device tasks are running, and ended failed or completed lately",
    (s) => s.taskSummarySchema,
  ),
  mqtt: summaryOf(
    'mqtt',
    MQTT_PATHS.summary,
    'mqtt_dashboard',
    "The company's clients connected now, by kind, and its messages a minute lately",
    (s) => s.mqttSummarySchema,
  ),
  cbs: summaryOf(
    'cbs',
    CBS_PATHS.summary,
    'cbs_dashboard',
    'Cloud storage space used against quota, and the packages near or over a quota',
    (s) => s.cbsSummarySchema,
  ),
  finance: summaryOf(
    'finance',
    FINANCE_PATHS.summary,
    'recharge',
    "The company's balance, this month's spending and its next bill, with its warnings",
    (s) => s.financeSummarySchema,
  ),
});
