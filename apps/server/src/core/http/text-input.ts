/**
 * No text the API takes may hold a NUL character or a lone UTF-16 surrogate: the rule of
 * @vap/contracts (text.ts), applied here to every query string, path parameter and JSON body before
 * validation, so that it holds for every field of every route, a new one included. A list's
 * `wheres`, which travel encoded, are checked where they are decoded (`checkWheres`).
 */
import { textFaultIn } from '@vap/contracts';
import type { FastifyInstance, preValidationHookHandler, RouteOptions } from 'fastify';
import { ApiError } from './errors.js';

// A callback hook, not an async one: it has nothing to wait for.
const refuseFaults: preValidationHookHandler = (request, _reply, done) => {
  const fault = textFaultIn(request.query) ?? textFaultIn(request.params) ?? textFaultIn(request.body);
  done(fault ? new ApiError(400, 'bad_request', `errors.${fault}`) : undefined);
};

/**
 * Whether a route reads text from its request: a declared query, body or path parameters, or
 * parameters in its path. A route that reads none (the health checks, the console's files) has
 * nothing to refuse and skips the hook.
 */
function takesText(route: RouteOptions): boolean {
  const schema = route.schema as Record<string, unknown> | undefined;
  return Boolean(schema?.querystring ?? schema?.params ?? schema?.body) || /[:*]/.test(route.url);
}

export function refuseUnstorableText(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (takesText(route)) route.preValidation = [refuseFaults, ...[route.preValidation ?? []].flat()];
  });
}
