/**
 * Who may call a route. Every /webapi route declares `config.access`: `'public'`, `'user'` (any
 * signed-in user), `'owner'` (the owner of a company: role_id 0 with a company, spec §6; e.g. the
 * audit log and access keys) or the menu page, and optionally the button of that page, it belongs
 * to (`{ page: 'system_user', button: 'add' }`), or several such of which the caller needs one
 * (`{ anyOf: [...] }`: one route acting for two pages, as the kick of a device or a user client,
 * whose handler then checks the one its target needs). A route without a valid declaration fails at
 * start-up, and so does a page or button the menu catalogue does not have, so no endpoint is public
 * by accident and no declaration names a permission no role can be given.
 *
 * For every signed-in route the hook reads the caller in one statement (caller.ts: the live session,
 * the user, their company and role; `request.caller`, `request.permissions`) and, for page routes,
 * answers 403 `forbidden` when their role does not grant the page or button; the owner passes
 * every check.
 *
 * A page or `'user'` route may also declare `openApi: true` to join the open API: it then accepts a
 * request signed with an access key (no `Authorization` header, `x-vap-key-id` and the other
 * signature headers) as well as a bearer token; the signature, the key and its interface permissions
 * are checked by `OpenApiGate` (access-keys/open-api.ts, docs/open-api.md). Other routes refuse such
 * a request like any request without a token (401).
 */
import { type Access, type AnyPageAccess, OWNER_ROLE_ID, type PageAccess } from '@vap/contracts';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler, RouteOptions } from 'fastify';
import type { Caller, CallerLoader } from '../auth/caller.js';
import { allows, companyOf, loadPermissions, type Permissions } from '../auth/permissions.js';
import type { AuthContext, TokenService } from '../auth/tokens.js';
import type { Db } from '../db/client.js';
import type { MenuCatalogue } from '../menu/catalogue.js';
import { ApiError, unauthorized } from './errors.js';

/** Who may make a call: declared with the call (`@vap/contracts` calls.ts). */
export type { Access, AnyPageAccess, PageAccess } from '@vap/contracts';

/** The pages and buttons a declaration names: none for `public`, `user` and `owner`. */
export function pagesOf(access: Access): readonly PageAccess[] {
  if (typeof access !== 'object') return [];
  return 'anyOf' in access ? access.anyOf : [access];
}

/**
 * The open API's side of access control, which the access-keys module provides (core knows no
 * module): it learns every route, and takes the requests signed with an access key.
 */
export interface OpenApiGateway {
  /** Adds its own hooks (the signature is checked once the body is read). */
  install(app: FastifyInstance): void;
  /** Told of each /webapi route and its declaration, as it is added. */
  register(route: RouteOptions, access: Access): void;
  /** Whether the request is signed with an access key for an open route. */
  claims(request: FastifyRequest): boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    /** Set on every route that is not `public`. */
    auth: AuthContext | null;
    /** The caller's company, role and grant: set with `auth` (and by `permissionsOf`). */
    permissions: Permissions | null;
    /** Set with `auth` for a bearer token: the caller's user and company rows. */
    caller: Caller | null;
  }
}

const BEARER = /^Bearer\s+(\S+)$/i;

function isPageAccess(access: unknown): access is PageAccess {
  if (typeof access !== 'object' || access === null) return false;
  const { page, button, ...rest } = access as Record<string, unknown>;
  return (
    typeof page === 'string' &&
    (button === undefined || typeof button === 'string') &&
    Object.keys(rest).length === 0
  );
}

function isAnyPageAccess(access: unknown): access is AnyPageAccess {
  if (typeof access !== 'object' || access === null) return false;
  const { anyOf, ...rest } = access as Record<string, unknown>;
  return (
    Array.isArray(anyOf) && anyOf.length > 0 && anyOf.every(isPageAccess) && Object.keys(rest).length === 0
  );
}

/** A route's declaration, checked: a string for `public`/`user`, the page access otherwise. */
function declarationOf(route: { method: string | string[]; url: string; config?: unknown }): Access {
  const access = (route.config as { access?: unknown } | undefined)?.access;
  if (
    access === 'public' ||
    access === 'user' ||
    access === 'owner' ||
    isPageAccess(access) ||
    isAnyPageAccess(access)
  )
    return access;
  throw new Error(
    `Route ${route.method} ${route.url} must declare config.access ('public', 'user', 'owner', { page, button? } or { anyOf })`,
  );
}

