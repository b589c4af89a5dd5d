import {
  apiErrorSchema,
  listPageSchema,
  MESSAGE_FILTERS,
  MESSAGE_ORDER_KEYS,
  messageCountSchema,
  messageSchema,
  NOTICE_FILTERS,
  NOTICE_ORDER_KEYS,
  NTC_PATHS,
  noticeSchema,
  noticeUnreadSchema,
  ntcCountQuerySchema,
  ntcIdParamsSchema,
  ntcListQuerySchema,
  readAllResultSchema,
} from '@vap/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../core/db/client.js';
import { callerOf } from '../../core/http/access.js';
import { ApiError } from '../../core/http/errors.js';
import { listFilters, listOrders } from '../../core/http/list-query.js';
import { NoticeService } from './service.js';

const filters = listFilters;
const sortKeys = listOrders;

const security = [{ bearer: [] }];
const errors = { 400: apiErrorSchema, 401: apiErrorSchema };

/** System notices and the user's messages (spec §7.4). Every query is scoped to the caller. */
export const noticesModule: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const service = new NoticeService(db);

  app.get(
    NTC_PATHS.notices,
    {
      config: { access: 'user' },
      schema: {
        tags: ['notices'],
        summary: 'System notices, with whether the caller has read each (state 0 unread, 1 read)',
        description:
          'wheres (base64 JSON): state =, title like, published_at between/>=/<=. orders: published_at, title.',
        security,
        querystring: ntcListQuerySchema,
        response: { 200: listPageSchema(noticeSchema), ...errors },
      },
    },
    (request) => {
      const { page, size, wheres, orders } = request.query;
      return service.listNotices(callerOf(request).userId, {
        page,
        size,
        wheres: filters(wheres, NOTICE_FILTERS),
        orders: sortKeys(orders, NOTICE_ORDER_KEYS),
      });
    },
  );

  app.get(
    NTC_PATHS.noticesCount,
    {
      config: { access: 'user' },
      schema: {
        tags: ['notices'],
        summary: 'How many notices the caller has not read (the bell dot)',
        security,
        response: { 200: noticeUnreadSchema, 401: apiErrorSchema },
      },
    },
    async (request) => ({ unread: await service.unreadNotices(callerOf(request).userId) }),
  );

  app.put(
    NTC_PATHS.noticeRead.pattern,
    {
      config: { access: 'user' },
      schema: {
        tags: ['notices'],
        summary: 'Marks a notice read for the caller (again is fine)',
        security,
        params: ntcIdParamsSchema,
        response: { 204: z.null(), ...errors, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      if (!(await service.readNotice(callerOf(request).userId, request.params.id))) {
        throw new ApiError(404, 'not_found');
      }
      return reply.code(204).send(null);
    },
  );

  app.get(
    NTC_PATHS.messages,
    {
      config: { access: 'user' },
      schema: {
        tags: ['notices'],
        summary: "The caller's messages",
        description:
          'wheres (base64 JSON): state =, title like, kind =, created_at between/>=/<=. orders: created_at, title.',
        security,
        querystring: ntcListQuerySchema,
        response: { 200: listPageSchema(messageSchema), ...errors },
      },
    },
    (request) => {
      const { page, size, wheres, orders } = request.query;
      return service.listMessages(callerOf(request).userId, {
        page,
        size,
        wheres: filters(wheres, MESSAGE_FILTERS),
        orders: sortKeys(orders, MESSAGE_ORDER_KEYS),
      });
    },
  );

  app.get(
    NTC_PATHS.messagesCount,
    {
      config: { access: 'user' },
      schema: {
        tags: ['notices'],
        summary: "How many of the caller's messages match wheres, e.g. [{k:'state',o:'=',v:0}] for the dot",
        security,
        querystring: ntcCountQuerySchema,
        response: { 200: messageCountSchema, ...errors },
      },
    },
    async (request) => ({
      count: await service.countMessages(
        callerOf(request).userId,
        filters(request.query.wheres, MESSAGE_FILTERS),
      ),
    }),
  );

  app.put(
    NTC_PATHS.messagesReadAll,
    {
      config: { access: 'user' },
      schema: {
        tags: ['notices'],
        summary: 'Marks every unread message of the caller read',
        security,
        response: { 200: readAllResultSchema, 401: apiErrorSchema },
      },
    },
    async (request) => ({ updated: await service.readAllMessages(callerOf(request).userId) }),
  );

  app.put(
    NTC_PATHS.messageRead.pattern,
    {
      config: { access: 'user' },
      schema: {
        tags: ['notices'],
        summary: "Marks one of the caller's messages read; another user's message is not found",
        security,
        params: ntcIdParamsSchema,
        response: { 204: z.null(), ...errors, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      if (!(await service.readMessage(callerOf(request).userId, request.params.id))) {
        throw new ApiError(404, 'not_found');
      }
      return reply.code(204).send(null);
    },
  );
};
