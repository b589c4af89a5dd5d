/** A money list exported as .xlsx with its list's headers and values, in the caller's language. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type PluginWord, pluginWords } from '../../core/http/plugin-words.js';
import { sendXlsxColumns, type XlsxColumns } from '../../core/http/xlsx-download.js';
import { callerLanguage } from './caller.js';
import { FINANCE_PAGE_MESSAGES } from './list-words.js';

/** An exported column: the key of its header in the page's words, and its cell of a row. */
export type ExportColumns<T> = XlsxColumns<T, [word: PluginWord]>;

export function sendFinanceXlsx<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  name: string,
  columns: ExportColumns<T>,
  rows: readonly T[],
) {
  const word = pluginWords(FINANCE_PAGE_MESSAGES, callerLanguage(request));
  return sendXlsxColumns(reply, name, columns, word, rows, word);
}
