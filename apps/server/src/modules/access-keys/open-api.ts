/**
 * The open API: routes a third party may call with an access key instead of a bearer token.
 *
 * A route opts in by declaring `config: { access: …, openApi: true }`. Only signed-in kinds qualify
 * (a page route or `'user'`); `'public'` needs no key and `'owner'` routes (access keys themselves,
 * company settings) stay with the owner's session — such a declaration stops start-up. An open
 * route keeps accepting bearer tokens; a request without `Authorization` that carries the
 * `x-vap-key-id` header is checked here instead (docs/open-api.md):
 *
 *   1. the four headers are present and well formed (else 401 `signature_invalid`);
 *   2. the timestamp is within 5 minutes of the server clock (401 `timestamp_skew`);
 *   3. the key exists (401 `access_key_invalid`) and the HMAC-SHA256 of the string to sign —
 *      method, path, sorted query, timestamp, nonce, SHA-256 of the raw body — with its secret
 *      equals the signature (401 `signature_invalid`);
 *   4. the key is enabled (401 `access_key_disabled`) and not expired (401 `access_key_expired`);
 *   5. the nonce was not used with the key while its timestamp is acceptable (401 `nonce_replayed`);
 *   6. the key's interface permissions include the route's operation (403 `operation_not_permitted`,
 *      spec §8 'insufficient permission, contact technical support').
 *
 * The request then acts as the company's owner limited to the key: `request.permissions` holds a
 * grant of the pages of the key's operations and the key's groups, and `request.accessKey` the key
 * (group permission, bandwidth limit) for later device queries.
 *
 * The operation id of a route is its OpenAPI `operationId` when it sets one, else `METHOD path` with
 * the path as /webapi/api.json lists it (`GET /v1/pms/company/users`). The registry below is filled
 * from the same registered routes api.json is generated from, and api.json marks open operations
 * with `x-vap-open-api: true` and the `accessKey` security scheme.
 */
import { createHash, type Hash } from 'node:crypto';
import { pipeline, Transform } from 'node:stream';
import {
  ACCESS_KEY_BANDWIDTH_STEP_MBPS,
  ACCESS_KEY_HEADERS,
  accessKeyIdPattern,
  type MenusMap,
  nonceSchema,
  type OpenOperation,
  OWNER_ROLE_ID,
  SIGNATURE_MAX_SKEW_SECONDS,
  stringToSign,
} from '@vap/contracts';
import { and, eq } from 'drizzle-orm';
import type {
  FastifyInstance,
  FastifyRequest,
  preParsingAsyncHookHandler,
  preValidationAsyncHookHandler,
  RouteOptions,
} from 'fastify';
import { allows } from '../../core/auth/permissions.js';
import { users } from '../../core/db/schema.js';
import { type Access, type OpenApiGateway, pagesOf } from '../../core/http/access.js';
import { ApiError } from '../../core/http/errors.js';
import { SignedKeys } from './signed-keys.js';

/** The key a signed request was accepted with. */
export interface AccessKeyCaller {
  id: string;
  companyId: number;
  bandwidthMbps: number;
  is_access_all_group: boolean;
  group_ids: number[];
  operations: string[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route is part of the open API: it also accepts a request signed with an access key
     * (modules/access-keys/open-api.ts). Only for page and `'user'` routes.
     */
    openApi?: boolean;
  }
  interface FastifyRequest {
    /** Set when the request was signed with an access key instead of a bearer token. */
    accessKey: AccessKeyCaller | null;
  }
}

interface RegisteredOperation extends OpenOperation {
  access: Access;
}

/** `/webapi/v1/x/:id` → `/v1/x/{id}`: the path as api.json lists it. */
export function openApiPath(url: string): string {
  return url
    .replace(/^\/webapi(?=\/)/, '')
    .replace(/:(\w+)/g, '{$1}')
    .replace(/\*/g, '{*}');
}

/** A route's operation id: its `operationId`, else `METHOD path`. */
export function operationIdOf(method: string, url: string, schema?: { operationId?: unknown }): string {
  return typeof schema?.operationId === 'string' ? schema.operationId : `${method} ${openApiPath(url)}`;
}

