import {
  clientOf,
  contribute,
  definePlugin,
  EventBusRef,
  HttpRef,
  messages,
  page,
  SessionRef,
  service,
  topbarItem,
} from '@vap/kernel';
import { DashboardCards } from '@vap/plugin-dashboard/points';
import { UnreadRef, UnreadService } from './unread.js';

/**
 * Notices and messages (spec §2.2, §7.4): the hidden pages /notices and /messages, the bell and the
 * notification icon with their unread dots in the top bar, and a dashboard card.
 */
export default definePlugin({
  id: 'notices',
  kernel: '^2',
  pages: [
    page('notices', () => import('./pages/notices.js'), { always: { path: '/notices' } }),
    page('messages', () => import('./pages/messages.js'), { always: { path: '/messages' } }),
  ],
  topbar: [
    topbarItem('notices-bell', () => import('./topbar/bell.js'), { order: 10 }),
    topbarItem('messages-inbox', () => import('./topbar/inbox.js'), { order: 20 }),
  ],
  contributions: [
    contribute(
      DashboardCards,
      'notices-unread',
      { component: () => import('./dashboard-card.js') },
      { order: 10 },
    ),
  ],
  services: [
    // The calls and their schemas load with the first poll, not with the sign-in page.
    service(UnreadRef, (services) => {
      const http = services.get(HttpRef);
      return new UnreadService(
        () => import('./notice-calls.js').then(({ NOTICE_CALLS }) => clientOf(http, NOTICE_CALLS)),
        services.get(SessionRef),
        services.get(EventBusRef),
      );
    }),
  ],
  messages: [
    messages('notices', {
      en: () => import('./locales/en.json'),
      'zh-CN': () => import('./locales/zh-CN.json'),
      'zh-TW': () => import('./locales/zh-TW.json'),
    }),
  ],
});
