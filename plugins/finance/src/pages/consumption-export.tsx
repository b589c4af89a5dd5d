import { CONSUMPTION_EXPORT_MAX_ROWS } from '@vap/contracts';
import { ApiError, useService, useT } from '@vap/kernel';
import { Button, type DataTableHandle, downloadBlob, message } from '@vap/ui';
import { type RefObject, useState } from 'react';
import { FinanceApiRef } from '../refs.js';

interface ConsumptionExportProps {
  /** The table whose current filter and sort the export takes. */
  table: RefObject<DataTableHandle | null>;
  /** How many charges the table last said match, or null before it answered. */
  total: () => number | null;
}

/**
 * Downloads the .xlsx of the charges of the table's filter and sort (the server makes it). Beyond
 * CONSUMPTION_EXPORT_MAX_ROWS charges it says so before asking; the server refuses such an export
 * too (`log_export_too_many_rows`), and the console shows its message like any failed call's.
 */
export function ConsumptionExport({ table, total }: ConsumptionExportProps) {
  const t = useT('finance');
  const api = useService(FinanceApiRef);
  const [exporting, setExporting] = useState(false);
  const run = async () => {
    const query = table.current?.query();
    if (!query) return;
    const matching = total();
    if (matching !== null && matching > CONSUMPTION_EXPORT_MAX_ROWS) {
      message.warning(t('consumption.exportTooMany', { max: CONSUMPTION_EXPORT_MAX_ROWS }));
      return;
    }
    setExporting(true);
    try {
      const blob = await api.exportConsumption(query.wheres, query.orders);
      downloadBlob(`${t('consumption.exportFile')}-${new Date().toISOString().slice(0, 10)}.xlsx`, blob);
      message.success(t('consumption.exported'));
    } catch (error) {
      // A refusal was announced with the server's message; an answer that is no file was not.
      if (error instanceof ApiError && error.code === 'invalid_response')
        message.error(t('consumption.exportFailed'));
    } finally {
      setExporting(false);
    }
  };
  return (
    <Button loading={exporting} onClick={() => void run()}>
      {exporting ? t('consumption.exporting') : t('consumption.export')}
    </Button>
  );
}
