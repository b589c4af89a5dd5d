import { UnreadLink } from './unread-link.js';

/** The notification icon of the top bar (spec §2.2, §2.4) with the caller's unread messages. */
export default function MessageInbox() {
  return <UnreadLink kind="messages" />;
}
