import type { UnreadCounts } from '@vap/contracts';
import { useService } from '@vap/kernel';
import { useSyncExternalStore } from 'react';
import { UnreadRef } from './unread.js';

/** The unread numbers, polled while a component shows them; null before the first answer. */
export function useUnread(): UnreadCounts | null {
  const unread = useService(UnreadRef);
  return useSyncExternalStore(unread.subscribe, unread.getSnapshot, unread.getSnapshot);
}
