import { useT } from '@vap/kernel';
import { useUnread } from '../hooks.js';
import { BellIcon } from '../icons.js';
import { UnreadLink } from './unread-link.js';

/** The notice bell of the top bar (spec §2.2, §2.4) with the caller's unread notices. */
export default function NoticeBell() {
  const t = useT('notices');
  const count = useUnread()?.notices ?? 0;
  return (
    <UnreadLink
      to="/notices"
      testId="notice-bell"
      count={count}
      label={count > 0 ? t('topbar.noticesUnread', { count }) : t('topbar.notices')}
      icon={<BellIcon className="h-5 w-5" />}
    />
  );
}
