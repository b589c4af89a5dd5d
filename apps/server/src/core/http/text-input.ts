/**
 * No text the API takes may hold a NUL character: no field of the product has one, and PostgreSQL's
 * text cannot store it, so it used to surface as a 500 from the database (issue 13 §5). Every
 * query string, path parameter and JSON body is checked before validation; a list's `wheres`,
 * which travel encoded, are checked where they are decoded (`checkWheres`).
 */
import { holdsNul } from '@vap/contracts';
import type { FastifyInstance } from 'fastify';
import { ApiError } from './errors.js';

export function refuseNulCharacters(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (holdsNul(request.query) || holdsNul(request.params) || holdsNul(request.body)) {
      throw new ApiError(400, 'bad_request', 'errors.nul_character');
    }
  });
}
