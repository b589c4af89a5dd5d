/** The calls of spec §7.4, typed by @vap/contracts. */
import {
  encodeListParam,
  type ListPage,
  type ListQuery,
  type Message,
  messageCountSchema,
  messageSchema,
  type Notice,
  NTC_PATHS,
  noticeSchema,
  noticeUnreadSchema,
  READ_STATE,
  readAllResultSchema,
  type Where,
} from '@vap/contracts';
import type { CallOptions, HttpClient } from '@vap/kernel';

/** The filter of the message dot (spec §7.4: `{k, o, v}` meaning state equals 0). */
export const UNREAD_FILTER: readonly Where[] = [{ k: 'state', o: '=', v: READ_STATE.unread }];
/** Its encoded form, as it travels (for tests and logs). */
export const UNREAD_FILTER_PARAM = encodeListParam(UNREAD_FILTER);

export interface NoticesApi {
  notices(query: ListQuery, options?: CallOptions): Promise<ListPage<Notice>>;
  readNotice(id: number): Promise<void>;
  messages(query: ListQuery, options?: CallOptions): Promise<ListPage<Message>>;
  readMessage(id: number): Promise<void>;
  readAllMessages(): Promise<number>;
  /** The two unread numbers; polls pass `quiet` so that a failure is only logged (spec §8). */
  unreadNotices(quiet: boolean): Promise<number>;
  unreadMessages(quiet: boolean): Promise<number>;
}

export function createNoticesApi(http: HttpClient): NoticesApi {
  return {
    notices: (query, options) => http.list(NTC_PATHS.notices, query, noticeSchema, options),
    readNotice: async (id) => {
      await http.put(NTC_PATHS.noticeRead(id));
    },
    messages: (query, options) => http.list(NTC_PATHS.messages, query, messageSchema, options),
    readMessage: async (id) => {
      await http.put(NTC_PATHS.messageRead(id));
    },
    readAllMessages: async () =>
      (await http.put(NTC_PATHS.messagesReadAll, undefined, { schema: readAllResultSchema })).updated,
    unreadNotices: async (quiet) =>
      (await http.get(NTC_PATHS.noticesCount, { schema: noticeUnreadSchema, quiet })).unread,
    unreadMessages: async (quiet) =>
      (await http.get(NTC_PATHS.messagesCount, { schema: messageCountSchema, wheres: UNREAD_FILTER, quiet }))
        .count,
  };
}
