/**
 * Payloads of the notices calls (spec §7.4): system notices published to everyone, and each user's
 * own messages. Defined once for the server routes, the console's calls and its filters.
 */
import { z } from 'zod';
import { idParamsSchema } from './ids.js';
import { type FilterSpec, filterTextSchema, instantSchema, listQuerySchema } from './list.js';

export const readStateSchema = z.union([z.literal(0), z.literal(1)]);
export type ReadState = z.infer<typeof readStateSchema>;

export const NOTICE_TITLE_MAX_LENGTH = 200;
/** Largest notice body the operator may publish, in characters of HTML. */
export const NOTICE_CONTENT_MAX_LENGTH = 100_000;

/** One notice as the caller sees it; `content` is HTML the server sanitised when it was published. */
export const noticeSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  /** ISO 8601. */
  published_at: z.string(),
  state: readStateSchema,
});
export type Notice = z.infer<typeof noticeSchema>;

/** One message of the caller; `content` is sanitised HTML as well. */
export const messageSchema = z.object({
  id: z.number().int(),
  /** e.g. `verification`, `security`, `system`. */
  kind: z.string(),
  title: z.string(),
  content: z.string(),
  /** ISO 8601. */
  created_at: z.string(),
  state: readStateSchema,
});
export type Message = z.infer<typeof messageSchema>;

/** GET /v1/ntc/notices/count (spec §3 "Notice unread response has unread"). */
export const noticeUnreadSchema = z.object({ unread: z.number().int().nonnegative() });
export type NoticeUnread = z.infer<typeof noticeUnreadSchema>;

/** GET /v1/ntc/messages/count (spec §3 "Message count response has count"). */
export const messageCountSchema = z.object({ count: z.number().int().nonnegative() });
export type MessageCount = z.infer<typeof messageCountSchema>;

/** PUT /v1/ntc/messages/read_all: how many of the caller's messages turned read. */
export const readAllResultSchema = z.object({ updated: z.number().int().nonnegative() });
export type ReadAllResult = z.infer<typeof readAllResultSchema>;

/**
 * The unread numbers of both channels: the payload of the notices plugin's `NoticesUnread` event
 * (`notices.unread@1`, declared in its points entry).
 */
export interface UnreadCounts {
  notices: number;
  messages: number;
}

/** The list query of spec §3 as it travels (list.ts `listQuerySchema`). */
export const ntcListQuerySchema = listQuerySchema;
export type NtcListQuery = z.infer<typeof ntcListQuerySchema>;

/** GET messages/count takes the same filters (spec §7.4: `[{k: 'state', o: '=', v: 0}]`). */
export const ntcCountQuerySchema = ntcListQuerySchema.pick({ wheres: true });

/** `{id}` of `PUT …/{id}/read`. */
export const ntcIdParamsSchema = idParamsSchema;

const titleFilter = { like: filterTextSchema(NOTICE_TITLE_MAX_LENGTH) };
const instantFilter = {
  between: z.tuple([instantSchema, instantSchema]),
  '>=': instantSchema,
  '<=': instantSchema,
};

export const NOTICE_FILTERS = {
  state: { '=': readStateSchema },
  title: titleFilter,
  published_at: instantFilter,
} as const satisfies FilterSpec;

export const MESSAGE_FILTERS = {
  state: { '=': readStateSchema },
  title: titleFilter,
  kind: { '=': z.string().min(1).max(40) },
  created_at: instantFilter,
} as const satisfies FilterSpec;

/** Sort keys of the two lists; the default is newest first. */
export const NOTICE_ORDER_KEYS = ['published_at', 'title'] as const;
export const MESSAGE_ORDER_KEYS = ['created_at', 'title'] as const;
