import { listParams, type Order, type Where } from '@vap/contracts';
import { useState } from 'react';
import { useUiT } from '../../i18n.js';
import { Button } from '../button.js';
import { message } from '../message.js';
import type { DataTableHandle } from './data-table.js';
import { downloadBlob } from './download.js';

/**
 * What a server export of a list asks for (its call's `query`): the wheres and orders `table`
 * shows now, or — before the table is there — the page's `wheres` and `orders`.
 */
export function shownListParams(
  table: DataTableHandle | null,
  wheres: readonly Where[],
  orders: readonly Order[] = [],
): { wheres?: string; orders?: string } {
  const query = table?.query();
  return listParams(query?.wheres ?? wheres, query?.orders ?? orders);
}

/** The most rows the server exports at once, and how many the list last said match. */
type ExportLimit =
  | {
      /** How many rows the list last said match its filter, or null before it answered. */
      total: () => number | null;
      /** The most rows the server exports at once (its `…_EXPORT_MAX_ROWS`). */
      max: number;
    }
  | { total?: undefined; max?: undefined };

export type ExportButtonProps = ExportLimit & {
  /** The file's name, translated, before the day and `.xlsx`. */
  file: string;
  /** Asks the server for the file (the server makes it: no spreadsheet code in the console). */
  download: () => Promise<Blob>;
  /** The button's text (default "Export"). */
  label?: string;
};

/**
 * An answer that is no file: the kernel's `ApiError` with code `invalid_response`, which its HTTP
 * layer does not announce (every other failure it shows with the server's message). Told by its
 * code, as the design system takes only the kernel's i18n.
 */
function isUnreadable(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'invalid_response';
}

/**
 * Downloads the .xlsx the server makes of a list, as `{file}-{YYYY-MM-DD}.xlsx`, the button busy
 * meanwhile. Given `total` and `max`, beyond `max` rows it says so instead of asking (the server
 * refuses such an export too, and the console shows its message like any failed call's).
 */
export function ExportButton({ file, download, label, total, max }: ExportButtonProps) {
  const t = useUiT();
  const [exporting, setExporting] = useState(false);
  const run = async () => {
    const matching = total?.() ?? null;
    if (max !== undefined && matching !== null && matching > max) {
      message.warning(t('data.serverExport.tooMany', { max }));
      return;
    }
    setExporting(true);
    try {
      const blob = await download();
      downloadBlob(`${file}-${new Date().toISOString().slice(0, 10)}.xlsx`, blob);
      message.success(t('data.serverExport.exported'));
    } catch (error) {
      // A refusal was announced with the server's message; an answer that is no file was not.
      if (isUnreadable(error)) message.error(t('data.serverExport.failed'));
    } finally {
      setExporting(false);
    }
  };
  return (
    <Button loading={exporting} onClick={() => void run()}>
      {exporting ? t('data.serverExport.exporting') : (label ?? t('data.serverExport.button'))}
    </Button>
  );
}
