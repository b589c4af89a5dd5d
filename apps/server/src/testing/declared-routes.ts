/**
 * The declared calls (`@vap/contracts` DECLARED_CALLS) as the tests that walk every call see them —
 * the route matrix, the write-audit test, the fuzz —, and the /webapi routes a test app registers,
 * so that a route no declaration describes fails there, named.
 */
import { type AnyCall, DECLARED_CALLS, type HttpMethod } from '@vap/contracts';
import { createTestApp } from './harness.js';

/** A /webapi route a test app registers, with what its config says of access, audit and the open API. */
export interface RegisteredRoute {
  method: string;
  url: string;
  config: { access?: unknown; audit?: unknown; openApi?: boolean };
}

/** A declared call at its route. */
export interface CallRoute {
  /** Its area and name, then its method and route: `system.editUser PUT /webapi/v1/pms/company/users/:id`. */
  name: string;
  method: HttpMethod;
  /** The declared path below /webapi, with /webapi. */
  url: string;
  call: AnyCall;
}

/** `METHOD /webapi/path`: how a route is named, and looked up in the tables of these tests. */
export const routeKey = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

/** A declared call's route key, `METHOD /webapi/path`: a table keyed by it fails tsc when the call goes. */
export const routeOf = (call: Pick<AnyCall, 'method' | 'path'>) => `${call.method} /webapi${call.path}`;

/** Every /webapi route of a test app (HEAD routes mirror their GET route and are left out). */
export async function registeredRoutes(): Promise<RegisteredRoute[]> {
  const routes: RegisteredRoute[] = [];
  const t = await createTestApp('pglite', {
    onRoute: (route) => {
      if (!route.url.startsWith('/webapi')) return;
      for (const method of [route.method].flat()) {
        if (method === 'HEAD') continue;
        routes.push({ method, url: route.url, config: (route.config ?? {}) as RegisteredRoute['config'] });
      }
    },
  });
  await t.close();
  return routes;
}

/** Every declared call at its route. */
export function callRoutes(): CallRoute[] {
  return DECLARED_CALLS.map(({ name, call }) => ({
    name: `${name} ${routeOf(call)}`,
    method: call.method,
    url: `/webapi${call.path}`,
    call,
  }));
}

/**
 * The declared calls a test app serves (`serves`: whether it has the route). A call declared
 * `only` for another configuration (a scan provider that sends the browser back) has no route in
 * it and is left out; any other call is kept, served or not, so that a call the server forgot
 * fails where it is walked.
 */
export function servedCalls(serves: (route: { method: HttpMethod; url: string }) => boolean): CallRoute[] {
  return callRoutes().filter((route) => !route.call.only || serves(route));
}
