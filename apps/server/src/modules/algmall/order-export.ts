/**
 * The export of page algmall_order (its `export` button): the company's orders that match the list's
 * filters, in the list's order, as .xlsx — with the orders list's own headers and values, read from
 * the algmall plugin's words (core/http/plugin-words.ts), so that the file says what the page says.
 */
import { type AlgmallOrder, type Authorisation, FEN_PER_YUAN, type Language } from '@vap/contracts';
import en from '../../../../../plugins/algmall/src/locales/en.json' with { type: 'json' };
import zhCN from '../../../../../plugins/algmall/src/locales/zh-CN.json' with { type: 'json' };
import zhTW from '../../../../../plugins/algmall/src/locales/zh-TW.json' with { type: 'json' };
import type { PluginMessages } from '../../core/http/plugin-words.js';
import { dateCell, type XlsxCell } from '../../core/http/xlsx-download.js';

/** The words of the algorithm mall's pages (plugins/algmall). */
export const ALGMALL_PAGE_MESSAGES: PluginMessages = { en, 'zh-CN': zhCN, 'zh-TW': zhTW };

/** A column of an export: its header's key in the plugin's words, and its cell of a row. */
export type ExportColumn<T> = readonly [
  string,
  (row: T, language: Language, word: (key: string) => string) => XlsxCell,
];

/** The orders list's columns (plugins/algmall orders page): the amount in yuan, as the list shows money. */
export const ORDER_EXPORT_COLUMNS: ReadonlyArray<ExportColumn<AlgmallOrder>> = [
  ['orders.number', (order) => order.number],
  ['orders.product', (order, language) => order.product_name[language]],
  ['orders.purchased', (order) => order.purchased],
  ['orders.used', (order) => order.used],
  ['orders.returned', (order) => order.returned],
  ['orders.remaining', (order) => order.remaining],
  ['orders.amount', (order) => ({ yuan: order.amount / FEN_PER_YUAN })],
  ['orders.time', (order) => dateCell(order.created_at)],
];

/** The authorisations list's columns (plugins/algmall onauth page), the state and reason in words. */
export const AUTHORISATION_EXPORT_COLUMNS: ReadonlyArray<ExportColumn<Authorisation>> = [
  ['authorisations.sn', (row) => row.sn],
  ['authorisations.device', (row) => row.device_name],
  ['authorisations.model', (row) => row.model],
  ['authorisations.product', (row, language) => row.product_name[language]],
  ['authorisations.state', (row, _language, word) => word(`authorisations.states.${row.state}`)],
  ['authorisations.reason', (row) => row.reason ?? ''],
  ['authorisations.order', (row) => row.order_number ?? ''],
  ['authorisations.attempts', (row) => row.attempts],
  ['authorisations.time', (row) => dateCell(row.created_at)],
];
