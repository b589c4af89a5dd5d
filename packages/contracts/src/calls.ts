/**
 * A call of the product, declared once as a value: its method and path, who may make it, what it
 * records in the audit log, the refusals it may answer, and the schemas of its params, query, body
 * and answer. The server registers one Fastify route per declared call with a handler and nothing
 * else (apps/server `core/http/calls.ts`); the console calls it through the client the kernel
 * derives from the same value (`@vap/kernel` `clientOf`), with TanStack Query keys derived from it;
 * the OpenAPI document, the route matrix and the write-audit test read the same values.
 *
 * Free of zod: an area's schemas load with its first call (`declareCalls`' loader), so code that only
 * calls (the sign-in page, the kernel's session) does not carry zod on the first load. Types only
 * come from the schema modules here.
 */
import type { z } from 'zod';
import type { AuditAction } from './audit.js';
import type { xlsxFileSchema } from './file-answers.js';
import type { exportQuerySchema, FilterSpec, ListPage, ListQuery } from './list.js';
import type { PageName } from './menu.js';
import type { PluginPageName } from './plugin-page.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A page of the menu catalogue and, optionally, one of its buttons. */
export interface PageAccess {
  /** A page of the catalogue, or a plugin's own page (`pluginPage`). */
  page: PageName | PluginPageName;
  button?: string;
}

/** Pages (and buttons) of which the caller needs one. */
export interface AnyPageAccess {
  anyOf: readonly PageAccess[];
}

/**
 * Who may make a call: anyone (`public`), any signed-in user (`user`), the company's owner
 * (`owner`), or a caller whose role grants a menu page (and one of its buttons).
 */
export type Access = 'public' | 'user' | 'owner' | PageAccess | AnyPageAccess;

/** The filters and sort keys a list call accepts (spec §3 list query). */
export interface ListRules {
  filters: FilterSpec;
  orders: readonly string[];
}

/** A call's schemas, loaded with the first call of its area. */
export interface CallSchemas {
  params?: z.ZodType;
  /** The query of a call that is not a list. */
  query?: z.ZodType;
  body?: z.ZodType;
  /**
   * What a success answers: a JSON value of this schema (200), or nothing (`null`: 204 No Content;
   * also for a call that answers a file, whose bytes no schema describes).
   */
  response: z.ZodType | null;
  /** A list call: its query is spec §3's page, size, wheres and orders; these are its filters and sort keys. */
  list?: ListRules;
  /**
   * Other answers of success, by status: a poll's 202 while pending, a redirect's 302. The console
   * parses every success with `response`, which then covers them too (a union).
   */
  also?: Readonly<Record<number, z.ZodType>>;
}

/** What a call declares beside its schemas. */
export interface CallFacts<M extends HttpMethod = HttpMethod, P extends string = string> {
  readonly method: M;
  /** The route pattern below /webapi, `:name` for each path parameter. */
  readonly path: P;
  readonly access: Access;
  /** The audit actions a write records (one, or several for a call that records either). */
  readonly audit?: AuditAction | readonly AuditAction[];
  /** Part of the open API: also answers requests signed with an access key (docs/open-api.md). */
  readonly openApi?: boolean;
  /**
   * Refusals beyond those its access and input imply (400 for any input; 401 for a signed-in call;
   * 403 for a page's or the owner's), each a `{code, message}`.
   */
  readonly errors?: readonly number[];
  /** Answers a file's bytes (an export, a document) rather than JSON. */
  readonly file?: boolean;
  /**
   * The media types of a body no schema describes (a multipart upload the handler reads as a
   * stream), for the OpenAPI document.
   */
  readonly consumes?: readonly string[];
  /**
   * Served only in some configurations, said here (a scan provider that sends the browser back, the
   * development outbox): a server without them has no such route.
   */
  readonly only?: string;
  /** The status of a success with `response`, when it is not 200 (201 for a created company). */
  readonly status?: 201 | 202;
  /** Left out of the OpenAPI document (the document itself). */
  readonly hidden?: boolean;
  /** The OpenAPI document's grouping, summary and description. */
  readonly tags: readonly string[];
  readonly summary: string;
  readonly description?: string;
}

/** A call as written in its area's declarations: its schemas picked from the loaded module. */
export interface CallDeclaration<Module, M extends HttpMethod = HttpMethod, P extends string = string>
  extends CallFacts<M, P> {
  readonly schemas: (module: Module) => CallSchemas;
}

/** A call of an area that gives its OpenAPI tags once: it may still give its own. */
export type AreaCallDeclaration<Module> = Omit<CallDeclaration<Module>, 'tags'> & {
  readonly tags?: readonly string[];
};

