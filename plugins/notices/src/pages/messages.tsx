import { MESSAGE_FILTERS, type Message, NOTICE_CALLS, READ_STATE } from '@vap/contracts';
import { useClient, useDateTime, useService, useT } from '@vap/kernel';
import {
  Button,
  type Column,
  confirm,
  type DataTableHandle,
  Dialog,
  ListPage,
  message,
  useFilters,
} from '@vap/ui';
import { useRef, useState } from 'react';
import { UnreadRef } from '../unread.js';
import { HtmlContent, itemColumns } from './content.js';
import { useReadFields } from './filters.js';

const KINDS = ['system', 'verification', 'security'] as const;
type Kind = (typeof KINDS)[number];
const isKind = (kind: string): kind is Kind => (KINDS as readonly string[]).includes(kind);

/** The notification center (spec §2.2 /messages): the user's own messages, read one by one or all. */
export default function MessagesPage() {
  const t = useT('notices');
  const notices = useClient(NOTICE_CALLS);
  const unread = useService(UnreadRef);
  const dateTime = useDateTime();
  const table = useRef<DataTableHandle>(null);
  const filters = useFilters(MESSAGE_FILTERS, useReadFields('created_at'));
  const [open, setOpen] = useState<Message | null>(null);
  const [busy, setBusy] = useState(false);

  const kindLabel = (kind: string) => (isKind(kind) ? t(`messages.kind.${kind}`) : kind);

  const markRead = async (item: Message) => {
    if (item.state !== READ_STATE.unread) return;
    try {
      await notices.readMessage({ params: { id: item.id } });
    } catch {
      // The console already shows the server's message (http.error); the message stays unread.
      return;
    }
    setOpen((current) => (current?.id === item.id ? { ...current, state: READ_STATE.read } : current));
    table.current?.reload();
    await unread.refresh();
  };

  const show = async (item: Message) => {
    setOpen(item);
    await markRead(item);
  };

  const readAll = async () => {
    const ok = await confirm({ title: t('messages.readAllConfirm'), okText: t('messages.readAll') });
    if (!ok) return;
    setBusy(true);
    try {
      const { updated } = await notices.readAllMessages();
      message.success(t('messages.readAllDone', { count: updated }));
      table.current?.reload();
      await unread.refresh();
    } catch {
      // The console already shows the server's message (http.error).
    } finally {
      setBusy(false);
    }
  };

  const shared = itemColumns<Message>(t, (row) => void show(row));
  const columns: Column<Message>[] = [
    shared.state,
    { key: 'kind', title: t('column.kind'), kind: 'state', render: (row) => kindLabel(row.kind) },
    shared.title,
    { key: 'created_at', title: t('column.received'), kind: 'date', sortable: true },
    {
      key: 'actions',
      title: t('column.actions'),
      kind: 'actions',
      render: (row) =>
        row.state === READ_STATE.unread ? (
          <Button
            variant="link"
            size="small"
            className="px-0"
            aria-label={t('messages.markReadOne', { title: row.title })}
            onClick={() => void markRead(row)}
          >
            {t('messages.markRead')}
          </Button>
        ) : null,
    },
  ];

  return (
    <ListPage
      title={t('messages.title')}
      filterBy={{ label: t('filter.label'), filters }}
      id="messages"
      ref={table}
      columns={columns}
      rowKey={(row) => row.id}
      load={(query, signal) => notices.messages({ query }, { signal })}
      emptyText={t('messages.empty')}
      toolbar={
        <Button loading={busy} onClick={() => void readAll()}>
          {t('messages.readAll')}
        </Button>
      }
    >
      <Dialog
        open={open !== null}
        onOpenChange={(next) => !next && setOpen(null)}
        title={open?.title ?? ''}
        description={open ? `${kindLabel(open.kind)} · ${dateTime(open.created_at)}` : undefined}
        size="medium"
        footer={<Button onClick={() => setOpen(null)}>{t('dialog.close')}</Button>}
      >
        {open?.content ? (
          <HtmlContent html={open.content} />
        ) : (
          <p className="text-ink-soft">{t('messages.noBody')}</p>
        )}
      </Dialog>
    </ListPage>
  );
}
