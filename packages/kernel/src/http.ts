/**
 * The one HTTP client of the console (spec §7): base `/webapi`, JSON, 10 s timeout, bearer
 * token on every call except those marked `auth: false`, `wheres` as base64 JSON, every
 * pending request cancellable at once. Failures become an `ApiError` carrying the server's
 * `{code, message}` (spec §8), or a local code for network failures, timeouts and cancels.
 */
import {
  API_BASE,
  apiErrorSchema,
  encodeListParam,
  type ListPage,
  type ListQuery,
  listPageSchema,
  type Order,
  REQUEST_TIMEOUT_MS,
  type Where,
} from '@vap/contracts';
import { FetchError, ofetch } from 'ofetch';
import type { z } from 'zod';

export type { Where } from '@vap/contracts';

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
  schema?: z.ZodType<T>;
  /** `false` for calls that must not carry the bearer token (password sign-in). */
  auth?: boolean;
  /**
   * The caller shows (or deliberately ignores) a failure itself, e.g. a form's inline message or
   * a poll: the failure is only logged, not announced (spec §8: polling errors only logged).
   */
  quiet?: boolean;
}

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

export class HttpClient {
  readonly #pending = new Set<AbortController>();
  readonly #fetch: typeof ofetch;

  constructor(private readonly options: HttpClientOptions) {
    this.#fetch = ofetch.create(
      { baseURL: options.baseURL ?? API_BASE, retry: 0 },
      options.fetch ? { fetch: options.fetch } : {},
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

  delete<T>(path: string, options: RequestOptions<T> = {}): Promise<T> {
    return this.request<T>('DELETE', path, undefined, options);
  }

  /** One page of a list (spec §3 list query): `page`, `size`, and the encoded `wheres`/`orders`. */
  list<T>(
    path: string,
    { page, size, wheres, orders }: ListQuery,
    item: z.ZodType<T>,
    options: Omit<RequestOptions<ListPage<T>>, 'schema' | 'wheres' | 'orders'> = {},
  ): Promise<ListPage<T>> {
    return this.get(path, {
      ...options,
      query: { ...options.query, page, size },
      wheres,
      orders,
      schema: listPageSchema(item) as z.ZodType<ListPage<T>>,
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

  async request<T>(method: string, path: string, body: unknown, options: RequestOptions<T>): Promise<T> {
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new TimeoutError('timeout')),
      this.options.timeoutMs ?? REQUEST_TIMEOUT_MS,
    );
    this.#pending.add(controller);
    const headers: Record<string, string> = { 'Accept-Language': this.options.language() };
    const token = options.auth === false ? null : this.options.token();
    if (token) headers.Authorization = `Bearer ${token}`;
    const query: Record<string, QueryValue> = { ...options.query };
    if (options.wheres && options.wheres.length > 0) query.wheres = encodeListParam(options.wheres);
    if (options.orders && options.orders.length > 0) query.orders = encodeListParam(options.orders);
    try {
      const data: unknown = await this.#fetch(path, {
        method,
        headers,
        query,
        signal: controller.signal,
        ...(body === undefined ? {} : { body: body as Record<string, unknown> }),
      });
      if (!options.schema) return data as T;
      const parsed = options.schema.safeParse(data);
      if (!parsed.success) {
        throw new ApiError(200, 'invalid_response', this.options.localMessage('invalid_response'));
      }
      return parsed.data;
    } catch (error) {
      const failure = this.#toApiError(error, controller.signal);
      if (failure.status === 401 && token) this.options.onUnauthorized?.(failure);
      // Cancels are the console's own doing (logout, another sign-in): nothing to announce.
      else if (options.quiet || failure.code === 'cancelled') {
        console.warn(`${method} ${path} failed: ${failure.message}`);
      } else this.options.onError?.(failure);
      throw failure;
    } finally {
      clearTimeout(timer);
      this.#pending.delete(controller);
    }
  }

  #toApiError(error: unknown, signal: AbortSignal): ApiError {
    if (error instanceof ApiError) return error;
    if (signal.aborted) {
      const code = signal.reason instanceof TimeoutError ? 'timeout' : 'cancelled';
      return new ApiError(0, code, this.options.localMessage(code));
    }
    if (error instanceof FetchError && error.response) {
      const body = apiErrorSchema.safeParse(error.data);
      if (body.success) {
        return new ApiError(error.response.status, body.data.code, body.data.message, body.data.fields);
      }
      return new ApiError(
        error.response.status,
        'http_error',
        error.response.statusText || String(error.response.status),
      );
    }
    return new ApiError(0, 'network', this.options.localMessage('network'));
  }
}