const HEX_SIGNATURE = /^[0-9a-f]{64}$/;
const UNIX_SECONDS = /^\d{1,12}$/;

const refuse = (code: 'signature_invalid' | 'timestamp_skew' | 'access_key_invalid') =>
  new ApiError(401, code);

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
};

export class OpenApiGate extends SignedKeys implements OpenApiGateway {
  /** Open operations by `METHOD url` of their route (the url as registered, `/webapi/…/:id`). */
  private readonly byRoute = new Map<string, RegisteredOperation>();
  private readonly byId = new Map<string, RegisteredOperation>();
  /** Signed requests admitted past the bearer check, with the hash of their body so far. */
  private readonly pending = new WeakMap<FastifyRequest, Hash>();

  /** The open operations, ordered by path then method. */
  operations(): OpenOperation[] {
    return [...this.byId.values()]
      .map(({ access: _access, ...operation }) => operation)
      .sort((a, b) => (a.path === b.path ? a.method.localeCompare(b.method) : a.path < b.path ? -1 : 1));
  }

  operationIds(): ReadonlySet<string> {
    return new Set(this.byId.keys());
  }

  /** Checks a route's `openApi` declaration and, when it opts in, registers its operation. */
  register(route: RouteOptions, access: Access) {
    const openApi = route.config?.openApi;
    if (openApi === undefined || openApi === false) return;
    const name = `${[route.method].flat().join(',')} ${route.url}`;
    if (openApi !== true) throw new Error(`Route ${name}: config.openApi must be true or false`);
    if (access === 'public' || access === 'owner') {
      throw new Error(`Route ${name}: a '${access}' route cannot be part of the open API`);
    }
    for (const method of [route.method].flat()) {
      // HEAD mirrors GET; it is no operation of its own.
      if (method === 'HEAD') continue;
      const schema = route.schema as { summary?: string; tags?: string[]; operationId?: string } | undefined;
      const operation: RegisteredOperation = {
        id: operationIdOf(method, route.url, schema),
        method,
        path: openApiPath(route.url),
        summary: schema?.summary ?? '',
        tags: schema?.tags ?? [],
        access,
      };
      if (this.byId.has(operation.id)) throw new Error(`Route ${name}: operation ${operation.id} is taken`);
      this.byId.set(operation.id, operation);
      this.byRoute.set(`${method} ${route.url}`, operation);
    }
    // Hooks of the open routes alone: every other request skips them.
    route.preParsing = [...[route.preParsing ?? []].flat(), this.tapBody];
    route.preValidation = [...[route.preValidation ?? []].flat(), this.checkSignature];
  }

  /** api.json: marks an open route's operation and offers the `accessKey` scheme next to the bearer. */
  document<T extends { schema?: unknown; url?: string }>(transformed: T, route: RouteOptions): T {
    if (route.config?.openApi !== true) return transformed;
    const schema = (transformed.schema ?? {}) as { security?: Array<Record<string, string[]>> };
    return {
      ...transformed,
      schema: {
        ...schema,
        'x-vap-open-api': true,
        security: [...(schema.security ?? []), { accessKey: [] }],
      },
    };
  }

  /**
   * Called by the access hook for a request without a bearer token: true when it is a signed request
   * to an open route, which is then checked once its body is read (`preValidation`).
   */
  claims(request: FastifyRequest): boolean {
    if (request.routeOptions.config.openApi !== true) return false;
    if (header(request, ACCESS_KEY_HEADERS.keyId) === undefined) return false;
    this.pending.set(request, createHash('sha256'));
    return true;
  }

