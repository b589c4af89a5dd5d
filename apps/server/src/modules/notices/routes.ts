import { MESSAGE_FILTERS, NOTICE_CALLS } from '@vap/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../core/db/client.js';
import { callerOf } from '../../core/http/access.js';
import { serve } from '../../core/http/calls.js';
import { ApiError } from '../../core/http/errors.js';
import { listFilters } from '../../core/http/list-query.js';
import { NoticeService } from './service.js';

/** System notices and the user's messages (spec §7.4). Every query is scoped to the caller. */
export async function noticeRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const service = new NoticeService(db);

  await serve(app, NOTICE_CALLS.notices, (request, _reply, list) =>
    service.listNotices(callerOf(request).userId, list),
  );
  await serve(app, NOTICE_CALLS.unreadNotices, async (request) => ({
    unread: await service.unreadNotices(callerOf(request).userId),
  }));
  await serve(app, NOTICE_CALLS.readNotice, async (request) => {
    if (!(await service.readNotice(callerOf(request).userId, request.params.id))) {
      throw new ApiError(404, 'not_found');
    }
  });
  await serve(app, NOTICE_CALLS.messages, (request, _reply, list) =>
    service.listMessages(callerOf(request).userId, list),
  );
  await serve(app, NOTICE_CALLS.countMessages, async (request) => ({
    count: await service.countMessages(
      callerOf(request).userId,
      listFilters(request.query.wheres, MESSAGE_FILTERS),
    ),
  }));
  await serve(app, NOTICE_CALLS.readAllMessages, async (request) => ({
    updated: await service.readAllMessages(callerOf(request).userId),
  }));
  await serve(app, NOTICE_CALLS.readMessage, async (request) => {
    if (!(await service.readMessage(callerOf(request).userId, request.params.id))) {
      throw new ApiError(404, 'not_found');
    }
  });
}
