/**
 * The server's side of a declared call (`@vap/contracts` calls.ts): one Fastify route per call, made
 * from the declaration alone — method, path, access, audit, open API, the schemas of its params,
 * query, body and answer, the `{code, message}` refusals its access and input imply — so that a module
 * writes the handler and nothing else. Being a route of its own, each call keeps the per-route hooks
 * (access, text rules), compression, caching and the route matrix.
 */
import {
  type AnyCall,
  apiErrorSchema,
  type CallAnswer,
  type CallSchemas,
  type ListQuery,
  listQuerySchema,
  refusalsOf,
  type SchemasOf,
} from '@vap/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { z } from 'zod';
import { listSelection } from './list-query.js';

type Parsed<T> = T extends z.ZodType ? z.output<T> : undefined;
type IsList<C> = SchemasOf<C> extends { list: object } ? true : false;

/** The request of a call, its params, query and body parsed by the call's schemas. */
export type CallRequest<C extends AnyCall> = FastifyRequest<{
  Params: Parsed<SchemasOf<C>['params']>;
  Querystring: IsList<C> extends true ? z.output<typeof listQuerySchema> : Parsed<SchemasOf<C>['query']>;
  Body: Parsed<SchemasOf<C>['body']>;
}>;

/** A call's handler: its answer, or nothing for a call that answers 204. A list call gets its list query. */
export type CallHandler<C extends AnyCall> = (
  request: CallRequest<C>,
  reply: FastifyReply,
  list: IsList<C> extends true ? ListQuery : undefined,
) => Promise<CallAnswer<C> | FastifyReply> | CallAnswer<C> | FastifyReply;

/** What only the server says of a route: a body limit, its own hooks, compression, extra config. */
export type ServerRouteOptions = Omit<Partial<RouteOptions>, 'method' | 'url' | 'schema' | 'handler'>;

const bearer = [{ bearer: [] }];

/** The route schema of a call, for the validator, the serializer and the OpenAPI document. */
function routeSchema(call: AnyCall, schemas: CallSchemas) {
  const response: Record<number, z.ZodType> = {};
  // A file's bytes have no schema: the handler sends them itself.
  if (schemas.response) response[call.status ?? 200] = schemas.response;
  else if (!call.file && !schemas.also) response[204] = z.null();
  Object.assign(response, schemas.also);
  for (const status of refusalsOf(call, schemas)) response[status] = apiErrorSchema;
  return {
    tags: [...call.tags],
    summary: call.summary,
    ...(call.description ? { description: call.description } : {}),
    ...(call.access === 'public' ? {} : { security: bearer }),
    ...(schemas.params ? { params: schemas.params } : {}),
    ...(schemas.list
      ? { querystring: listQuerySchema }
      : schemas.query
        ? { querystring: schemas.query }
        : {}),
    ...(schemas.body ? { body: schemas.body } : {}),
    ...(call.consumes ? { consumes: [...call.consumes] } : {}),
    ...(call.hidden ? { hide: true } : {}),
    response,
  };
}

/**
 * Registers the route of `call` on `app` with `handler`. Awaited in the module's plugin: the call's
 * schemas are loaded first.
 */
export async function serve<C extends AnyCall>(
  // Any type provider: the call's own schemas type the handler.
  // biome-ignore lint/suspicious/noExplicitAny: a module's instance, whatever its type provider
  app: FastifyInstance<any, any, any, any, any>,
  call: C,
  handler: CallHandler<C>,
  options: ServerRouteOptions = {},
): Promise<void> {
  const schemas: CallSchemas = await call.schemas();
  const { list } = schemas;
  const noContent = schemas.response === null && !call.file && !schemas.also;
  const { status } = call;
  app.route({
    ...options,
    method: call.method,
    url: call.path,
    config: {
      ...options.config,
      access: call.access,
      ...(call.audit ? { audit: call.audit } : {}),
      ...(call.openApi ? { openApi: true } : {}),
    },
    schema: routeSchema(call, schemas),
    // Not async: a handler's answer at hand (livez) is sent at once, without a turn of the
    // microtask queue; Fastify takes a thrown refusal from a plain handler as from an async one.
    handler: (request: FastifyRequest, reply: FastifyReply) => {
      let listQuery: ListQuery | undefined;
      if (list) {
        const query = request.query as z.output<typeof listQuerySchema>;
        listQuery = {
          page: query.page,
          size: query.size,
          ...listSelection(query, list.filters, list.orders),
        };
      }
      if (status) reply.code(status);
      const answer = handler(request as CallRequest<C>, reply, listQuery as never);
      if (!noContent) return answer;
      return Promise.resolve(answer).then(() => (reply.sent ? reply : reply.code(204).send(null)));
    },
  });
}
