import { VOIP_CALL_CENTER_FILTERS, VOIP_CALLS, type VoipCallCenter } from '@vap/contracts';
import { useClient, usePermission, useT } from '@vap/kernel';
import {
  Button,
  type Column,
  confirmListChange,
  type DataTableHandle,
  FilterForm,
  ListEditor,
  ListPage,
  rowActionsColumnIf,
  useFilters,
  useListDialog,
} from '@vap/ui';
import { lazy, useRef } from 'react';
import { ServerBanner, StatusTag, useLiveList } from './live.js';

const CallCenterDialog = lazy(() => import('./call-center-dialog.js'));

/**
 * Call centers (spec §2.3 voip_call_center, §3; issue 33): each with its dial id, strategy, max
 * wait, ring time, delay intervals and its agents in ringing order with their live status. The
 * role's buttons add, edit and delete (asked first) one.
 */
export default function CallCentersPage() {
  const t = useT('voip');
  const voip = useClient(VOIP_CALLS);
  const mayAdd = usePermission('add');
  const mayEdit = usePermission('edit');
  const mayDelete = usePermission('delete');
  const table = useRef<DataTableHandle>(null);
  const editor = useListDialog<VoipCallCenter | 'new'>(table);
  useLiveList(table);
  const filters = useFilters(VOIP_CALL_CENTER_FILTERS, [
    { key: 'dial_id', op: 'like', kind: 'text', label: t('column.dialId'), className: 'w-40' },
    { key: 'name', op: 'like', kind: 'text', label: t('column.name'), className: 'w-40' },
  ]);
  const seconds = (value: number) => t('seconds', { count: value });

  const remove = (row: VoipCallCenter) => {
    void confirmListChange(
      table,
      { title: t('callCenter.deleteConfirm', { name: row.name }), okText: t('delete') },
      () => voip.deleteCallCenter({ params: { id: row.id } }),
      t('deleted', { name: row.name }),
    );
  };

  const columns: Column<VoipCallCenter>[] = [
    { key: 'dial_id', title: t('column.dialId'), kind: 'id', sortable: true },
    { key: 'name', title: t('column.name'), kind: 'name', sortable: true },
    { key: 'strategy', title: t('column.strategy'), render: (row) => t(`strategies.${row.strategy}`) },
    {
      key: 'max_wait',
      title: t('column.maxWait'),
      kind: 'number',
      render: (row) => (row.max_wait === 0 ? t('unlimited') : seconds(row.max_wait)),
    },
    {
      key: 'ring_timeout',
      title: t('column.ringTimeout'),
      kind: 'number',
      render: (row) => seconds(row.ring_timeout),
    },
    {
      key: 'delays',
      title: t('column.delays'),
      render: (row) => [row.delay_no_answer, row.delay_busy, row.delay_reject].map(seconds).join(' / '),
    },
    {
      key: 'agents',
      title: t('column.agents'),
      render: (row) =>
        row.agents.length === 0 ? (
          '—'
        ) : (
          <ol className="flex flex-col gap-0.5">
            {row.agents.map((agent, index) => (
              <li key={agent.id} className="flex items-center gap-1.5">
                <span className="text-ink-faint">{index + 1}.</span>
                <span>{agent.display_name ? `${agent.dial_id} (${agent.display_name})` : agent.dial_id}</span>
                <StatusTag status={agent.status} />
              </li>
            ))}
          </ol>
        ),
    },
    { key: 'created_at', title: t('column.createdAt'), kind: 'date', sortable: true },
    ...rowActionsColumnIf<VoipCallCenter>(mayEdit || mayDelete, t('actions'), (row) => [
      mayEdit && { label: t('edit'), onClick: () => editor.open(row) },
      mayDelete && { label: t('delete'), danger: true, onClick: () => remove(row) },
    ]),
  ];

  return (
    <ListPage
      title={t('callCenter.title')}
      description={t('callCenter.description')}
      filterForm={
        <div className="flex flex-col gap-3">
          <ServerBanner />
          <FilterForm label={t('filters')} filters={filters} />
        </div>
      }
      id="voip-call-centers"
      ref={table}
      columns={columns}
      rowKey={(row) => row.id}
      filters={filters.wheres}
      load={(query, signal) => voip.callCenters({ query }, { signal })}
      emptyText={t('callCenter.empty')}
      toolbar={
        mayAdd ? (
          <span className="ml-auto">
            <Button variant="primary" onClick={() => editor.open('new')}>
              {t('add')}
            </Button>
          </span>
        ) : null
      }
    >
      <ListEditor
        editor={editor}
        render={(center) => <CallCenterDialog center={center} onClose={editor.close} onSaved={editor.done} />}
      />
    </ListPage>
  );
}
