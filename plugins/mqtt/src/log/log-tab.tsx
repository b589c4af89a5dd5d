import { MQTT_LOG_CALLS, MQTT_LOG_EXPORT_MAX_ROWS, type MqttLogKind } from '@vap/contracts';
import { useClient, usePermission, useSession, useT } from '@vap/kernel';
import { DataTable, ExportButton, FilterForm } from '@vap/ui';
import { useRef } from 'react';
import { useLogColumns } from './log-columns.js';
import { LogRangeFields, useLogFilters, useLogRange } from './log-filters.js';

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
  const filters = useLogFilters(kind);
  const range = useLogRange();
  const total = useRef<number | null>(null);
  const wheres = filters.wheres;
  const { from, to } = range.asked;

  return (
    <div className="flex flex-col gap-4">
      <FilterForm
        label={t('log.filters')}
        filters={filters}
        valid={range.problem === null}
        onSearch={range.search}
        onReset={range.reset}
      >
        <LogRangeFields draft={range.draft} setDraft={range.setDraft} problem={range.problem} />
      </FilterForm>
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
                (await log.export({ body: { ...range.asked, wheres: [...wheres] } })).blob
              }
            />
          ) : null
        }
      />
    </div>
  );
}
