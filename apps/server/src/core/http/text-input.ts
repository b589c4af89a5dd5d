/**
 * No text the API takes may hold a NUL character or a lone UTF-16 surrogate: the rule of
 * @vap/contracts (text.ts), applied here to every query string, path parameter and JSON body before
 * validation, so that it holds for every field of every route, a new one included. A list's
 * `wheres`, which travel encoded, are checked where they are decoded (`checkWheres`).
 */
import { textFaultIn } from '@vap/contracts';
import type { FastifyInstance } from 'fastify';
import { ApiError } from './errors.js';

export function refuseUnstorableText(app: FastifyInstance) {
  // A callback hook, not an async one: it runs on every request and has nothing to wait for.
  app.addHook('preValidation', (request, _reply, done) => {
    const fault = textFaultIn(request.query) ?? textFaultIn(request.params) ?? textFaultIn(request.body);
    done(fault ? new ApiError(400, 'bad_request', `errors.${fault}`) : undefined);
  });
}