/**
 * The declared calls of an area's declarations. Conditional, so that the type resolves to the calls
 * themselves: as a plain alias it would keep the declarations, and the type of their schemas'
 * module, which a plugin's emitted types cannot name.
 */
type DeclaredCalls<Calls extends Readonly<Record<string, AreaCallDeclaration<never>>>> = Calls extends unknown
  ? {
      readonly [K in keyof Calls]: DeclaredCall<
        Calls[K]['method'],
        Calls[K]['path'],
        ReturnType<Calls[K]['schemas']>,
        Calls[K]['file'] extends true ? true : false
      >;
    }
  : never;

/** A declared call: its facts, and its schemas once loaded. */
export interface DeclaredCall<
  M extends HttpMethod = HttpMethod,
  P extends string = string,
  S extends CallSchemas = CallSchemas,
  F extends boolean = boolean,
> extends CallFacts<M, P> {
  readonly file?: F;
  /** Loads the call's schemas (once per area). */
  readonly schemas: () => Promise<S>;
}

/**
 * Declares an area's calls: `load` imports the module of the area's schemas (a dynamic import, so
 * that it loads with the first call), and each call picks its schemas from it. `tags`, when given,
 * are the OpenAPI tags of every call that gives none (most areas file all their calls under one).
 */
export function declareCalls<Module, const Calls extends Readonly<Record<string, CallDeclaration<Module>>>>(
  load: () => Promise<Module>,
  calls: Calls,
): DeclaredCalls<Calls>;
export function declareCalls<
  Module,
  const Calls extends Readonly<Record<string, AreaCallDeclaration<Module>>>,
>(load: () => Promise<Module>, tags: readonly string[], calls: Calls): DeclaredCalls<Calls>;
export function declareCalls<Module>(
  load: () => Promise<Module>,
  ...given:
    | [Record<string, CallDeclaration<Module>>]
    | [readonly string[], Record<string, AreaCallDeclaration<Module>>]
): Readonly<Record<string, DeclaredCall>> {
  const [tags, calls] = given.length === 1 ? [[], given[0]] : given;
  let loaded: Promise<Module> | undefined;
  const module = () => {
    loaded ??= load();
    // A failed load (a network failure in the console) is tried again by the next call.
    loaded.catch(() => {
      loaded = undefined;
    });
    return loaded;
  };
  return Object.fromEntries(
    Object.entries(calls).map(([name, { schemas, ...facts }]) => {
      let picked: Promise<CallSchemas> | undefined;
      const declared: DeclaredCall = {
        ...facts,
        tags: facts.tags ?? tags,
        schemas: () => {
          picked ??= module().then(schemas, (error: unknown) => {
            picked = undefined;
            throw error;
          });
          return picked;
        },
      };
      return [name, Object.freeze(declared)];
    }),
  );
}

/** What a call of a row family (`rowCalls`) declares itself: all but its method, path and access. */
type RowCallFacts<Module> = Omit<AreaCallDeclaration<Module>, 'method' | 'path' | 'access'>;

/** The writes of a row family, each behind a button of the rows' page. */
type RowWrite = 'create' | 'update' | 'remove';

/**
 * The usual calls on an area's rows behind one page: `list` (GET the rows) and `get` (GET one row)
 * need the page; `create` (POST to the rows), `update` (PUT one row) and `remove` (DELETE one row)
 * its add, edit and delete buttons — or the page's own: `buttons` names one button for every write
 * (the device groups' `group`), or a write's own where the catalogue gives it another (an upload).
 * Each gives a call its method, path and access; the call declares the rest (its audit, refusals,
 * summary and schemas). `schemas` is the area's loader, as `declareCalls` takes it: it types the
 * calls' schemas.
 */
export function rowCalls<
  Module,
  const Page extends PageAccess['page'],
  const Rows extends string,
  const Row extends string,
>(
  _schemas: () => Promise<Module>,
  {
    page,
    rows,
    row,
    buttons = {},
  }: { page: Page; rows: Rows; row: Row; buttons?: string | Partial<Record<RowWrite, string>> },
) {
  const button = (write: RowWrite, usual: string) =>
    typeof buttons === 'string' ? buttons : (buttons[write] ?? usual);
  const call =
    <const M extends HttpMethod, const P extends string, const A extends PageAccess>(
      method: M,
      path: P,
      access: A,
    ) =>
    // NoInfer: the call's facts are what it declares, not what `declareCalls` expects of a call.
    <const D extends RowCallFacts<Module>>(facts: D): NoInfer<D> & { method: M; path: P; access: A } => ({
      ...facts,
      method,
      path,
      access,
    });
  return {
    list: call('GET', rows, { page }),
    get: call('GET', row, { page }),
    create: call('POST', rows, { page, button: button('create', 'add') }),
    update: call('PUT', row, { page, button: button('update', 'edit') }),
    remove: call('DELETE', row, { page, button: button('remove', 'delete') }),
  };
}

