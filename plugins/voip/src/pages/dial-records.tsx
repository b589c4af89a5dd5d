import { useQuery } from '@tanstack/react-query';
import {
  formatDuration,
  LOG_EXPORT_MAX_ROWS,
  VOIP_CALLS,
  VOIP_DIAL_RECORD_FILTERS,
  VOIP_DIAL_RESULTS,
  type VoipDialRecord,
} from '@vap/contracts';
import { useClient, usePermission, useT } from '@vap/kernel';
import {
  type Column,
  type DataTableHandle,
  ListPage,
  TableExportButton,
  Tag,
  type TagTone,
  useFilters,
} from '@vap/ui';
import { useRef } from 'react';

/** The newest first, as the server's default; the export follows the table's order. */
const NEWEST_FIRST = [{ k: 'started_at', o: 'desc' as const }];

const TONES: Record<VoipDialRecord['result'], TagTone> = {
  answered: 'success',
  no_answer: 'warning',
  busy: 'warning',
  cancelled: 'default',
  failed: 'danger',
  queue_timeout: 'danger',
};

/**
 * Dial records (spec §1, §2.3 voip_dial_record; issue 33): every call as the SIP server accounted
 * it — caller, callee, call center, the agent who answered, start, answer, end, its duration and
 * result — filtered by time, extension, call center and result, and exported as .xlsx (at most
 * 5000 rows, spec §5.7, §8) with the role's `export` button.
 */
export default function DialRecordsPage() {
  const t = useT('voip');
  const voip = useClient(VOIP_CALLS);
  const mayExport = usePermission('export');
  const table = useRef<DataTableHandle>(null);
  const matching = useRef<{ key: string; rows: number } | null>(null);
  const centers = useQuery({
    queryKey: ['voip', 'call-centers', 'all'],
    queryFn: ({ signal }) =>
      voip.callCenters(
        { query: { page: 1, size: 100, wheres: [], orders: [{ k: 'name', o: 'asc' }] } },
        { signal },
      ),
  });
  const filters = useFilters(VOIP_DIAL_RECORD_FILTERS, [
    { key: 'started_at', op: 'between', kind: 'days', label: t('dialRecord.time'), className: 'w-64' },
    { key: 'extension', op: '=', kind: 'text', label: t('dialRecord.extension'), className: 'w-40' },
    {
      key: 'call_center_id',
      op: '=',
      kind: 'select',
      label: t('dialRecord.callCenter'),
      placeholder: t('dialRecord.anyCallCenter'),
      options: (centers.data?.items ?? []).map((center) => ({
        value: String(center.id),
        label: `${center.name} (${center.dial_id})`,
      })),
      className: 'w-48',
    },
    {
      key: 'result',
      op: '=',
      kind: 'select',
      label: t('dialRecord.result'),
      placeholder: t('dialRecord.anyResult'),
      options: VOIP_DIAL_RESULTS.map((result) => ({ value: result, label: t(`results.${result}`) })),
      className: 'w-44',
    },
  ]);

  const columns: Column<VoipDialRecord>[] = [
    { key: 'started_at', title: t('dialRecord.startedAt'), kind: 'date', sortable: true },
    { key: 'caller', title: t('dialRecord.caller'), kind: 'id' },
    { key: 'callee', title: t('dialRecord.callee'), kind: 'id' },
    {
      key: 'call_center',
      title: t('dialRecord.callCenter'),
      render: (row) => row.call_center_name ?? row.call_center_dial_id ?? '—',
    },
    { key: 'agent', title: t('dialRecord.agent'), kind: 'id', render: (row) => row.agent ?? '—' },
    { key: 'answered_at', title: t('dialRecord.answeredAt'), kind: 'date' },
    { key: 'ended_at', title: t('dialRecord.endedAt'), kind: 'date' },
    {
      key: 'duration',
      title: t('dialRecord.duration'),
      kind: 'number',
      sortable: true,
      render: (row) => formatDuration(row.duration),
    },
    {
      key: 'result',
      title: t('dialRecord.result'),
      kind: 'state',
      render: (row) => <Tag tone={TONES[row.result]}>{t(`results.${row.result}`)}</Tag>,
    },
  ];

  return (
    <ListPage
      title={t('dialRecord.title')}
      filterBy={{ label: t('filters'), filters }}
      id="voip-dial-records"
      ref={table}
      columns={columns}
      rowKey={(row) => row.id}
      initialQuery={{ orders: NEWEST_FIRST }}
      load={async (query, signal) => {
        const page = await voip.dialRecords({ query }, { signal });
        matching.current = { key: JSON.stringify(query.wheres), rows: page.total };
        return page;
      }}
      emptyText={t('dialRecord.empty')}
      toolbar={
        mayExport ? (
          <TableExportButton
            table={table}
            wheres={filters.wheres}
            orders={NEWEST_FIRST}
            total={() => {
              const shown = matching.current;
              return shown?.key === JSON.stringify(table.current?.query().wheres ?? filters.wheres)
                ? shown.rows
                : null;
            }}
            max={LOG_EXPORT_MAX_ROWS}
            file={t('dialRecord.exportFile')}
            exportList={(query) => voip.exportDialRecords({ query })}
          />
        ) : null
      }
    />
  );
}
