/** A money list exported as .xlsx with its list's headers and values, in the caller's language. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type PluginWord, pluginWords } from '../../core/http/plugin-words.js';
import { sendXlsx, type XlsxCell } from '../../core/http/xlsx-download.js';
import { callerLanguage } from './caller.js';
import { FINANCE_PAGE_MESSAGES } from './list-words.js';

/** An exported column: the key of its header in the page's words, and its cell of a row. */
export type ExportColumns<T> = ReadonlyArray<readonly [string, (row: T, word: PluginWord) => XlsxCell]>;

export function sendFinanceXlsx<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  name: string,
  columns: ExportColumns<T>,
  rows: readonly T[],
) {
  const word = pluginWords(FINANCE_PAGE_MESSAGES, callerLanguage(request));
  async function* each() {
    yield* rows;
  }
  return sendXlsx(
    reply,
    name,
    columns.map(([key]) => word(key)),
    each(),
    (row) => columns.map(([, cell]) => cell(row, word)),
  );
}
