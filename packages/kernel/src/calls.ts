/**
 * The console's side of a declared call (`@vap/contracts` calls.ts): a client derived from an area's
 * declarations, each call sent through the kernel's one `HttpClient` — token, language, 10 s timeout,
 * cancellation, the 401 rules of spec §8 — with its path filled, its list query encoded and its
 * answer parsed by the call's own schema, which loads with the area's first call.
 */
import type { AnyCall, CallInput, CallOutput } from '@vap/contracts';
import { pathOf } from '@vap/contracts';
import type { CallOptions, HttpClient, QueryValue } from './http.js';

/** The arguments of a call: its input (optional when it takes none) and the caller's options. */
export type CallArgs<C extends AnyCall> =
  Record<string, never> extends CallInput<C>
    ? [input?: CallInput<C>, options?: CallOptions]
    : [input: CallInput<C>, options?: CallOptions];

/** A function per declared call of an area. */
export type Client<Calls extends Readonly<Record<string, AnyCall>>> = {
  readonly [K in keyof Calls]: (...args: CallArgs<Calls[K]>) => Promise<CallOutput<Calls[K]>>;
};

interface LooseInput {
  params?: Readonly<Record<string, unknown>>;
  query?: Readonly<Record<string, unknown>>;
  body?: unknown;
}

/**
 * Sends one declared call. A list query's `wheres` and `orders` travel as base64 JSON (spec §7);
 * a public call carries no token (a stale one must not sign the caller out).
 */
export function sendCall<C extends AnyCall>(
  http: HttpClient,
  call: C,
  input: CallInput<C>,
  options: CallOptions = {},
): Promise<CallOutput<C>> {
  const { params, query = {}, body } = input as LooseInput;
  const { wheres, orders, ...plain } = query as Record<string, unknown>;
  // A list query's are lists, encoded by the HTTP client; a call whose own query schema takes
  // them (a count's filter, an export's) declares them as their encoded text, sent as it is.
  const lists: { wheres?: never; orders?: never } = {};
  for (const [key, value] of [
    ['wheres', wheres],
    ['orders', orders],
  ] as const) {
    if (Array.isArray(value)) lists[key] = value as never;
    else if (value !== undefined) plain[key] = value;
  }
  const request = {
    ...options,
    auth: call.access !== 'public',
    query: plain as Record<string, QueryValue> & { wheres?: never; orders?: never },
    ...lists,
  };
  const path = pathOf(call, params);
  // A file asked with a body (an export of a log's range) is posted like any other call.
  if (call.file)
    return http.download(path, { ...request, method: call.method, body }) as Promise<CallOutput<C>>;
  const schema = async () => (await call.schemas()).response;
  return http.request(call.method, path, body, { ...request, schema }) as Promise<CallOutput<C>>;
}

const clients = new WeakMap<HttpClient, WeakMap<object, unknown>>();

/** The client of an area's declared calls on `http`, made once per client and area. */
export function clientOf<Calls extends Readonly<Record<string, AnyCall>>>(
  http: HttpClient,
  calls: Calls,
): Client<Calls> {
  let made = clients.get(http);
  if (!made) {
    made = new WeakMap();
    clients.set(http, made);
  }
  let client = made.get(calls) as Client<Calls> | undefined;
  if (!client) {
    client = Object.fromEntries(
      Object.entries(calls).map(([name, call]) => [
        name,
        (input?: CallInput<AnyCall>, options?: CallOptions) => sendCall(http, call, input ?? {}, options),
      ]),
    ) as unknown as Client<Calls>;
    made.set(calls, client);
  }
  return client;
}
