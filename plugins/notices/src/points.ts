/**
 * What the notices plugin offers other plugins, as its own small entry of the package
 * (`@vap/plugin-notices/points`), importing nothing but the kernel: the unread numbers' event.
 */
import type { UnreadCounts } from '@vap/contracts';
import { defineEvent } from '@vap/kernel';

/** The unread numbers changed (a poll, or the user read something). */
export const NoticesUnread = defineEvent<UnreadCounts>('notices.unread@1');
