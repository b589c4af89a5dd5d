/**
 * The words of the money pages (plugins/finance): the consumption records and the invoice
 * requests are exported with their lists' headers and values (core/http/plugin-words.ts).
 */

import en from '../../../../../plugins/finance/src/locales/en.json' with { type: 'json' };
import zhCN from '../../../../../plugins/finance/src/locales/zh-CN.json' with { type: 'json' };
import zhTW from '../../../../../plugins/finance/src/locales/zh-TW.json' with { type: 'json' };
import type { PluginMessages } from '../../core/http/plugin-words.js';

export const FINANCE_PAGE_MESSAGES: PluginMessages = { en, 'zh-CN': zhCN, 'zh-TW': zhTW };
