/**
 * The summaries behind the dashboard's cards (issue 29), declared apart from their areas: each card
 * then loads summaries.ts's few schemas with its first call, not the whole area's (the dashboard's
 * first load, issue 30 §5). Each is read-only, with the access of the page its card links to; the
 * OpenAPI document files each under its area's tag.
 */
import { CBS_PATHS, DEVICE_PATHS, FINANCE_PATHS, MQTT_PATHS, TASK_PATHS } from './api-paths.js';
import { declareCalls } from './calls.js';

export const SUMMARY_CALLS = declareCalls(() => import('./summaries.js'), {
  // With the access of the device list and its scope; not part of the open API.
  devices: {
    method: 'GET',
    path: DEVICE_PATHS.summary,
    access: { page: 'device_maintenance' },
    tags: ['devices'],
    summary: 'How many of the devices the caller sees are online and offline, now and over the last day',
    schemas: (s) => ({ response: s.deviceSummarySchema }),
  },
  tasks: {
    method: 'GET',
    path: TASK_PATHS.summary,
    access: { page: 'device_maintenance' },
    tags: ['tasks'],
    summary: "How many of the company's device tasks are running, and ended failed or completed lately",
    schemas: (s) => ({ response: s.taskSummarySchema }),
  },
  mqtt: {
    method: 'GET',
    path: MQTT_PATHS.summary,
    access: { page: 'mqtt_dashboard' },
    tags: ['mqtt'],
    summary: "The company's clients connected now, by kind, and its messages a minute lately",
    schemas: (s) => ({ response: s.mqttSummarySchema }),
  },
  cbs: {
    method: 'GET',
    path: CBS_PATHS.summary,
    access: { page: 'cbs_dashboard' },
    tags: ['cbs'],
    summary: 'Cloud storage space used against quota, and the packages near or over a quota',
    schemas: (s) => ({ response: s.cbsSummarySchema }),
  },
  finance: {
    method: 'GET',
    path: FINANCE_PATHS.summary,
    access: { page: 'recharge' },
    tags: ['finance'],
    summary: "The company's balance, this month's spending and its next bill, with its warnings",
    schemas: (s) => ({ response: s.financeSummarySchema }),
  },
});
