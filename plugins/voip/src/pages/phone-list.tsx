import {
  VOIP_CALLS,
  VOIP_EXTENSION_FILTERS,
  type VoipCredentials,
  type VoipExtension,
  type VoipExtensionKind,
} from '@vap/contracts';
import { useClient, usePermission, useT } from '@vap/kernel';
import {
  Button,
  type Column,
  confirmListChange,
  confirmThen,
  type DataTableHandle,
  FilterForm,
  ListPage,
  rowActionsColumnIf,
  Tag,
  useFilters,
  useListDialog,
} from '@vap/ui';
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { ServerBanner, StatusTag, useLiveList } from './live.js';

// The dialogs load when opened: a list's first load is its table.
const DevicePhoneDialog = lazy(() =>
  import('./phone-dialogs.js').then((m) => ({ default: m.DevicePhoneDialog })),
);
const AgentPhoneDialog = lazy(() =>
  import('./phone-dialogs.js').then((m) => ({ default: m.AgentPhoneDialog })),
);
const CredentialsDialog = lazy(() =>
  import('./credentials-dialog.js').then((m) => ({ default: m.CredentialsDialog })),
);

const SECTIONS = { device: 'devicePhone', agent: 'agentPhone' } as const;

/**
 * The list of a kind of extension (device phones, agent phones): dial id, name, the device or the
 * call centers, and the registration's status, IP and UA — read again every few seconds while
 * shown. The role's buttons add, edit, reset the password of (edit) and delete (asked first) one;
 * a password is shown once, when it is made.
 */
export function PhoneList({
  kind,
  toolbar,
  panel,
  reloads = 0,
}: {
  kind: VoipExtensionKind;
  toolbar?: ReactNode;
  /** Shown above the filters, below the SIP server's banner (the agents' softphone). */
  panel?: ReactNode;
  /** Changed by the page when it changed the list itself (an import): the list reads it again. */
  reloads?: number;
}) {
  const t = useT('voip');
  const voip = useClient(VOIP_CALLS);
  const section = SECTIONS[kind];
  const mayAdd = usePermission('add');
  const mayEdit = usePermission('edit');
  const mayDelete = usePermission('delete');
  const table = useRef<DataTableHandle>(null);
  const editor = useListDialog<VoipExtension | 'new'>(table);
  const [credentials, setCredentials] = useState<VoipCredentials | null>(null);
  useLiveList(table);
  useEffect(() => {
    if (reloads > 0) table.current?.reload();
  }, [reloads]);
  const filters = useFilters(VOIP_EXTENSION_FILTERS, [
    { key: 'dial_id', op: 'like', kind: 'text', label: t('column.dialId'), className: 'w-40' },
    { key: 'display_name', op: 'like', kind: 'text', label: t('column.displayName'), className: 'w-40' },
    ...(kind === 'device'
      ? [
          {
            key: 'device_sn' as const,
            op: 'like' as const,
            kind: 'text' as const,
            label: t('field.device'),
            className: 'w-48',
          },
        ]
      : []),
  ]);

  const remove = (row: VoipExtension) => {
    void confirmListChange(
      table,
      { title: t(`${section}.deleteConfirm`, { dialId: row.dial_id }), okText: t('delete') },
      () =>
        kind === 'device'
          ? voip.deleteDevicePhone({ params: { id: row.id } })
          : voip.deleteAgentPhone({ params: { id: row.id } }),
      t('deleted', { name: row.dial_id }),
    );
  };
  const reset = (row: VoipExtension) => {
    void confirmThen({ title: t('resetConfirm', { dialId: row.dial_id }), okText: t('reset') }, async () => {
      const input = { params: { id: row.id }, body: {} };
      setCredentials(
        kind === 'device'
          ? await voip.resetDevicePhonePassword(input)
          : await voip.resetAgentPhonePassword(input),
      );
    });
  };

  const columns: Column<VoipExtension>[] = [
    { key: 'dial_id', title: t('column.dialId'), kind: 'id', sortable: true },
    {
      key: 'display_name',
      title: t('column.displayName'),
      kind: 'name',
      render: (row) => row.display_name || '—',
    },
    kind === 'device'
      ? {
          key: 'device_sn',
          title: t('column.device'),
          kind: 'id',
          render: (row) =>
            row.device_name ? `${row.device_sn} (${row.device_name})` : (row.device_sn ?? '—'),
        }
      : {
          key: 'call_centers',
          title: t('column.callCenters'),
          render: (row) =>
            row.call_centers.length === 0 ? (
              t('agentPhone.none')
            ) : (
              <span className="flex flex-wrap gap-1">
                {row.call_centers.map((center) => (
                  <Tag key={center.id}>{`${center.name} (${center.dial_id})`}</Tag>
                ))}
              </span>
            ),
        },
    {
      key: 'status',
      title: t('column.status'),
      kind: 'state',
      render: (row) => <StatusTag status={row.status} />,
    },
    { key: 'ip', title: t('column.ip'), kind: 'id', render: (row) => row.ip ?? '—' },
    { key: 'ua', title: t('column.ua'), render: (row) => row.ua ?? '—' },
    { key: 'created_at', title: t('column.createdAt'), kind: 'date', sortable: true },
    ...rowActionsColumnIf<VoipExtension>(mayEdit || mayDelete, t('actions'), (row) => [
      mayEdit && { label: t('edit'), onClick: () => editor.open(row) },
      mayEdit && { label: t('resetPassword'), onClick: () => reset(row) },
      mayDelete && { label: t('delete'), danger: true, onClick: () => remove(row) },
    ]),
  ];

  const Dialog = kind === 'device' ? DevicePhoneDialog : AgentPhoneDialog;
  return (
    <ListPage
      title={t(`${section}.title`)}
      description={t(`${section}.description`)}
      filterForm={
        <div className="flex flex-col gap-3">
          <ServerBanner />
          {panel}
          <FilterForm label={t('filters')} filters={filters} />
        </div>
      }
      id={`voip-${kind}-phones`}
      ref={table}
      columns={columns}
      rowKey={(row) => row.id}
      filters={filters.wheres}
      load={(query, signal) =>
        kind === 'device' ? voip.devicePhones({ query }, { signal }) : voip.agentPhones({ query }, { signal })
      }
      emptyText={t(`${section}.empty`)}
      toolbar={
        <span className="ml-auto flex gap-2">
          {toolbar}
          {mayAdd ? (
            <Button variant="primary" onClick={() => editor.open('new')}>
              {t('add')}
            </Button>
          ) : null}
        </span>
      }
    >
      <Suspense fallback={null}>
        {editor.dialog ? (
          <Dialog
            extension={editor.dialog === 'new' ? null : editor.dialog}
            onClose={editor.close}
            onSaved={(saved) => {
              if (saved.credentials) setCredentials(saved.credentials);
              editor.done();
            }}
          />
        ) : null}
        {credentials ? (
          <CredentialsDialog credentials={credentials} onClose={() => setCredentials(null)} />
        ) : null}
      </Suspense>
    </ListPage>
  );
}
