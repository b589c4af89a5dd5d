/**
 * Every declared call (`@vap/contracts` DECLARED_CALLS) is served as declared: one route of its
 * method and path, with its access, audit actions and open-API flag, and the refusals it declares in
 * the OpenAPI document. A declaration the server forgot, or a route that says otherwise, fails here.
 */
import { DECLARED_CALLS } from '@vap/contracts';
import type { RouteOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createTestApp } from './testing/harness.js';

const routes: RouteOptions[] = [];
const t = await createTestApp('pglite', {
  onRoute: (route) => {
    if (route.url.startsWith('/webapi') && route.method !== 'HEAD') routes.push(route);
  },
});
const document = (await t.app.inject({ method: 'GET', url: '/webapi/api.json' })).json() as {
  paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
};
await t.close();

// The document's paths are relative to its server URL, /webapi.
const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

describe('declared calls', () => {
  it('no two calls share a method and path', () => {
    const keys = DECLARED_CALLS.map(({ call }) => `${call.method} ${call.path}`);
    expect(keys.length).toBe(new Set(keys).size);
  });

  it.each(DECLARED_CALLS.map(({ name, call }) => [name, call] as const))(
    '%s is one route of its method and path, with its access, audit and open-API flag',
    (_name, call) => {
      const served = routes.filter(
        (route) => route.method === call.method && route.url === `/webapi${call.path}`,
      );
      // A call served only in some configurations may be absent from the test app's.
      if (call.only && served.length === 0) return;
      expect(served).toHaveLength(1);
      const config = served[0]?.config as { access?: unknown; audit?: unknown; openApi?: boolean };
      expect(config.access).toEqual(call.access);
      expect(config.audit).toEqual(call.audit);
      expect(config.openApi === true).toBe(call.openApi === true);
      const responses = document.paths[openApiPath(call.path)]?.[call.method.toLowerCase()]?.responses ?? {};
      for (const status of call.errors ?? []) expect(Object.keys(responses)).toContain(String(status));
    },
  );
});
