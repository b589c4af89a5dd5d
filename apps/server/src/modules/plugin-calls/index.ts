/**
 * The calls of the console's plugins (docs/plugin-api.md, "A plugin's own calls"): each plugin of
 * the console build whose package has a `./server` entry brings the handlers of its declared calls
 * (`definePluginServer`), and this module serves each call as the product's own are served — one
 * route per call, its access, validation, refusals and OpenAPI entry from the declaration — with
 * the handler given the parsed input and the caller, never the server's internals.
 */
import {
  type AnyCall,
  type CallRefusal,
  ERROR_CODES,
  type ErrorCode,
  PLUGIN_CALLS_PREFIX,
  type PluginCaller,
  type PluginServer,
} from '@vap/contracts';
import type { FastifyRequest } from 'fastify';
import { signedInOf } from '../../core/http/access.js';
import { serve } from '../../core/http/calls.js';
import { ApiError } from '../../core/http/errors.js';
import { negotiateLanguage } from '../../core/http/i18n.js';
import { defineModule } from '../../core/modules.js';

export { PLUGIN_SERVERS_FILE, PluginServerError, readPluginServers } from './plugin-servers.js';

/** A plugin server that cannot be served; the message names the plugin and the call. */
export class PluginCallError extends Error {
  override readonly name = 'PluginCallError';
}

/**
 * Why a plugin may not serve a call, or null: its path is outside the plugin's own `/plugins/<id>/`
 * (a plugin never answers for the product or another plugin), or it is open to anyone (a plugin's
 * calls are its signed-in users'), an open API call or audited (both the product's own lists).
 */
export function refusalOfCall(plugin: string, call: AnyCall): string | null {
  const prefix = `${PLUGIN_CALLS_PREFIX}${plugin}/`;
  if (!call.path.startsWith(prefix)) return `its path ${call.path} is not below ${prefix}`;
  if (call.access === 'public') return 'it is public: a plugin serves signed-in users only';
  if (call.openApi) return 'it is marked openApi: the open API is the product’s';
  if (call.audit) return 'it is audited: the audit actions are the product’s';
  return null;
}

const isRefusal = (error: unknown): error is CallRefusal =>
  error instanceof Error &&
  error.name === 'CallRefusal' &&
  typeof (error as CallRefusal).status === 'number' &&
  (error as CallRefusal).status >= 400 &&
  (error as CallRefusal).status < 500 &&
  (ERROR_CODES as readonly string[]).includes((error as CallRefusal).code);

function pluginCallerOf(request: FastifyRequest): PluginCaller {
  const { permissions } = signedInOf(request);
  return {
    userId: permissions.userId,
    companyId: permissions.companyId,
    roleId: permissions.roleId,
    language: negotiateLanguage(request.headers['accept-language']),
  };
}

/** The module serving `servers`' calls; refuses to start on a call a plugin may not serve. */
export function pluginCallsModule(servers: readonly PluginServer[]) {
  for (const { plugin, handlers } of servers)
    for (const { call } of handlers) {
      const refusal = refusalOfCall(plugin, call);
      if (refusal) throw new PluginCallError(`Plugin "${plugin}": ${call.method} ${call.path}: ${refusal}`);
    }
  return defineModule({
    name: 'plugin-calls',
    create: () => ({
      routes: async (app) => {
        for (const { handlers } of servers)
          for (const { call, handler } of handlers)
            await serve(app, call, async (request, _reply, list) => {
              const input = {
                params: request.params,
                query: list ?? request.query,
                body: request.body,
              } as Parameters<typeof handler>[0];
              try {
                return await handler(input, pluginCallerOf(request));
              } catch (error) {
                if (isRefusal(error)) throw new ApiError(error.status, error.code as ErrorCode);
                throw error;
              }
            });
      },
    }),
  });
}