  /** Hash the raw body of a claimed request as it is read (a route hook of open routes only). */
  private readonly tapBody: preParsingAsyncHookHandler = async (request, _reply, payload) => {
    const hash = this.pending.get(request);
    if (!hash) return payload;
    const tap = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        hash.update(chunk);
        callback(null, chunk);
      },
    });
    pipeline(payload, tap, () => {});
    return tap;
  };

  /** Then check its signature (a route hook of open routes only). */
  private readonly checkSignature: preValidationAsyncHookHandler = async (request) => {
    const hash = this.pending.get(request);
    if (!hash) return;
    this.pending.delete(request);
    await this.authenticate(request, hash.digest('hex'));
  };

  install(app: FastifyInstance) {
    app.decorateRequest('accessKey', null);
  }

  private async authenticate(request: FastifyRequest, bodySha256: string) {
    const keyId = header(request, ACCESS_KEY_HEADERS.keyId) ?? '';
    const timestamp = header(request, ACCESS_KEY_HEADERS.timestamp) ?? '';
    const nonce = header(request, ACCESS_KEY_HEADERS.nonce) ?? '';
    const signature = (header(request, ACCESS_KEY_HEADERS.signature) ?? '').toLowerCase();
    if (
      !accessKeyIdPattern.test(keyId) ||
      !UNIX_SECONDS.test(timestamp) ||
      !nonceSchema.safeParse(nonce).success ||
      !HEX_SIGNATURE.test(signature)
    ) {
      throw refuse('signature_invalid');
    }
    const now = this.now();
    const seconds = Number(timestamp);
    if (Math.abs(now / 1000 - seconds) > SIGNATURE_MAX_SKEW_SECONDS) throw refuse('timestamp_skew');

    const rawUrl = request.raw.url ?? request.url;
    const queryAt = rawUrl.indexOf('?');
    const key = await this.keySigning(
      keyId,
      stringToSign({
        method: request.method,
        path: queryAt === -1 ? rawUrl : rawUrl.slice(0, queryAt),
        query: queryAt === -1 ? '' : rawUrl.slice(queryAt + 1),
        timestamp,
        nonce,
        bodySha256,
      }),
      signature,
    );
    if (key === 'unknown') throw refuse('access_key_invalid');
    if (key === 'mismatch') throw refuse('signature_invalid');
    if (key.disabled) throw new ApiError(401, 'access_key_disabled');
    if (key.expiresAt.getTime() <= now) throw new ApiError(401, 'access_key_expired');
    if (!(await this.takeNonce(key, nonce, seconds))) throw new ApiError(401, 'nonce_replayed');

    const operation = this.byRoute.get(`${request.method} ${request.routeOptions.url}`);
    if (!operation || !key.operations.includes(operation.id))
      throw new ApiError(403, 'operation_not_permitted');

    const [owner] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.companyId, key.companyId), eq(users.roleId, OWNER_ROLE_ID)))
      .limit(1);
    if (!owner) throw refuse('access_key_invalid');

    const grant = {
      menus: this.menusOf(key.operations),
      is_access_all_group: key.isAccessAllGroup,
      group_ids: key.groupIds,
    };
    request.accessKey = {
      id: key.id,
      companyId: key.companyId,
      bandwidthMbps: key.bandwidthQuarters * ACCESS_KEY_BANDWIDTH_STEP_MBPS,
      is_access_all_group: key.isAccessAllGroup,
      group_ids: key.groupIds,
      operations: key.operations,
    };
    request.auth = { userId: owner.id, sessionId: `access-key:${key.id}` };
    request.permissions = {
      userId: owner.id,
      companyId: key.companyId,
      roleId: OWNER_ROLE_ID,
      holder: grant,
    };
    const pages = pagesOf(operation.access);
    if (pages.length > 0 && !pages.some((page) => allows(grant, page.page, page.button))) {
      throw new ApiError(403, 'operation_not_permitted');
    }
    await this.markUsed(key, now);
  }

  /** The pages and buttons the key's operations are declared on: what the signed request may use. */
  private menusOf(operationIds: readonly string[]): MenusMap {
    const menus: Record<string, string[]> = {};
    for (const id of operationIds) {
      const operation = this.byId.get(id);
      for (const access of operation ? pagesOf(operation.access) : []) {
        const buttons = menus[access.page] ?? [];
        if (access.button !== undefined && !buttons.includes(access.button)) buttons.push(access.button);
        menus[access.page] = buttons;
      }
    }
    return menus;
  }
}
