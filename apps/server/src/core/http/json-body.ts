/**
 * The JSON body parser of every route: Fastify's own (secure-json-parse, prototype poisoning
 * refused), after a check of the text's nesting. A body nested thousands deep overflowed the stack
 * in the walks after parsing (the text rule, validation) and answered 500; it is refused 400
 * `json_too_deep` before anything recursive reads it.
 */
import { jsonDepthWithin } from '@vap/contracts';
import type { FastifyInstance } from 'fastify';
import { ApiError } from './errors.js';

export function boundJsonDepth(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (!jsonDepthWithin(body as string)) {
      done(new ApiError(400, 'json_too_deep'), undefined);
      return;
    }
    parse(request, body as string, done);
  });
}
