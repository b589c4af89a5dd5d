import { UnreadLink } from './unread-link.js';

/** The notice bell of the top bar (spec §2.2, §2.4) with the caller's unread notices. */
export default function NoticeBell() {
  return <UnreadLink kind="notices" />;
}
