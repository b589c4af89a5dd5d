/**
 * The one HTTP client of the console (spec §7), on ofetch: base `/webapi`, JSON, 10 s timeout,
 * bearer token on every call except those marked `auth: false`, `wheres` as base64 JSON, each
 * request cancellable by its own signal and every pending one at once. Failures become an
 * `ApiError` carrying the server's `{code, message}` (spec §8), or a local code for network
 * failures, timeouts and cancels.
 */
import {
  API_BASE,
  encodeListParam,
  type ListPage,
  type ListQuery,
  type Order,
  REQUEST_TIMEOUT_MS,
  type Where,
} from '@vap/contracts';
import { FetchError, type FetchOptions, ofetch } from 'ofetch';
import type { z } from 'zod';

export type { Where } from '@vap/contracts';

/** The schemas of the kernel's own parsing, loaded on first use (see schemas.ts). */
export const kernelSchemas = () => import('./schemas.js');

/**
 * A schema, or a function loading it: a loaded schema is fetched alongside the call, so that code
 * which only calls (the sign-in page, a plugin's services) need not carry zod and the schemas. A
 * loader may find no schema (a declared call answering 204): the answer is then taken as it is.
 */
export type SchemaSource<T> = z.ZodType<T> | (() => Promise<z.ZodType<T> | null>);

export type LocalErrorCode = 'network' | 'timeout' | 'cancelled' | 'invalid_response';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    /** HTTP status, 0 when no answer arrived. */
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}

export type QueryValue = string | number | boolean | undefined | null;

export interface RequestOptions<T> {
  query?: Record<string, QueryValue> & { wheres?: never; orders?: never };
  /** Sent as base64 of the JSON list, omitted when empty (spec §7). */
  wheres?: readonly Where[];
  /** Sort keys, sent like `wheres`. */
  orders?: readonly Order[];
  /** Parse the answer with this schema; a mismatch is an `invalid_response` error. */
  schema?: SchemaSource<T>;
  /** `false` for calls that must not carry the bearer token (password sign-in). */
  auth?: boolean;
  /**
   * The caller shows (or deliberately ignores) a failure itself, e.g. a form's inline message or
   * a poll: the failure is only logged, not announced (spec §8: polling errors only logged).
   */
  quiet?: boolean;
  /**
   * Cancels this call when it aborts (a page left, a newer search typed): the call fails with
   * `cancelled`, which is never announced.
   */
  signal?: AbortSignal;
  /**
   * The longest wait for this call, instead of the client's: for an answer the server is known to
   * make at length (a document made on the call).
   */
  timeoutMs?: number;
}

/**
 * What a caller says of one call: its signal, whether it shows a failure itself (`quiet`), and a
 * longer wait for an answer made at length (`timeoutMs`).
 */
export type CallOptions = Pick<RequestOptions<unknown>, 'signal' | 'quiet' | 'timeoutMs'>;

export interface HttpClientOptions {
  baseURL?: string;
  timeoutMs?: number;
  token: () => string | null;
  language: () => string;
  /** Local texts of network failures, timeouts and cancels. */
  localMessage: (code: LocalErrorCode) => string;
  /** Called on a 401 answer to a call that carried a token (spec §8). */
  onUnauthorized?: (error: ApiError) => void;
  /** Called on every other failure of a call that is not quiet: the console shows its message. */
  onError?: (error: ApiError) => void;
  fetch?: typeof globalThis.fetch;
}

class CancelledError extends Error {
  override readonly name = 'CancelledError';
}
class TimeoutError extends Error {
  override readonly name = 'TimeoutError';
}
/** What every call sends, whatever its answer's type. */
interface CallInit {
  method: string;
  headers: Record<string, string>;
  query: Record<string, QueryValue>;
  signal: AbortSignal;
  body?: FetchOptions['body'];
}

export class HttpClient {
  readonly #pending = new Set<AbortController>();
  readonly #ofetch: typeof ofetch;

