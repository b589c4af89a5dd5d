/**
 * Notices (published to everyone, read per user) and messages (one user's own), spec §7.4. Every
 * query is scoped to the caller; filters and sort keys arrive already checked against the
 * whitelists of @vap/contracts (`NOTICE_FILTERS`, `MESSAGE_FILTERS`) and are mapped to columns here.
 */
import {
  type ListPage,
  type ListQuery,
  MESSAGE_FILTERS,
  MESSAGE_ORDER_KEYS,
  type Message,
  NOTICE_FILTERS,
  NOTICE_ORDER_KEYS,
  type Notice,
  OWNER_ROLE_ID,
  READ_STATE,
  type ReadState,
  type Where,
} from '@vap/contracts';
import { and, count, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../core/db/client.js';
import { users } from '../../core/db/schema.js';
import { orderOf, pageOf, whereOf } from '../../core/http/list-sql.js';
import { sanitizeHtml } from './sanitize.js';
import { messages, noticeReads, notices } from './schema.js';

const toIso = (date: Date) => date.toISOString();

/** A notice is read by the user whose read mark the list joins. */
const noticeFilters = whereOf(NOTICE_FILTERS, {
  state: ({ v }) => (v === READ_STATE.unread ? isNull(noticeReads.userId) : isNotNull(noticeReads.userId)),
  title: notices.title,
  published_at: notices.publishedAt,
});
const noticeSorting = orderOf(NOTICE_ORDER_KEYS, { title: notices.title, published_at: notices.publishedAt });

const messageFilters = whereOf(MESSAGE_FILTERS, {
  state: messages.state,
  title: messages.title,
  kind: messages.kind,
  created_at: messages.createdAt,
});
const messageWhere = (userId: number, wheres: readonly Where[]) =>
  and(eq(messages.userId, userId), messageFilters(wheres));
const messageSorting = orderOf(MESSAGE_ORDER_KEYS, { title: messages.title, created_at: messages.createdAt });

export interface PublishedNotice {
  id: number;
  title: string;
  content: string;
  publishedAt: Date;
}

export class NoticeService {
  constructor(private readonly db: Db) {}

  // ---- notices ---------------------------------------------------------------------------------

  /** The read mark of this user, joined to each notice. */
  #readBy(userId: number) {
    return and(eq(noticeReads.noticeId, notices.id), eq(noticeReads.userId, userId));
  }

  async listNotices(userId: number, request: ListQuery): Promise<ListPage<Notice>> {
    const where = noticeFilters(request.wheres);
    const sorting = noticeSorting(request.orders);
    const { items, total } = await pageOf(
      request,
      this.db
        .select({
          id: notices.id,
          title: notices.title,
          content: notices.content,
          publishedAt: notices.publishedAt,
          readBy: noticeReads.userId,
        })
        .from(notices)
        .leftJoin(noticeReads, this.#readBy(userId))
        .where(where)
        .orderBy(...sorting, desc(notices.publishedAt), desc(notices.id)),
      this.db
        .select({ total: count() })
        .from(notices)
        .leftJoin(noticeReads, this.#readBy(userId))
        .where(where),
    );
    return {
      items: items.map((row) => ({
        id: row.id,
        title: row.title,
        content: row.content,
        published_at: toIso(row.publishedAt),
        state: (row.readBy === null ? READ_STATE.unread : READ_STATE.read) as ReadState,
      })),
      total,
    };
  }

  /** How many notices this user has not read. */
  async unreadNotices(userId: number): Promise<number> {
    const [counted] = await this.db
      .select({ total: sql<number>`count(*)::int` })
      .from(notices)
      .leftJoin(noticeReads, this.#readBy(userId))
      .where(isNull(noticeReads.userId));
    return counted?.total ?? 0;
  }

  /** Marks a notice read for this user (again is fine); false when there is no such notice. */
  async readNotice(userId: number, noticeId: number): Promise<boolean> {
    const [notice] = await this.db.select({ id: notices.id }).from(notices).where(eq(notices.id, noticeId));
    if (!notice) return false;
    await this.db.insert(noticeReads).values({ noticeId, userId }).onConflictDoNothing();
    return true;
  }

  /** Publishes a notice to every user; the body is sanitised before it is stored. */
  async publishNotice(input: { title: string; content: string }): Promise<PublishedNotice> {
    const [row] = await this.db
      .insert(notices)
      .values({ title: input.title, content: sanitizeHtml(input.content) })
      .returning({
        id: notices.id,
        title: notices.title,
        content: notices.content,
        publishedAt: notices.publishedAt,
      });
    if (!row) throw new Error('the notice was not stored');
    return row;
  }

  /** Every notice with how many users read it, newest first (operator view). */
  async allNotices() {
    return this.db
      .select({
        id: notices.id,
        title: notices.title,
        publishedAt: notices.publishedAt,
        reads: sql<number>`(select count(*)::int from ${noticeReads} where ${noticeReads.noticeId} = ${notices.id})`,
      })
      .from(notices)
      .orderBy(desc(notices.publishedAt), desc(notices.id));
  }

  // ---- messages --------------------------------------------------------------------------------

  async listMessages(userId: number, request: ListQuery): Promise<ListPage<Message>> {
    const where = messageWhere(userId, request.wheres);
    const sorting = messageSorting(request.orders);
    const rows = await this.db
      .select()
      .from(messages)
      .where(where)
      .orderBy(...sorting, desc(messages.createdAt), desc(messages.id))
      .limit(request.size)
      .offset((request.page - 1) * request.size);
    return {
      items: rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        title: row.title,
        content: row.content,
        created_at: toIso(row.createdAt),
        state: (row.state === READ_STATE.unread ? READ_STATE.unread : READ_STATE.read) as ReadState,
      })),
      total: await this.countMessages(userId, request.wheres),
    };
  }

  async countMessages(userId: number, wheres: readonly Where[]): Promise<number> {
    const [counted] = await this.db
      .select({ total: sql<number>`count(*)::int` })
      .from(messages)
      .where(messageWhere(userId, wheres));
    return counted?.total ?? 0;
  }

  /** Marks one of this user's messages read; false when this user has no such message. */
  async readMessage(userId: number, messageId: number): Promise<boolean> {
    const updated = await this.db
      .update(messages)
      .set({ state: READ_STATE.read })
      .where(and(eq(messages.id, messageId), eq(messages.userId, userId)))
      .returning({ id: messages.id });
    return updated.length > 0;
  }

  /** Marks every unread message of this user read; answers how many changed. */
  async readAllMessages(userId: number): Promise<number> {
    const updated = await this.db
      .update(messages)
      .set({ state: READ_STATE.read })
      .where(and(eq(messages.userId, userId), eq(messages.state, READ_STATE.unread)))
      .returning({ id: messages.id });
    return updated.length;
  }

  /** Sends a message to one user (operators, other modules); false when the user does not exist. */
  async sendMessage(input: { userId: number; title: string; content?: string; kind?: string }) {
    const [user] = await this.db.select({ id: users.id }).from(users).where(eq(users.id, input.userId));
    if (!user) return null;
    const [row] = await this.db
      .insert(messages)
      .values({
        userId: input.userId,
        title: input.title,
        content: sanitizeHtml(input.content ?? ''),
        ...(input.kind ? { kind: input.kind } : {}),
      })
      .returning({ id: messages.id });
    return row ?? null;
  }
}

/** A message as other modules send it (`kind` e.g. `verification`). */
export interface MessageToSend {
  kind: string;
  title: string;
  content: string;
}

/**
 * Sends the message to each owner of the company (role 0), in the caller's transaction, so that
 * they exist exactly when its write does; answers how many were sent.
 */
export async function messageOwners(tx: Db, companyId: number, message: MessageToSend): Promise<number> {
  const owners = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.roleId, OWNER_ROLE_ID)));
  if (owners.length === 0) return 0;
  const content = sanitizeHtml(message.content);
  await tx.insert(messages).values(owners.map((owner) => ({ ...message, content, userId: owner.id })));
  return owners.length;
}
