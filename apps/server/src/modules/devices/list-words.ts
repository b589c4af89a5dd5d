/**
 * The words of the device pages (plugins/devices): the device list, the binding records, a task's
 * jobs. The exports of those lists write their headers and values with them (core/http/plugin-words.ts).
 */

import en from '../../../../../plugins/devices/src/locales/en.json' with { type: 'json' };
import zhCN from '../../../../../plugins/devices/src/locales/zh-CN.json' with { type: 'json' };
import zhTW from '../../../../../plugins/devices/src/locales/zh-TW.json' with { type: 'json' };
import type { PluginMessages } from '../../core/http/plugin-words.js';

export const DEVICE_PAGE_MESSAGES: PluginMessages = { en, 'zh-CN': zhCN, 'zh-TW': zhTW };
