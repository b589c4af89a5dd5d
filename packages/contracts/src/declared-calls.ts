/**
 * Every area's declared calls, for what walks them all: the server's test that each is served as
 * declared, the route matrix, the write-audit test. The console imports an area's calls, never this.
 */
import { ACCESS_KEY_CALLS } from './access-keys-calls.js';
import { ACCOUNT_CALLS } from './account-calls.js';
import { ADPKG_CALLS } from './adpkg-calls.js';
import { ALGMALL_CALLS } from './algmall-calls.js';
import { AUDIT_CALLS } from './audit-calls.js';
import { AUTH_CALLS } from './auth-calls.js';
import type { AnyCall } from './calls.js';
import { CAMPAIGN_CALLS } from './campaigns-calls.js';
import { CBS_CALLS } from './cbs-calls.js';
import { COMPANY_CALLS } from './company-calls.js';
import { DEVICE_CALLS } from './devices-calls.js';
import { FINANCE_CALLS } from './finance-calls.js';
import { HOLOGRAM_CALLS } from './hologram-calls.js';
import { LVLM_LAB_CALLS } from './lvlm-lab-calls.js';
import { MQTT_CALLS } from './mqtt-calls.js';
import { NOTICE_CALLS } from './notices-calls.js';
import { OPERATIONS_CALLS } from './operations-calls.js';
import { PRS_CALLS } from './plate-recognition-calls.js';
import { RESOURCE_CALLS } from './resources-calls.js';
import { SUMMARY_CALLS } from './summary-calls.js';
import { SYSTEM_CALLS } from './system-calls.js';
import { TASK_CALLS } from './tasks-calls.js';
import { TERMINAL_CALLS } from './terminal-calls.js';
import { VIDEO_CALLS } from './video-calls.js';
import { VOIP_CALLS } from './voip-calls.js';

export const CALL_AREAS: Readonly<Record<string, Readonly<Record<string, AnyCall>>>> = {
  auth: AUTH_CALLS,
  account: ACCOUNT_CALLS,
  company: COMPANY_CALLS,
  system: SYSTEM_CALLS,
  notices: NOTICE_CALLS,
  accessKeys: ACCESS_KEY_CALLS,
  audit: AUDIT_CALLS,
  mqtt: MQTT_CALLS,
  devices: DEVICE_CALLS,
  tasks: TASK_CALLS,
  terminal: TERMINAL_CALLS,
  finance: FINANCE_CALLS,
  cbs: CBS_CALLS,
  video: VIDEO_CALLS,
  algmall: ALGMALL_CALLS,
  lvlmLab: LVLM_LAB_CALLS,
  prs: PRS_CALLS,
  campaigns: CAMPAIGN_CALLS,
  resources: RESOURCE_CALLS,
  hologram: HOLOGRAM_CALLS,
  adpkg: ADPKG_CALLS,
  voip: VOIP_CALLS,
  operations: OPERATIONS_CALLS,
  summaries: SUMMARY_CALLS,
};

/** Every declared call, each with its area and name (`system.users`). */
export const DECLARED_CALLS: readonly { name: string; call: AnyCall }[] = Object.entries(CALL_AREAS).flatMap(
  ([area, calls]) => Object.entries(calls).map(([name, call]) => ({ name: `${area}.${name}`, call })),
);
