import { declareCalls, encodeListParam } from '@vap/contracts';
import Fastify, { type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serve } from './calls.js';
import { registerErrorHandling } from './errors.js';

const area = {
  thing: z.object({ id: z.number().int(), name: z.string() }),
  things: z.object({ items: z.array(z.object({ name: z.string() })), total: z.number() }),
  idParams: z.object({ id: z.coerce.number().int().positive() }),
  body: z.object({ name: z.string().max(8) }),
  pending: z.object({ state: z.literal('pending') }),
};
const CALLS = declareCalls(async () => area, {
  things: {
    method: 'GET',
    path: '/v1/things',
    access: { page: 'dashboard' },
    openApi: true,
    tags: ['things'],
    summary: 'Things',
    schemas: (s) => ({
      response: s.things,
      list: { filters: { name: { like: z.string().max(8) } }, orders: ['name'] },
    }),
  },
  create: {
    method: 'POST',
    path: '/v1/things',
    access: 'user',
    audit: 'company.create',
    status: 201,
    errors: [409],
    tags: ['things'],
    summary: 'Creates a thing',
    schemas: (s) => ({ body: s.body, response: s.thing }),
  },
  remove: {
    method: 'DELETE',
    path: '/v1/things/:id',
    access: 'owner',
    tags: ['things'],
    summary: 'Removes a thing',
    schemas: (s) => ({ params: s.idParams, response: null }),
  },
  poll: {
    method: 'POST',
    path: '/v1/things/:id/poll',
    access: 'public',
    tags: ['things'],
    summary: 'Polls a thing',
    schemas: (s) => ({ params: s.idParams, response: s.thing.or(s.pending), also: { 202: s.pending } }),
  },
  upload: {
    method: 'POST',
    path: '/v1/things/upload',
    access: 'user',
    consumes: ['multipart/form-data'],
    tags: ['things'],
    summary: 'Uploads a thing',
    schemas: (s) => ({ response: s.thing }),
  },
  document: {
    method: 'GET',
    path: '/v1/document',
    access: 'public',
    hidden: true,
    tags: ['things'],
    summary: 'The document',
    schemas: (s) => ({ response: s.thing }),
  },
});

const routes: RouteOptions[] = [];
const app = Fastify();
const seen: unknown[] = [];

beforeAll(async () => {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });
  await serve(app, CALLS.things, (_request, _reply, list) => {
    seen.push(list);
    return { items: [{ name: 'a' }], total: 1 };
  });
  await serve(app, CALLS.create, (request) => ({ id: 1, name: request.body.name }));
  await serve(app, CALLS.remove, (request) => {
    seen.push(request.params.id);
  });
  await serve(app, CALLS.poll, (request, reply) =>
    request.params.id === 1
      ? reply.code(202).send({ state: 'pending' })
      : { id: request.params.id, name: 'x' },
  );
  await serve(app, CALLS.upload, () => ({ id: 2, name: 'upload' }));
  await serve(app, CALLS.document, () => ({ id: 3, name: 'document' }));
  await app.ready();
});
afterAll(() => app.close());

describe('serve: a declared call as one route', () => {
  it('registers the route with the call’s access, audit and open-API flag', () => {
    const configs = routes.map((route) => [`${route.method} ${route.url}`, route.config]);
    expect(configs).toContainEqual(['GET /v1/things', { access: { page: 'dashboard' }, openApi: true }]);
    expect(configs).toContainEqual(['POST /v1/things', { access: 'user', audit: 'company.create' }]);
  });

  it('hands a list call its page, size and the wheres and orders checked against its filters', async () => {
    seen.length = 0;
    const wheres = encodeListParam([{ k: 'name', o: 'like', v: 'a' }]);
    const orders = encodeListParam([{ k: 'name', o: 'desc' }]);
    const answer = await app.inject({ url: `/v1/things?page=2&size=10&wheres=${wheres}&orders=${orders}` });
    expect(answer.statusCode).toBe(200);
    expect(seen).toEqual([
      { page: 2, size: 10, wheres: [{ k: 'name', o: 'like', v: 'a' }], orders: [{ k: 'name', o: 'desc' }] },
    ]);
  });

  it('refuses a filter or a sort key the call does not declare with 400 invalid_list_query', async () => {
    const wheres = encodeListParam([{ k: 'company_id', o: '=', v: 2 }]);
    const answer = await app.inject({ url: `/v1/things?wheres=${wheres}` });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ code: 'invalid_list_query' });
    const orders = encodeListParam([{ k: 'secret', o: 'asc' }]);
    expect((await app.inject({ url: `/v1/things?orders=${orders}` })).statusCode).toBe(400);
  });

  it('answers a created thing with the call’s status, and refuses a body its schema refuses', async () => {
    const created = await app.inject({ method: 'POST', url: '/v1/things', payload: { name: 'new' } });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ id: 1, name: 'new' });
    const refused = await app.inject({
      method: 'POST',
      url: '/v1/things',
      payload: { name: 'far too long' },
    });
    expect(refused.statusCode).toBe(400);
  });

  it('answers 204 without a body for a call that answers nothing', async () => {
    seen.length = 0;
    const answer = await app.inject({ method: 'DELETE', url: '/v1/things/7' });
    expect(answer.statusCode).toBe(204);
    expect(answer.body).toBe('');
    expect(seen).toEqual([7]);
  });

  it('answers the other successes a call declares with their own schema', async () => {
    const pending = await app.inject({ method: 'POST', url: '/v1/things/1/poll' });
    expect(pending.statusCode).toBe(202);
    expect(pending.json()).toEqual({ state: 'pending' });
    const done = await app.inject({ method: 'POST', url: '/v1/things/2/poll' });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ id: 2, name: 'x' });
  });

  it('lists in the route schema the refusals implied by access and input, and those declared', () => {
    const create = routes.find((route) => route.method === 'POST' && route.url === '/v1/things');
    expect(Object.keys((create?.schema as { response: object } | undefined)?.response ?? {})).toEqual([
      '201',
      '400',
      '401',
      '409',
    ]);
    const remove = routes.find((route) => route.method === 'DELETE');
    expect(Object.keys((remove?.schema as { response: object } | undefined)?.response ?? {})).toEqual([
      '204',
      '400',
      '401',
      '403',
    ]);
  });

  it('names in the route schema the media types of a body the handler reads itself', () => {
    const upload = routes.find((route) => route.url === '/v1/things/upload');
    expect((upload?.schema as { consumes?: string[] } | undefined)?.consumes).toEqual([
      'multipart/form-data',
    ]);
    const create = routes.find((route) => route.method === 'POST' && route.url === '/v1/things');
    expect(create?.schema).not.toHaveProperty('consumes');
  });

  it('leaves a call declared hidden out of the OpenAPI document, and no other', () => {
    const hidden = routes.filter((route) => (route.schema as { hide?: boolean } | undefined)?.hide);
    // Its GET route and the HEAD route Fastify adds beside it.
    expect(new Set(hidden.map((route) => route.url))).toEqual(new Set(['/v1/document']));
  });
});
