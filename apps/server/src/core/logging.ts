/**
 * What the server's log may hold. A failed query reaches the log as an error whose message, stack
 * and fields carry the query's parameters: argon2 hashes, phones, e-mails, sealed secrets. The
 * `err` serializer keeps the query text and the driver's error code and drops every value; `redact`
 * covers request bodies and headers should any line ever log them.
 */
import type { FastifyServerOptions } from 'fastify';

/** Fields of database errors that hold values rather than describe the failure. */
const VALUE_FIELDS = new Set([
  'params', // drizzle's DrizzleQueryError, PGlite's errors
  'parameters', // postgres.js (with `debug`)
  'args',
  'types',
  'detail', // PostgreSQL's DETAIL: "Key (phone)=(13800138000) already exists."
  'where',
  'internalQuery',
  'raw',
]);

/** Fields no value ever needs: the secrets of a request, wherever a log line puts its body. */
const SECRET_FIELDS = ['password', 'code', 'secret', 'token', 'authorization'];

/** SQLSTATE class 22, data exception: PostgreSQL quotes the offending value in the message. */
const isDataException = (code: unknown) => typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code);

/** A stack's frames (`    at …` lines), which name code, never data. */
const framesOf = (stack: string | undefined) =>
  (stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));

export interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/** An error as the log shows it: type, message, stack, code, query text, cause; no value. */
export function serializeError(error: Error, depth = 0): SerializedError {
  // `log.error({ err: 'text' })` happens: anything but an Error is logged as its text alone.
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' };
  const fields = error as Error & Record<string, unknown>;
  const type = error.constructor?.name || error.name;
  let message = error.message;
  if (typeof fields.query === 'string' && 'params' in fields && message.startsWith('Failed query:')) {
    // drizzle puts `\nparams: <values>` after the query; the query text alone says what failed.
    message = `Failed query: ${fields.query}`;
  } else if (isDataException(fields.code)) {
    message = `data exception ${fields.code as string} (the value is not logged)`;
  }
  const out: SerializedError = {
    type,
    message,
    stack: [`${type}: ${message}`, ...framesOf(error.stack)].join('\n'),
  };
  for (const key of Object.keys(fields)) {
    if (key in out || key === 'cause' || VALUE_FIELDS.has(key)) continue;
    const value = fields[key];
    out[key] = value instanceof Error ? serializeError(value, depth + 1) : value;
  }
  if (error.cause !== undefined && depth < 5) {
    out.cause = error.cause instanceof Error ? serializeError(error.cause, depth + 1) : error.cause;
  }
  return out;
}

/** pino's `redact` paths: request bodies and headers, as logged by a request or by hand. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  ...SECRET_FIELDS.flatMap((field) => [`body.${field}`, `req.body.${field}`, `request.body.${field}`]),
];

/** The server's logger options: `level` and the rest as given, with the serializer and redaction. */
export function safeLoggerOptions(options: Exclude<FastifyServerOptions['logger'], boolean | undefined>) {
  return {
    ...options,
    serializers: { ...options.serializers, err: serializeError },
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
  };
}
