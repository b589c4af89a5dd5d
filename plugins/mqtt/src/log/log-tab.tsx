import { MQTT_LOG_CALLS, MQTT_LOG_EXPORT_MAX_ROWS, type MqttLogKind } from '@vap/contracts';
import { useClient, usePermission, useSession, useT } from '@vap/kernel';
import { DataTable, ExportButton } from '@vap/ui';
import { useRef, useState } from 'react';
import { useLogColumns } from './log-columns.js';
import { LogFilters, type LogFilterValues, logWheres, NO_LOG_FILTERS } from './log-filters.js';
import { type LogRange, resolveRange } from './log-range.js';

interface Applied {
  values: LogFilterValues;
  /** Resolved when searched: "the last hour" is the hour before Search was pressed. */
  range: LogRange;
}

const apply = (values: LogFilterValues): Applied => ({
  values,
  range: resolveRange(values.range, values.from, values.to, Date.now()),
});

/**
 * One log (POST mqtt_log/{kind}): its range and filters, the entries newest first a page at a time
 * (the filters travel in the body, as a plain list), and the export with the role's button.
 */
export function LogTab({ kind }: { kind: MqttLogKind }) {
  const t = useT('mqtt');
  // This log's page and export.
  const log = useClient(MQTT_LOG_CALLS[kind]);
  const { user } = useSession();
  const mayExport = usePermission('export');
  const columns = useLogColumns(kind);
  const [applied, setApplied] = useState(() => apply(NO_LOG_FILTERS));
  const total = useRef<number | null>(null);
  const wheres = logWheres(kind, applied.values);
  const { from, to } = applied.range;

  return (
    <div className="flex flex-col gap-4">
      <LogFilters kind={kind} onChange={(values) => setApplied(apply(values))} />
      <DataTable
        // The range is not part of the table's list query: a new one is a new table, from page 1.
        key={`${from}/${to}`}
        id={`mqtt-log-${kind}-${user?.id ?? 0}`}
        label={t(`log.kinds.${kind}`)}
        columns={columns}
        rowKey={(row) => row.id}
        filters={wheres}
        load={async ({ page, size, wheres: filter }, signal) => {
          const answer = await log.page({ body: { from, to, wheres: [...filter], page, size } }, { signal });
          total.current = answer.total;
          return answer;
        }}
        emptyText={t('log.empty')}
        toolbar={
          mayExport ? (
            // POST mqtt_log/{kind}/export: beyond the most rows it says so before asking (spec §5.7,
            // §8 'log export at most 5000 rows'); the server refuses such an export too.
            <ExportButton
              total={() => total.current}
              max={MQTT_LOG_EXPORT_MAX_ROWS}
              file={t('log.exportFile', { log: kind })}
              download={async () =>
                (await log.export({ body: { ...applied.range, wheres: [...wheres] } })).blob
              }
            />
          ) : null
        }
      />
    </div>
  );
}