  constructor(private readonly options: HttpClientOptions) {
    // No retries: a failed call is shown to the user, who decides (spec §8).
    this.#ofetch = ofetch.create(
      { baseURL: options.baseURL ?? API_BASE, retry: 0 },
      // Called unbound and looked up on each call: a stored window.fetch called as a method throws.
      { fetch: (input, init) => (options.fetch ?? globalThis.fetch)(input, init) },
    );
  }

  get<T>(path: string, options: RequestOptions<T> = {}): Promise<T> {
    return this.request<T>('GET', path, undefined, options);
  }

  post<T>(path: string, body?: unknown, options: RequestOptions<T> = {}): Promise<T> {
    return this.request<T>('POST', path, body, options);
  }

  put<T>(path: string, body?: unknown, options: RequestOptions<T> = {}): Promise<T> {
    return this.request<T>('PUT', path, body, options);
  }

  patch<T>(path: string, body?: unknown, options: RequestOptions<T> = {}): Promise<T> {
    return this.request<T>('PATCH', path, body, options);
  }

  delete<T>(path: string, options: RequestOptions<T> = {}): Promise<T> {
    return this.request<T>('DELETE', path, undefined, options);
  }

  /** One page of a list (spec §3 list query): `page`, `size`, and the encoded `wheres`/`orders`. */
  list<T>(
    path: string,
    { page, size, wheres, orders }: ListQuery,
    item: SchemaSource<T>,
    options: Omit<RequestOptions<ListPage<T>>, 'schema' | 'wheres' | 'orders'> = {},
  ): Promise<ListPage<T>> {
    const schema = async () => {
      const [{ listPageSchema }, itemSchema] = await Promise.all([kernelSchemas(), loadSchema(item)]);
      return listPageSchema(itemSchema as z.ZodType<T>) as z.ZodType<ListPage<T>>;
    };
    return this.get(path, { ...options, query: { ...options.query, page, size }, wheres, orders, schema });
  }

  /**
   * A file the server answers (e.g. a CSV or spreadsheet export): its bytes and headers. Sent and
   * failing like any call: a refusal carries the server's `{code, message}` and is announced unless
   * quiet. The timeout is the longest wait for the server, for its answer and then for each piece of
   * the file: a large export streamed for a minute is received, one that stalls is not waited for.
   */
  download(
    path: string,
    {
      method = 'GET',
      body,
      ...options
    }: Omit<RequestOptions<never>, 'schema'> & { method?: string; body?: unknown } = {},
  ): Promise<{ blob: Blob; headers: Headers }> {
    return this.#send(method, path, body, options, async (init, progressed) => {
      const response = await this.#ofetch.raw<ReadableStream<Uint8Array>, 'stream'>(path, {
        ...init,
        responseType: 'stream',
      });
      const pieces: Uint8Array<ArrayBuffer>[] = [];
      const reader = response._data?.getReader();
      for (;;) {
        progressed();
        const piece = await reader?.read();
        if (!piece || piece.done) break;
        pieces.push(piece.value as Uint8Array<ArrayBuffer>);
      }
      const type = response.headers.get('content-type') ?? '';
      return { blob: new Blob(pieces, { type }), headers: response.headers };
    });
  }

  /** How many requests are in flight. */
  get pendingCount(): number {
    return this.#pending.size;
  }

  /** Cancels every pending request (spec §4.1: on demand and on logout). */
  cancelAll(): void {
    for (const controller of this.#pending) controller.abort(new CancelledError('cancelled'));
    this.#pending.clear();
  }

  request<T>(method: string, path: string, body: unknown, options: RequestOptions<T>): Promise<T> {
    const schema = options.schema ? loadSchema(options.schema) : null;
    // A call that fails first must not leave a failed schema load unhandled.
    schema?.catch(() => undefined);
    return this.#send(method, path, body, options, async (init) => {
      const data: unknown = await this.#ofetch(path, init);
      const loaded = schema ? await schema : null;
      if (!loaded) return data as T;
      const parsed = loaded.safeParse(data);
      if (!parsed.success) {
        throw new ApiError(200, 'invalid_response', this.options.localMessage('invalid_response'));
      }
      return parsed.data;
    });
  }

  /** Sends one call through `run` with the token, language, list params, timeout and error handling. */
  async #send<R>(
    method: string,
    path: string,
    body: unknown,
    options: Omit<RequestOptions<unknown>, 'schema'>,
    /** `progressed` starts the timeout again: the server has sent something (a file's next piece). */
    run: (init: CallInit, progressed: () => void) => Promise<R>,
  ): Promise<R> {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const progressed = () => {
      clearTimeout(timer);
      timer = setTimeout(
        () => controller.abort(new TimeoutError('timeout')),
        options.timeoutMs ?? this.options.timeoutMs ?? REQUEST_TIMEOUT_MS,
      );
    };
    progressed();
    this.#pending.add(controller);
    const cancel = () => controller.abort(new CancelledError('cancelled'));
    if (options.signal?.aborted) cancel();
    options.signal?.addEventListener('abort', cancel);
    const headers: Record<string, string> = { 'Accept-Language': this.options.language() };
    const token = options.auth === false ? null : this.options.token();
    if (token) headers.Authorization = `Bearer ${token}`;
    const query: Record<string, QueryValue> = { ...options.query };
    if (options.wheres && options.wheres.length > 0) query.wheres = encodeListParam(options.wheres);
    if (options.orders && options.orders.length > 0) query.orders = encodeListParam(options.orders);
    try {
      return await run(
        {
          method,
          headers,
          query,
          signal: controller.signal,
          ...(body === undefined ? {} : { body: body as FetchOptions['body'] }),
        },
        progressed,
      );
    } catch (error) {
      const failure = await this.#toApiError(error, controller.signal);
      if (failure.status === 401 && token) this.options.onUnauthorized?.(failure);
      // Cancels are the console's own doing (logout, another sign-in): nothing to announce.
      else if (options.quiet || failure.code === 'cancelled') {
        console.warn(`${method} ${path} failed: ${failure.message}`);
      } else this.options.onError?.(failure);
      throw failure;
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', cancel);
      this.#pending.delete(controller);
    }
  }

  async #toApiError(error: unknown, signal: AbortSignal): Promise<ApiError> {
    if (error instanceof ApiError) return error;
    if (signal.aborted) {
      const code = signal.reason instanceof TimeoutError ? 'timeout' : 'cancelled';
      return new ApiError(0, code, this.options.localMessage(code));
    }
    if (error instanceof FetchError && error.response) {
      const { status, statusText } = error.response;
      const body = (await apiErrorSchema())?.safeParse(await errorData(error)) ?? { success: false as const };
      if (body.success) return new ApiError(status, body.data.code, body.data.message, body.data.fields);
      return new ApiError(status, 'http_error', statusText || String(status));
    }
    return new ApiError(0, 'network', this.options.localMessage('network'));
  }
}

function loadSchema<T>(source: SchemaSource<T>): Promise<z.ZodType<T> | null> {
  return typeof source === 'function' ? source() : Promise.resolve(source);
}

/** The schema of the server's `{code, message}`; null when its code cannot load (a network failure). */
function apiErrorSchema() {
  return kernelSchemas().then(
    (schemas) => schemas.apiErrorSchema,
    () => null,
  );
}

/** The body of a refused call; a file call's (a Blob) read as the JSON it usually is. */
/** The body of a refusal: parsed already, or a file answer's blob or stream to read as JSON. */
async function errorData(error: FetchError): Promise<unknown> {
  const data: unknown = error.data;
  if (!(data instanceof Blob) && !(data instanceof ReadableStream)) return data;
  try {
    return JSON.parse(await new Response(data).text());
  } catch {
    return undefined;
  }
}
