import { useT } from '@vap/kernel';
import { useUnread } from '../hooks.js';
import { MailIcon } from '../icons.js';
import { UnreadLink } from './unread-link.js';

/** The notification icon of the top bar (spec §2.2, §2.4) with the caller's unread messages. */
export default function MessageInbox() {
  const t = useT('notices');
  const count = useUnread()?.messages ?? 0;
  return (
    <UnreadLink
      to="/messages"
      testId="message-inbox"
      count={count}
      label={count > 0 ? t('topbar.messagesUnread', { count }) : t('topbar.messages')}
      icon={<MailIcon className="h-5 w-5" />}
    />
  );
}
