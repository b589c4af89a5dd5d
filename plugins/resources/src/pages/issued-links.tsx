import { useT } from '@vap/kernel';
import {
  type Column,
  confirmListChange,
  DataTable,
  type DataTableHandle,
  rowActionsColumn,
  Tag,
} from '@vap/ui';
import type { RefObject } from 'react';

/** A link the company made: a resource's share link, or a skip-login grant of the official page. */
export interface IssuedLink {
  id: number;
  created_at: string;
  expires_at: string;
  revoked: boolean;
  downloads: number;
}

const isLive = (link: IssuedLink) => !link.revoked && Date.parse(link.expires_at) > Date.now();

interface IssuedLinksProps<T extends IssuedLink> {
  /** The table's id, for its kept columns. */
  id: string;
  label: string;
  emptyText: string;
  /** The table, reloaded by the dialog when it makes a link and here when one is revoked. */
  table: RefObject<DataTableHandle | null>;
  load: (signal: AbortSignal) => Promise<T[]>;
  /** Revokes a live link, once the user has said yes to `confirm`; `done` says it was. */
  revoke: (link: T) => Promise<void>;
  confirm: string;
  done: string;
}

/**
 * The links the company made (spec §9), newest first: when each was made and ends, whether it is
 * valid, expired or revoked, and its downloads; a valid one can be revoked, asked first.
 */
export function IssuedLinks<T extends IssuedLink>({
  id,
  label,
  emptyText,
  table,
  load,
  revoke,
  confirm,
  done,
}: IssuedLinksProps<T>) {
  const t = useT('resources');
  const ask = (link: T) =>
    void confirmListChange(table, { title: confirm, okText: t('share.revoke') }, () => revoke(link), done);
  const stateOf = (link: T) => {
    if (link.revoked) return <Tag>{t('share.revoked')}</Tag>;
    if (!isLive(link)) return <Tag tone="warning">{t('share.expired')}</Tag>;
    return <Tag tone="success">{t('share.live')}</Tag>;
  };
  const columns: Column<T>[] = [
    { key: 'created_at', title: t('share.createdAt'), kind: 'date' },
    { key: 'expires_at', title: t('share.expiresAt'), kind: 'date' },
    { key: 'state', title: t('share.state'), kind: 'state', render: stateOf },
    { key: 'downloads', title: t('resource.downloads'), kind: 'number' },
    rowActionsColumn<T>(t('download.actions'), (link) =>
      isLive(link) ? [{ label: t('share.revoke'), danger: true, onClick: () => ask(link) }] : null,
    ),
  ];
  return (
    <DataTable
      id={id}
      label={label}
      ref={table}
      columns={columns}
      rowKey={(link) => link.id}
      emptyText={emptyText}
      load={async (_query, signal) => {
        const items = await load(signal);
        return { items, total: items.length };
      }}
    />
  );
}