/**
 * The export of a list call: behind the `export` button of the list's page, the list's rows (those
 * its filter matches) as a file. It gives its own path, refusals, OpenAPI text and schemas (its
 * query, its file).
 */
export function exportOf<Module, const P extends string, S extends CallSchemas>(
  list: {
    readonly access: { readonly page: PageAccess['page'] };
    readonly schemas: (module: Module) => CallSchemas;
  },
  {
    path,
    ...rest
  }: Pick<CallFacts, 'errors' | 'summary' | 'description'> & { path: P; schemas: (module: Module) => S },
) {
  const access = { page: list.access.page, button: 'export' };
  return { method: 'GET', path, access, file: true, ...rest } as const;
}

/**
 * The schemas of the usual export: the list's wheres and orders (`exportQuerySchema`), answered as
 * a workbook's bytes (`xlsxFile`, the area's name for file-answers.ts's schema).
 */
export const xlsxExportSchemas = (s: {
  exportQuerySchema: typeof exportQuerySchema;
  xlsxFile: typeof xlsxFileSchema;
}) => ({ query: s.exportQuerySchema, response: null, also: { 200: s.xlsxFile } });

/** Any declared call. */
// biome-ignore lint/suspicious/noExplicitAny: the widest call, whatever its schemas
export type AnyCall = DeclaredCall<HttpMethod, string, any, boolean>;

/** A declared call's schemas, as its `schemas()` loads them. */
export type SchemasOf<C> = C extends DeclaredCall<HttpMethod, string, infer S, boolean> ? S : never;
type Has<S, K extends keyof CallSchemas> = S extends { [P in K]: z.ZodType } ? true : false;

/** What the console passes to a call: its path params, its query (a list query for a list), its body. */
export type CallInput<C extends AnyCall> = (Has<SchemasOf<C>, 'params'> extends true
  ? { params: z.input<NonNullable<SchemasOf<C>['params']>> }
  : { params?: never }) &
  (SchemasOf<C> extends { list: ListRules }
    ? { query: ListQuery }
    : Has<SchemasOf<C>, 'query'> extends true
      ? Record<string, never> extends z.input<NonNullable<SchemasOf<C>['query']>>
        ? { query?: z.input<NonNullable<SchemasOf<C>['query']>> }
        : { query: z.input<NonNullable<SchemasOf<C>['query']>> }
      : { query?: never }) &
  (Has<SchemasOf<C>, 'body'> extends true
    ? { body: z.input<NonNullable<SchemasOf<C>['body']>> }
    : { body?: never });

/** The bytes of a file a call answers, with the answer's headers (its name, its type). */
export interface CallFile {
  blob: Blob;
  headers: Headers;
}

/** What a call answers the console once parsed. */
export type CallOutput<C extends AnyCall> = C extends { file?: true }
  ? CallFile
  : SchemasOf<C>['response'] extends z.ZodType
    ? z.output<SchemasOf<C>['response']>
    : undefined;

/** What a call's handler answers on the server (before the answer's schema serializes it). */
export type CallAnswer<C extends AnyCall> = C extends { file?: true }
  ? unknown
  : SchemasOf<C>['response'] extends z.ZodType
    ? z.input<SchemasOf<C>['response']>
    : // biome-ignore lint/suspicious/noConfusingVoidType: the handler of a 204 call returns nothing
      void;

/** The rows of a list call's answer. */
export type ListItemOf<C extends AnyCall> = CallOutput<C> extends ListPage<infer T> ? T : never;

/** The names of a path's parameters: `/a/:id/b/:key` → `'id' | 'key'`. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** A call's path with its parameters filled in, each encoded as one path segment. */
export function pathOf(call: Pick<AnyCall, 'path'>, params?: Readonly<Record<string, unknown>>): string {
  return call.path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`${call.path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * The refusals a call may answer: those its access and input imply, and those it declares. The
 * server's route answers each as `{code, message}`; the OpenAPI document lists them.
 */
export function refusalsOf(call: CallFacts, schemas: CallSchemas): number[] {
  const statuses = new Set<number>(call.errors ?? []);
  if (schemas.params || schemas.query || schemas.body || schemas.list) statuses.add(400);
  if (call.access !== 'public') statuses.add(401);
  if (typeof call.access === 'object' || call.access === 'owner') statuses.add(403);
  return [...statuses].sort((a, b) => a - b);
}

/** The TanStack Query key of a call with an input: its method, path and input. */
export function callKey<C extends AnyCall>(call: C, input?: CallInput<C>): readonly unknown[] {
  return input === undefined ? [call.method, call.path] : [call.method, call.path, input];
}
