import { NOTICE_CALLS, NOTICE_FILTERS, type Notice, READ_STATE } from '@vap/contracts';
import { useClient, useDateTime, useService, useT } from '@vap/kernel';
import { Button, type Column, type DataTableHandle, Dialog, ListPage, useFilters } from '@vap/ui';
import { useRef, useState } from 'react';
import { UnreadRef } from '../unread.js';
import { HtmlContent, itemColumns } from './content.js';
import { useReadFields } from './filters.js';

/** System notices (spec §2.2 /notices): read or unread for this user, opened in a dialog. */
export default function NoticesPage() {
  const t = useT('notices');
  const notices = useClient(NOTICE_CALLS);
  const unread = useService(UnreadRef);
  const dateTime = useDateTime();
  const table = useRef<DataTableHandle>(null);
  const filters = useFilters(NOTICE_FILTERS, useReadFields('published_at'));
  const [open, setOpen] = useState<Notice | null>(null);

  const show = async (notice: Notice) => {
    setOpen(notice);
    if (notice.state !== READ_STATE.unread) return;
    // Opening a notice reads it; the bell and the list change at once.
    try {
      await notices.readNotice({ params: { id: notice.id } });
    } catch {
      // The console already shows the server's message (http.error); the notice stays unread.
      return;
    }
    setOpen((current) => (current?.id === notice.id ? { ...current, state: READ_STATE.read } : current));
    table.current?.reload();
    await unread.refresh();
  };

  const shared = itemColumns<Notice>(t, (row) => void show(row));
  const columns: Column<Notice>[] = [
    shared.state,
    shared.title,
    { key: 'published_at', title: t('column.published'), kind: 'date', sortable: true },
  ];

  return (
    <ListPage
      title={t('notices.title')}
      filterBy={{ label: t('filter.label'), filters }}
      id="notices"
      ref={table}
      columns={columns}
      rowKey={(row) => row.id}
      load={(query, signal) => notices.notices({ query }, { signal })}
      emptyText={t('notices.empty')}
    >
      <Dialog
        open={open !== null}
        onOpenChange={(next) => !next && setOpen(null)}
        title={open?.title ?? ''}
        description={open ? t('notices.publishedAt', { time: dateTime(open.published_at) }) : undefined}
        size="large"
        footer={<Button onClick={() => setOpen(null)}>{t('dialog.close')}</Button>}
      >
        {open ? <HtmlContent html={open.content} /> : null}
      </Dialog>
    </ListPage>
  );
}
