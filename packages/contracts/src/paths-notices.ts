import { pathWithId } from './path-with-id.js';

/** The calls of spec §7.4 (prefix /v1/ntc). */
export const NTC_PATHS = {
  notices: '/v1/ntc/notices',
  noticesCount: '/v1/ntc/notices/count',
  noticeRead: pathWithId('/v1/ntc/notices/:id/read'),
  messages: '/v1/ntc/messages',
  messagesCount: '/v1/ntc/messages/count',
  messageRead: pathWithId('/v1/ntc/messages/:id/read'),
  messagesReadAll: '/v1/ntc/messages/read_all',
} as const;
