import { ACCESS_KEY_CALLS, type AccessKey, type AccessKeyCreated, formatDateTime } from '@vap/contracts';
import { useClient, useT } from '@vap/kernel';
import {
  Button,
  type Column,
  confirmThen,
  type DataTableHandle,
  ListPage,
  message,
  rowActionsColumn,
  Tag,
  useListDialog,
} from '@vap/ui';
import { useRef } from 'react';
import { useGroupNames } from '../device-groups.js';
import { pageLocally } from '../local-list.js';
import { CreateAccessKeyDialog, SecretDialog } from './access-key-dialogs.js';

type Dialog = { kind: 'create' } | { kind: 'secret'; created: AccessKeyCreated };

/**
 * AccessKey (spec §2.2 `/accesskey`, owner only; §3, §5, §9): the keys with which third parties
 * call the open API as the company's owner, limited to each key's interfaces and device groups.
 * The owner creates them (the secret is shown once), disables, enables and deletes them.
 */
export default function AccessKeysPage() {
  const t = useT('system');
  const accessKeys = useClient(ACCESS_KEY_CALLS);
  const groupNames = useGroupNames();
  const table = useRef<DataTableHandle>(null);
  const { dialog, open, close, done } = useListDialog<Dialog>(table);

  const setDisabled = async (key: AccessKey, disabled: boolean) => {
    try {
      await accessKeys.setKeyDisabled({ params: { id: key.id }, body: { disabled } });
    } catch {
      return;
    }
    message.success(t(disabled ? 'accessKeys.disabledDone' : 'accessKeys.enabledDone', { id: key.id }));
    table.current?.reload();
  };

  const remove = async (key: AccessKey) => {
    const done = await confirmThen(
      {
        title: t('accessKeys.deleteTitle', { id: key.id }),
        content: t('accessKeys.deleteContent'),
        okText: t('accessKeys.delete'),
      },
      () => accessKeys.removeKey({ params: { id: key.id } }),
    );
    if (!done) return;
    message.success(t('accessKeys.deleted', { id: key.id }));
    table.current?.reload();
  };

  const groupsOf = (key: AccessKey) =>
    key.is_access_all_group
      ? t('accessKeys.allGroupsShort')
      : key.group_ids.length > 0
        ? groupNames(key.group_ids)
        : t('accessKeys.noGroups');

  const columns: Column<AccessKey>[] = [
    {
      key: 'id',
      title: t('accessKeys.id'),
      kind: 'id',
      hideable: false,
      render: (row) => <code className="font-mono text-xs">{row.id}</code>,
    },
    { key: 'created_at', title: t('accessKeys.createdAt'), kind: 'date', sortable: true },
    { key: 'expires_at', title: t('accessKeys.expiresAt'), kind: 'date', sortable: true },
    { key: 'bandwidth_mbps', title: t('accessKeys.bandwidth'), kind: 'number', sortable: true },
    {
      key: 'groups',
      title: t('accessKeys.groups'),
      render: (row) => (row.is_access_all_group ? <Tag tone="primary">{groupsOf(row)}</Tag> : groupsOf(row)),
      csv: groupsOf,
    },
    {
      key: 'operations',
      title: t('accessKeys.operations'),
      render: (row) => (
        <details>
          <summary className="cursor-pointer text-primary">
            {t('accessKeys.operationCount', { count: row.operations.length })}
          </summary>
          <ul className="mt-1 flex flex-col gap-0.5 font-mono text-xs">
            {row.operations.map((operation) => (
              <li key={operation} className="whitespace-nowrap">
                {operation}
              </li>
            ))}
          </ul>
        </details>
      ),
      csv: (row) => row.operations.join(' | '),
    },
    {
      key: 'disabled',
      title: t('accessKeys.state'),
      kind: 'state',
      render: (row) =>
        row.disabled ? (
          <Tag>{t('accessKeys.disabled')}</Tag>
        ) : (
          <Tag tone="success">{t('accessKeys.enabled')}</Tag>
        ),
      csv: (row) => t(row.disabled ? 'accessKeys.disabled' : 'accessKeys.enabled'),
    },
    {
      key: 'last_used_at',
      title: t('accessKeys.lastUsed'),
      kind: 'date',
      sortable: true,
      render: (row) => (row.last_used_at ? formatDateTime(row.last_used_at) : t('accessKeys.neverUsed')),
    },
    rowActionsColumn(t('common.actions'), (row) => [
      {
        label: row.disabled ? t('accessKeys.enable') : t('accessKeys.disable'),
        onClick: () => void setDisabled(row, !row.disabled),
      },
      { label: t('accessKeys.delete'), onClick: () => void remove(row), danger: true },
    ]),
  ];

  return (
    <ListPage
      title={t('accessKeys.title')}
      description={t('accessKeys.intro')}
      id="system-access-keys"
      ref={table}
      columns={columns}
      rowKey={(row) => row.id}
      load={async (query) => pageLocally((await accessKeys.keys()).items, query)}
      emptyText={t('accessKeys.empty')}
      toolbar={
        <Button variant="primary" onClick={() => open({ kind: 'create' })}>
          {t('accessKeys.create')}
        </Button>
      }
    >
      {dialog?.kind === 'create' ? (
        <CreateAccessKeyDialog onClose={close} onCreated={(created) => open({ kind: 'secret', created })} />
      ) : null}
      {dialog?.kind === 'secret' ? <SecretDialog created={dialog.created} onClose={done} /> : null}
    </ListPage>
  );
}