/**
 * The declarations the catalogue does not have: a page that is no `page`/`link` item, or a button
 * that is no `btn` child of it. Empty when every declaration is valid.
 */
export function unknownDeclarations(
  declared: ReadonlyArray<{ route: string; access: PageAccess }>,
  catalogue: ReadonlyArray<{ id: number; parentId: number; name: string; type: string }>,
): string[] {
  const problems: string[] = [];
  for (const { route, access } of declared) {
    const page = catalogue.find(
      (item) => item.name === access.page && (item.type === 'page' || item.type === 'link'),
    );
    if (!page) {
      problems.push(`${route}: page ${access.page} is not in the menu catalogue`);
      continue;
    }
    if (
      access.button !== undefined &&
      !catalogue.some(
        (item) => item.parentId === page.id && item.type === 'btn' && item.name === access.button,
      )
    ) {
      problems.push(`${route}: page ${access.page} has no button ${access.button}`);
    }
  }
  return problems;
}

export function registerAccessControl(
  app: FastifyInstance,
  tokens: TokenService,
  {
    callers,
    catalogue,
    openApi,
  }: {
    callers: CallerLoader;
    catalogue: MenuCatalogue;
    /** Requests signed with an access key, on routes declaring `config.openApi` (access-keys/open-api.ts). */
    openApi?: OpenApiGateway;
  },
) {
  app.decorateRequest('auth', null);
  app.decorateRequest('permissions', null);
  app.decorateRequest('caller', null);
  openApi?.install(app);
  const pageRoutes: Array<{ route: string; access: PageAccess }> = [];

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/webapi')) return;
    const access = declarationOf(route);
    openApi?.register(route, access);
    for (const page of pagesOf(access))
      pageRoutes.push({ route: `${route.method} ${route.url}`, access: page });
    if (access === 'public') return;
    // A hook of the signed-in routes alone: a public route (the health checks, sign-in, the
    // console's files) runs no access check at all, not even a look at its declaration. A callback
    // hook, which costs no promise when it has nothing to wait for.
    const check: onRequestHookHandler = (request, _reply, done) => {
      admit(request, access).then(() => done(), done);
    };
    route.onRequest = [...[route.onRequest ?? []].flat(), check];
  });

  // Start-up stops when a declaration names a page or button the catalogue does not have.
  app.addHook('onReady', async () => {
    const problems = unknownDeclarations(pageRoutes, await catalogue.all());
    if (problems.length > 0) throw new Error(`Unknown access declarations:\n${problems.join('\n')}`);
  });

  async function admit(request: FastifyRequest, access: Exclude<Access, 'public'>) {
    const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
    // A request signed with an access key on an open route: checked once its body is read.
    if (!token && request.headers.authorization === undefined && openApi?.claims(request)) return;
    if (!token) throw unauthorized();
    const claims = await tokens.claims(token);
    request.caller = await callers.load(claims);
    request.auth = claims;
    request.permissions = request.caller.permissions;
    if (access === 'user') return;
    if (access === 'owner') {
      if (!isCompanyOwner(request.permissions)) throw new ApiError(403, 'forbidden');
      return;
    }
    const { holder } = request.permissions;
    if (!pagesOf(access).some((page) => allows(holder, page.page, page.button)))
      throw new ApiError(403, 'forbidden');
  }
}

/** Whether the permissions are those of a company's owner (role_id 0 with a company). */
export function isCompanyOwner(permissions: Permissions): boolean {
  return permissions.companyId !== null && permissions.roleId === OWNER_ROLE_ID;
}

/** The caller of a route that is not `public`. */
export function callerOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/** The caller of a route that is not `public`, as the access hook read it for their bearer token. */
export function signedInOf(request: FastifyRequest): Caller {
  if (!request.caller) throw unauthorized();
  return request.caller;
}

/** The caller's permissions: those the hook loaded for a page route, or loaded now (once). */
export async function permissionsOf(request: FastifyRequest, db: Db): Promise<Permissions> {
  request.permissions ??= await loadPermissions(db, callerOf(request).userId);
  return request.permissions;
}

/** The caller's company (an access key's company); 403 `forbidden` for a caller of none. */
export async function companyOfCaller(request: FastifyRequest, db: Db): Promise<number> {
  return companyOf(await permissionsOf(request, db));
}
