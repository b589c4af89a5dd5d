import { MQTT_LOG_EXPORT_MAX_ROWS, type MqttLogKind, type Where } from '@vap/contracts';
import { ApiError, useService, useT } from '@vap/kernel';
import { Button, downloadBlob, message } from '@vap/ui';
import { useState } from 'react';
import { MqttApiRef } from '../refs.js';
import type { LogRange } from './log-range.js';

interface LogExportProps {
  kind: MqttLogKind;
  range: LogRange;
  wheres: readonly Where[];
  /** How many entries the table last said match, or null before it answered. */
  total: () => number | null;
}

/**
 * Downloads the .xlsx of one log's range and filter (POST mqtt_log/{kind}/export). Beyond
 * MQTT_LOG_EXPORT_MAX_ROWS entries it says so before asking (spec §5.7, §8 'log export at most
 * 5000 rows'); the server refuses such an export too (`log_export_too_many_rows`), and the console
 * shows its message like any failed call's.
 */
export function LogExport({ kind, range, wheres, total }: LogExportProps) {
  const t = useT('mqtt');
  const api = useService(MqttApiRef);
  const [exporting, setExporting] = useState(false);
  const run = async () => {
    const matching = total();
    if (matching !== null && matching > MQTT_LOG_EXPORT_MAX_ROWS) {
      message.warning(t('log.exportTooMany', { max: MQTT_LOG_EXPORT_MAX_ROWS }));
      return;
    }
    setExporting(true);
    try {
      const blob = await api.exportLogs(kind, { ...range, wheres: [...wheres] });
      downloadBlob(
        `${t('log.exportFile', { log: kind })}-${new Date().toISOString().slice(0, 10)}.xlsx`,
        blob,
      );
      message.success(t('log.exported'));
    } catch (error) {
      // A refusal was announced with the server's message; an answer that is no file was not.
      if (error instanceof ApiError && error.code === 'invalid_response')
        message.error(t('log.exportFailed'));
    } finally {
      setExporting(false);
    }
  };
  return (
    <Button loading={exporting} onClick={() => void run()}>
      {exporting ? t('log.exporting') : t('log.export')}
    </Button>
  );
}
