/** The calls of notices and messages (spec §7.4). Every one is the caller's own: any signed-in user. */

import { declareCalls } from './calls.js';
import { NTC_PATHS } from './paths-notices.js';

const schemas = async () => ({ ...(await import('./notices.js')), ...(await import('./list.js')) });

export const NOTICE_CALLS = declareCalls(schemas, ['notices'], {
  notices: {
    method: 'GET',
    path: NTC_PATHS.notices,
    access: 'user',
    summary: 'System notices, with whether the caller has read each (state 0 unread, 1 read)',
    description:
      'wheres (base64 JSON): state =, title like, published_at between/>=/<=. orders: published_at, title.',
    schemas: (s) => s.listSchemas(s.noticeSchema, s.NOTICE_FILTERS, s.NOTICE_ORDER_KEYS),
  },
  unreadNotices: {
    method: 'GET',
    path: NTC_PATHS.noticesCount,
    access: 'user',
    summary: 'How many notices the caller has not read (the bell dot)',
    schemas: (s) => ({ response: s.noticeUnreadSchema }),
  },
  readNotice: {
    method: 'PUT',
    path: NTC_PATHS.noticeRead.pattern,
    access: 'user',
    errors: [404],
    summary: 'Marks a notice read for the caller (again is fine)',
    schemas: (s) => ({ params: s.ntcIdParamsSchema, response: null }),
  },
  messages: {
    method: 'GET',
    path: NTC_PATHS.messages,
    access: 'user',
    summary: "The caller's messages",
    description:
      'wheres (base64 JSON): state =, title like, kind =, created_at between/>=/<=. orders: created_at, title.',
    schemas: (s) => s.listSchemas(s.messageSchema, s.MESSAGE_FILTERS, s.MESSAGE_ORDER_KEYS),
  },
  countMessages: {
    method: 'GET',
    path: NTC_PATHS.messagesCount,
    access: 'user',
    summary: "How many of the caller's messages match wheres, e.g. [{k:'state',o:'=',v:0}] for the dot",
    schemas: (s) => ({ query: s.ntcCountQuerySchema, response: s.messageCountSchema }),
  },
  readAllMessages: {
    method: 'PUT',
    path: NTC_PATHS.messagesReadAll,
    access: 'user',
    summary: 'Marks every unread message of the caller read',
    schemas: (s) => ({ response: s.readAllResultSchema }),
  },
  readMessage: {
    method: 'PUT',
    path: NTC_PATHS.messageRead.pattern,
    access: 'user',
    errors: [404],
    summary: "Marks one of the caller's messages read; another user's message is not found",
    schemas: (s) => ({ params: s.ntcIdParamsSchema, response: null }),
  },
});
