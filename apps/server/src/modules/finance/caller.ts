/** The company and the language of a money call: every one of them acts on the caller's company. */
import type { FastifyRequest } from 'fastify';
import { companyOf } from '../../core/auth/permissions.js';
import type { Db } from '../../core/db/client.js';
import { permissionsOf } from '../../core/http/access.js';
import { type Language, negotiateLanguage } from '../../core/http/i18n.js';

/** The caller's company (the key's company for an access key). */
export async function financeCompanyOf(request: FastifyRequest, db: Db): Promise<number> {
  return companyOf(await permissionsOf(request, db));
}

/** The language the caller asked for: warnings, documents and exports speak it. */
export const callerLanguage = (request: FastifyRequest): Language =>
  negotiateLanguage(request.headers['accept-language']);
