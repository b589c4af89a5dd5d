/**
 * Every /webapi route pattern, for the server's route matrix. A module of its own: importing every
 * path table, it would put them all in whichever chunk imports it (the first load's, were it in
 * api-paths.ts).
 */
import {
  ACCOUNT_PATHS,
  AUTH_PATHS,
  CATALOGUE_PATH,
  COMPANY_PATHS,
  OPERATIONS_PATHS,
  patternsOf,
} from './api-paths.js';
import { ALGMALL_PATHS, LVLM_LAB_PATHS } from './paths-algmall.js';
import { CAMPAIGN_PATHS } from './paths-campaigns.js';
import { CBS_PATHS } from './paths-cbs.js';
import { DEVICE_MANAGER_PATHS, DEVICE_PATHS, TASK_PATHS, TERMINAL_PATHS } from './paths-devices.js';
import { DEV_PAYMENT_PATHS, FINANCE_PATHS, PAYMENT_NOTIFY_PATHS } from './paths-finance.js';
import { ADPKG_PATHS, HOLOGRAM_PATHS } from './paths-media.js';
import { MQTT_LOG_EXPORT_PATHS, MQTT_LOG_PATHS, MQTT_PATHS } from './paths-mqtt.js';
import { NTC_PATHS } from './paths-notices.js';
import { PRS_PATHS } from './paths-plate-recognition.js';
import { RESOURCE_PATHS } from './paths-resources.js';
import { ACCESS_KEY_PATHS, AUDIT_PATHS, SYSTEM_PATHS } from './paths-system.js';
import { VIDEO_PATHS } from './paths-video.js';
import { VOIP_PATHS } from './paths-voip.js';

/** The pattern of every route of the platform: the server registers no /webapi route outside this list. */
export const API_ROUTE_PATTERNS: readonly string[] = [
  AUTH_PATHS,
  ACCOUNT_PATHS,
  COMPANY_PATHS,
  MQTT_PATHS,
  MQTT_LOG_PATHS,
  MQTT_LOG_EXPORT_PATHS,
  SYSTEM_PATHS,
  NTC_PATHS,
  ACCESS_KEY_PATHS,
  DEVICE_MANAGER_PATHS,
  AUDIT_PATHS,
  DEVICE_PATHS,
  TASK_PATHS,
  TERMINAL_PATHS,
  FINANCE_PATHS,
  DEV_PAYMENT_PATHS,
  PAYMENT_NOTIFY_PATHS,
  CBS_PATHS,
  VIDEO_PATHS,
  ALGMALL_PATHS,
  LVLM_LAB_PATHS,
  RESOURCE_PATHS,
  PRS_PATHS,
  HOLOGRAM_PATHS,
  CAMPAIGN_PATHS,
  ADPKG_PATHS,
  VOIP_PATHS,
  { catalogue: CATALOGUE_PATH },
  OPERATIONS_PATHS,
].flatMap(patternsOf);
