/**
 * The audit log of the caller's company (page `system_audit`, owner only): a page of entries and
 * the CSV export, both filtered by user, action and time (`AUDIT_FILTERS`).
 *
 * Which writes are audited (action: route), each recorded in the write's own transaction through
 * recorder.ts and declared as the route's `config.audit`:
 * - auth.sign_in: POST login_password, login_sms_code, login_or_signup_sms_code (known phone),
 *   login_wechat (the poll that hands out the token)
 * - auth.sign_up: POST signup, login_or_signup_sms_code (new phone); the account has no company
 *   yet, so the entry belongs to no company's log
 * - auth.sign_out: POST /v1/pms/user/logout
 * - account.profile.update: PUT /v1/pms/user
 * - account.password.change / .set / .reset: PUT and POST /v1/pms/user/password, POST reset_password
 *   (never the password or its hash)
 * - company.create: POST /v1/pms/user/companies
 * - company.settings.update / company.verification.submit: PUT /v1/pms/company (the latter when the
 *   call carries verification fields)
 * - system.user.create / .role / .remove: POST /users, POST /users/{id}, PUT /users/{id}/role,
 *   DELETE /users/{id} (the created user without the password)
 * - system.role.create / .update / .delete: POST /roles, PUT and DELETE /roles/{id} (a dry run
 *   changes nothing and records nothing)
 * - access_key.create / .update / .delete: the access-key routes (never the secret)
 *
 * Not audited, by design (the exemption list of write-routes.test.ts says why for each): captchas,
 * SMS codes and scan sign-in QR codes (no account is written), the upload token and the object
 * upload (a stored file takes effect only through the audited PUT /company), the notice and message
 * read marks (the caller's own reading state, nothing of the company), the development-only scan
 * confirmation, and failed sign-ins (counted by the rate limiter instead).
 */
import { AUDIT_CALLS, AUDIT_EXPORT_HEADERS, AUDIT_FILTERS, AUDIT_ORDER_KEYS } from '@vap/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../core/db/client.js';
import { companyOfCaller } from '../../core/http/access.js';
import { serve } from '../../core/http/calls.js';
import { listFilters, listOrders } from '../../core/http/list-query.js';
import { auditCsv } from './csv.js';
import { AuditLogService } from './service.js';

/** `audit_logs_20250131-142501.csv` in UTC. */
const exportFileName = (now: Date) =>
  `audit_logs_${now
    .toISOString()
    .replace(/\.\d+Z$/, '')
    .replaceAll('-', '')
    .replaceAll(':', '')
    .replace('T', '-')}.csv`;

export async function auditRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const service = new AuditLogService(db);

  await serve(app, AUDIT_CALLS.entries, async (request, _reply, list) =>
    service.list(await companyOfCaller(request, db), list),
  );

  await serve(app, AUDIT_CALLS.exportCsv, async (request, reply) => {
    const companyId = await companyOfCaller(request, db);
    const entries = await service.exportRows(
      companyId,
      listFilters(request.query.wheres, AUDIT_FILTERS),
      listOrders(request.query.orders, AUDIT_ORDER_KEYS),
    );
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${exportFileName(new Date())}"`)
      .header('cache-control', 'no-store')
      .header(AUDIT_EXPORT_HEADERS.total, String(entries.length))
      .send(auditCsv(entries));
  });
}
