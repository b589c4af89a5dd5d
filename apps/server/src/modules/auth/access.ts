/**
 * Who may call a route. Every /webapi route declares `config.access`; a route without it fails at
 * start-up, so no endpoint is public by accident.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized } from '../../http/errors.js';
import type { AuthContext, TokenService } from './tokens.js';

export type Access = 'public' | 'user';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    /** Set on routes with `access: 'user'`. */
    auth: AuthContext | null;
  }
}

const BEARER = /^Bearer\s+(\S+)$/i;

export function registerAccessControl(app: FastifyInstance, tokens: TokenService) {
  app.decorateRequest('auth', null);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/webapi')) return;
    const access = (route.config as { access?: Access } | undefined)?.access;
    if (access !== 'public' && access !== 'user') {
      throw new Error(`Route ${route.method} ${route.url} must declare config.access ('public' or 'user')`);
    }
  });

  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.access !== 'user') return;
    const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
    if (!token) throw unauthorized();
    request.auth = await tokens.verify(token);
  });
}

/** The caller of a route with `access: 'user'`. */
export function callerOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
