import { useQuery } from '@tanstack/react-query';
import { NOTICE_CALLS, READ_STATE } from '@vap/contracts';
import { useClient, useT } from '@vap/kernel';
import { Card } from '@vap/ui';
import { Link } from 'react-router';
import { useUnread } from './hooks.js';

/** The dashboard card "Unread notices / messages": both numbers, links, the newest unread notices. */
export default function UnreadCard() {
  const t = useT('notices');
  const notices = useClient(NOTICE_CALLS);
  const counts = useUnread();
  const unreadNotices = counts?.notices;

  // The newest unread notices, asked again whenever their number changes; none shown on failure.
  const { data: latest } = useQuery({
    queryKey: ['notices', 'latest-unread', unreadNotices],
    queryFn: async ({ signal }) =>
      (
        await notices.notices(
          { query: { page: 1, size: 3, wheres: [{ k: 'state', o: '=', v: READ_STATE.unread }], orders: [] } },
          { signal },
        )
      ).items,
    enabled: unreadNotices !== undefined,
  });

  const figure = (value: number | undefined) => (value === undefined ? '—' : String(value));
  return (
    <Card title={t('card.title')} data-testid="notices-card">
      <dl className="grid grid-cols-2 gap-4">
        <div className="flex flex-col gap-1">
          <dt className="text-sm text-ink-soft">{t('card.notices')}</dt>
          <dd className="text-2xl font-medium text-ink">{figure(counts?.notices)}</dd>
          <dd>
            <Link to="/notices" className="text-sm text-primary hover:underline">
              {t('card.viewNotices')}
            </Link>
          </dd>
        </div>
        <div className="flex flex-col gap-1">
          <dt className="text-sm text-ink-soft">{t('card.messages')}</dt>
          <dd className="text-2xl font-medium text-ink">{figure(counts?.messages)}</dd>
          <dd>
            <Link to="/messages" className="text-sm text-primary hover:underline">
              {t('card.viewMessages')}
            </Link>
          </dd>
        </div>
      </dl>
      {latest && latest.length > 0 ? (
        <ul
          aria-label={t('card.latest')}
          className="mt-4 flex flex-col gap-1 border-t border-line-soft pt-3 text-sm"
        >
          {latest.map((notice) => (
            <li key={notice.id} className="truncate text-ink">
              {notice.title}
            </li>
          ))}
        </ul>
      ) : null}
    </Card>
  );
}
