/**
 * A plugin's own calls, served by the server that serves its console pages. A plugin declares its
 * calls as the product's areas do (`declareCalls`, below `/plugins/<id>/`), and its package's
 * `./server` entry exports by default `definePluginServer(id, [handle(CALL, handler), …])`: the
 * server registers one route per call from the declaration — access, validation, `{code, message}`
 * refusals, the OpenAPI entry — and runs the handler with the parsed input and the caller. The
 * console's page calls it through the kernel's client of the same declarations (`useClient`).
 *
 * Types and two small functions, no framework: a plugin's server code depends on `@vap/contracts`
 * alone, never on the server's internals (docs/plugin-api.md, "A plugin's own calls").
 */
import type { z } from 'zod';
import type { AnyCall, CallAnswer, ListRules, SchemasOf } from './calls.js';
import type { Language } from './constants.js';
import type { ErrorCode } from './errors.js';
import type { ListQuery } from './list.js';

/** The first segment of a plugin's call paths: `/plugins/<id>/…`. */
export const PLUGIN_CALLS_PREFIX = '/plugins/';

/** Who makes a call of a plugin: a signed-in user, as the server's access check read their token. */
export interface PluginCaller {
  readonly userId: number;
  /** The caller's company (none for a user who has not created or joined one yet). */
  readonly companyId: number | null;
  /** 0 for the company's owner (spec §2.2); none without a company. */
  readonly roleId: number | null;
  /** The language the caller reads (Accept-Language), for texts the answer carries. */
  readonly language: Language;
}

type Output<T> = T extends z.ZodType ? z.output<T> : undefined;

/** What a handler gets: the call's params, query (a list query for a list) and body, parsed. */
export interface PluginCallInput<C extends AnyCall> {
  readonly params: Output<SchemasOf<C>['params']>;
  readonly query: SchemasOf<C> extends { list: ListRules } ? ListQuery : Output<SchemasOf<C>['query']>;
  readonly body: Output<SchemasOf<C>['body']>;
}

/** A plugin's handler of one call: its answer (nothing for a 204), or a thrown `CallRefusal`. */
export type PluginCallHandler<C extends AnyCall> = (
  input: PluginCallInput<C>,
  caller: PluginCaller,
) => CallAnswer<C> | Promise<CallAnswer<C>>;

/** One call and its handler. */
export interface PluginHandler<C extends AnyCall = AnyCall> {
  readonly call: C;
  readonly handler: PluginCallHandler<C>;
}

/** Pairs a declared call with its handler, typed by the call's schemas. */
export function handle<C extends AnyCall>(call: C, handler: PluginCallHandler<C>): PluginHandler<C> {
  return { call, handler };
}

/** What a plugin package's `./server` entry exports by default. */
export interface PluginServer {
  /** The plugin's id, as in `definePlugin`: its calls' paths start with `/plugins/<id>/`. */
  readonly plugin: string;
  readonly handlers: readonly PluginHandler[];
}

/** A plugin's server entry: its id and the handlers of its calls. */
export function definePluginServer(
  plugin: string,
  // biome-ignore lint/suspicious/noExplicitAny: each handler is typed by its own call in `handle`
  handlers: readonly PluginHandler<any>[],
): PluginServer {
  return { plugin, handlers };
}

/**
 * A refusal a plugin's handler throws, answered `{code, message}` with the message of `code` in
 * the caller's language. Recognised by its name, not its class: a plugin installed from a registry
 * has a copy of this package of its own.
 */
export class CallRefusal extends Error {
  override readonly name = 'CallRefusal';
  constructor(
    readonly status: 400 | 403 | 404 | 409 | 422 | 429,
    readonly code: ErrorCode,
  ) {
    super(code);
  }
}
