/**
 * The exports' words are their lists' (issue 29): read from the plugins' locale files as i18next
 * reads them, and every header and value an export writes has a text there in all three languages
 * — a key renamed in a plugin fails here rather than printing the key in a spreadsheet.
 */
import {
  BIND_ACTIONS,
  BIND_SOURCES,
  CHARGE_PRODUCTS,
  CLOUD_CHARGE_REASONS,
  CLOUD_PLANS,
  CLOUD_STATES,
  CONFIGURATION_STATE_NAMES,
  DEVICE_KINDS,
  DEVICE_STATUSES,
  INVOICE_STATES,
  JOB_SERVER_REASONS,
  MQTT_TRANSPORTS,
  NETWORK_MODES,
  TASK_STATES,
} from '@vap/contracts';
import { describe, expect, it } from 'vitest';
import { DEVICE_EXPORT_COLUMNS, RECORD_EXPORT_COLUMNS } from '../../modules/devices/exchange-routes.js';
import { DEVICE_PAGE_MESSAGES } from '../../modules/devices/list-words.js';
import { CONSUMPTION_EXPORT_COLUMNS } from '../../modules/finance/consumption-routes.js';
import { INVOICE_EXPORT_COLUMNS } from '../../modules/finance/invoice-document.js';
import { FINANCE_PAGE_MESSAGES } from '../../modules/finance/list-words.js';
import { CLIENT_EXPORT_COLUMNS, MQTT_PAGE_MESSAGES } from '../../modules/mqtt/client-export.js';
import { JOB_EXPORT_COLUMNS } from '../../modules/tasks/job-export.js';
import { hasPluginWord, type PluginMessages, pluginWords } from './plugin-words.js';

const missing = (messages: PluginMessages, keys: readonly string[]) =>
  keys.filter((key) => !hasPluginWord(messages, key));

describe("a plugin's words on the server", () => {
  it('reads dotted keys, fills {{values}} and falls back to zh-CN, then to the key', () => {
    const messages: PluginMessages = {
      'zh-CN': { a: { b: '乙 {{n}}', only: '仅中文' } },
      en: { a: { b: 'B {{n}}' } },
      'zh-TW': {},
    };
    expect(pluginWords(messages, 'en')('a.b', { n: 3 })).toBe('B 3');
    expect(pluginWords(messages, 'en')('a.only')).toBe('仅中文');
    expect(pluginWords(messages, 'zh-TW')('a.missing')).toBe('a.missing');
    expect(hasPluginWord(messages, 'a.b')).toBe(false);
  });

  it('has every header and value of the device pages’ exports in every language', () => {
    const keys = [
      ...[...DEVICE_EXPORT_COLUMNS, ...RECORD_EXPORT_COLUMNS, ...JOB_EXPORT_COLUMNS].map(([key]) => key),
      'common.never',
      'groups.ungrouped',
      ...DEVICE_KINDS.map((kind) => `kind.${kind}`),
      ...DEVICE_STATUSES.map((status) => `status.${status}`),
      ...CLOUD_STATES.map((state) => `cloud.${state}`),
      ...NETWORK_MODES.map((mode) => `network.${mode}`),
      ...BIND_ACTIONS.map((action) => `records.actions.${action}`),
      ...BIND_SOURCES.map((source) => `records.sources.${source}`),
      ...TASK_STATES.map((state) => `taskState.${state}`),
      ...TASK_STATES.map((state) => `configurationState.${CONFIGURATION_STATE_NAMES[state]}`),
      ...JOB_SERVER_REASONS.map((reason) => `jobReason.${reason}`),
      'jobAnswer.config',
      'jobAnswer.firmware',
      'jobAnswer.entries',
    ];
    expect(missing(DEVICE_PAGE_MESSAGES, keys)).toEqual([]);
  });

  it('has every header and value of the money pages’ exports in every language', () => {
    const keys = [
      ...[...CONSUMPTION_EXPORT_COLUMNS, ...INVOICE_EXPORT_COLUMNS].map(([key]) => key),
      ...CHARGE_PRODUCTS.map((product) => `products.${product}`),
      ...CLOUD_CHARGE_REASONS.map((reason) => `consumption.cloudNotes.${reason}`),
      ...CLOUD_PLANS.map((plan) => `consumption.cloudPlans.${plan}`),
      ...INVOICE_STATES.map((state) => `invoiceStates.${state}`),
    ];
    expect(missing(FINANCE_PAGE_MESSAGES, keys)).toEqual([]);
  });

  it('has every header and value of the device clients’ export in every language', () => {
    const keys = [
      ...CLIENT_EXPORT_COLUMNS.map(([key]) => key),
      ...MQTT_TRANSPORTS.map((transport) => `transport.${transport}`),
      ...['v3', 'v4', 'v5', 'other'].map((level) => `protocol.${level}`),
    ];
    expect(missing(MQTT_PAGE_MESSAGES, keys)).toEqual([]);
  });
});
