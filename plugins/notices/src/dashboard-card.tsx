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

  return (
    <Card title={t('card.title')} data-testid="notices-card">
      <dl className="grid grid-cols-2 gap-4">
        <Unread
          label={t('card.notices')}
          count={counts?.notices}
          to="/notices"
          open={t('card.viewNotices')}
        />
        <Unread
          label={t('card.messages')}
          count={counts?.messages}
          to="/messages"
          open={t('card.viewMessages')}
        />
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

/** One unread count of the card, with the link to its list: "—" until it is known. */
function Unread({
  label,
  count,
  to,
  open,
}: {
  label: string;
  count: number | undefined;
  to: string;
  open: string;
}) {
  return (
    <div className="flex flex-col gap-1">
      <dt className="text-sm text-ink-soft">{label}</dt>
      <dd className="text-2xl font-medium text-ink">{count === undefined ? '—' : String(count)}</dd>
      <dd>
        <Link to={to} className="text-sm text-primary hover:underline">
          {open}
        </Link>
      </dd>
    </div>
  );
}
