import type { UnreadCounts } from '@vap/contracts';
import { useT } from '@vap/kernel';
import { Badge, cn } from '@vap/ui';
import { Link } from 'react-router';
import { useUnread } from '../hooks.js';
import { BellIcon, MailIcon } from '../icons.js';

/** Each kind's page, test id and icon; its count is the unread counts' field of the same name. */
const KINDS: Record<keyof UnreadCounts, { to: string; testId: string; Icon: typeof BellIcon }> = {
  notices: { to: '/notices', testId: 'notice-bell', Icon: BellIcon },
  messages: { to: '/messages', testId: 'message-inbox', Icon: MailIcon },
};

/**
 * An icon of the top bar that leads to the page of its kind, with the caller's unread number in
 * its corner, which its accessible name says too.
 */
export function UnreadLink({ kind }: { kind: keyof UnreadCounts }) {
  const t = useT('notices');
  const count = useUnread()?.[kind] ?? 0;
  const { to, testId, Icon } = KINDS[kind];
  const label = count > 0 ? t(`topbar.${kind}Unread`, { count }) : t(`topbar.${kind}`);
  return (
    <Link
      to={to}
      aria-label={label}
      title={label}
      data-testid={testId}
      data-unread={count}
      className={cn(
        'inline-flex h-8 w-8 items-center justify-center rounded text-ink-soft',
        'hover:bg-canvas hover:text-primary focus-visible:outline-2 focus-visible:outline-primary',
      )}
    >
      <Badge count={count} max={99}>
        <Icon className="h-5 w-5" />
      </Badge>
    </Link>
  );
}
