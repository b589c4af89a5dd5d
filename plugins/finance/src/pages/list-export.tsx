import type { ListQuery } from '@vap/contracts';
import { ApiError, useT } from '@vap/kernel';
import { Button, type DataTableHandle, downloadBlob, message } from '@vap/ui';
import { type RefObject, useState } from 'react';

interface ListExportProps {
  /** The table whose current query (filter and sort) the export takes. */
  table: RefObject<DataTableHandle | null>;
  /** How many rows the table last said match its filter, or null before it answered. */
  total: () => number | null;
  /** The most rows the server exports at once (its `…_EXPORT_MAX_ROWS`). */
  max: number;
  /** The file's name, translated, before the day and `.xlsx`. */
  file: string;
  /** Asks the server for the .xlsx of the query. */
  download: (query: ListQuery) => Promise<Blob>;
}

/**
 * Downloads the .xlsx the server makes of a table's current query. Beyond `max` rows it says so
 * before asking; the server refuses such an export too (`log_export_too_many_rows`), and the
 * console shows its message like any failed call's.
 */
export function ListExport({ table, total, max, file, download }: ListExportProps) {
  const t = useT('finance');
  const [exporting, setExporting] = useState(false);
  const run = async () => {
    const query = table.current?.query();
    if (!query) return;
    const matching = total();
    if (matching !== null && matching > max) {
      message.warning(t('export.tooMany', { max }));
      return;
    }
    setExporting(true);
    try {
      const blob = await download(query);
      downloadBlob(`${file}-${new Date().toISOString().slice(0, 10)}.xlsx`, blob);
      message.success(t('export.exported'));
    } catch (error) {
      // A refusal was announced with the server's message; an answer that is no file was not.
      if (error instanceof ApiError && error.code === 'invalid_response') message.error(t('export.failed'));
    } finally {
      setExporting(false);
    }
  };
  return (
    <Button loading={exporting} onClick={() => void run()}>
      {exporting ? t('export.exporting') : t('export.button')}
    </Button>
  );
}
