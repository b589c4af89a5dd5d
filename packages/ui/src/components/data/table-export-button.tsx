import type { Order, Where } from '@vap/contracts';
import type { RefObject } from 'react';
import type { DataTableHandle } from './data-table.js';
import { ExportButton, shownListParams } from './export-button.js';

export interface TableExportButtonProps {
  /** The list page's table: the export asks for the wheres and orders it shows. */
  table: RefObject<DataTableHandle | null>;
  /** The page's wheres, asked for before the table is there. */
  wheres: readonly Where[];
  /** The page's first order, asked for before the table is there. */
  orders?: readonly Order[];
  /** The most rows the server exports at once (its `…_EXPORT_MAX_ROWS`). */
  max: number;
  /** How many rows match, where the page counts them itself; else the table's total. */
  total?: () => number | null;
  /** The file's name, translated, before the day and `.xlsx`. */
  file: string;
  /** The server's export call, given the shown list's `query`. */
  exportList: (query: { wheres?: string; orders?: string }) => Promise<{ blob: Blob }>;
}

/**
 * The export of a list page's table (ExportButton): the server makes the .xlsx of the rows the
 * table shows — its filter and order, not its page — and beyond `max` matching rows the button says
 * so instead of asking.
 */
export function TableExportButton({
  table,
  wheres,
  orders,
  max,
  total,
  file,
  exportList,
}: TableExportButtonProps) {
  return (
    <ExportButton
      // Spec §8: beyond the most rows it says so instead of asking; the server refuses too.
      total={total ?? (() => table.current?.total() ?? null)}
      max={max}
      file={file}
      download={() => exportList(shownListParams(table.current, wheres, orders)).then(({ blob }) => blob)}
    />
  );
}
