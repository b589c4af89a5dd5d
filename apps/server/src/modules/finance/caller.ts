/** The language of a money call: warnings, documents and exports speak the caller's. */
import type { FastifyRequest } from 'fastify';
import { type Language, negotiateLanguage } from '../../core/http/i18n.js';

/** The language the caller asked for: warnings, documents and exports speak it. */
export const callerLanguage = (request: FastifyRequest): Language =>
  negotiateLanguage(request.headers['accept-language']);
