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

/** How many errors deep the log follows an error's cause and its fields that hold errors. */
const MAX_ERROR_DEPTH = 5;

/**
 * An error as the log shows it: type, message, stack, code, query text, cause; no value. Errors it
 * holds (its cause, a field) are followed at most `MAX_ERROR_DEPTH` deep and each once: one that
 * holds itself (@fastify/compress sets `error.decompressError = error`) overflowed the stack and
 * turned a 400 into a 500.
 */
export function serializeError(error: Error, depth = 0, seen = new Set<Error>()): SerializedError {
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
  seen.add(error);
  const inner = (value: unknown) => {
    if (!(value instanceof Error)) return value;
    if (seen.has(value) || depth >= MAX_ERROR_DEPTH) return `[${value.constructor?.name || value.name}]`;
    return serializeError(value, depth + 1, seen);
  };
  for (const key of Object.keys(fields)) {
    if (key in out || key === 'cause' || VALUE_FIELDS.has(key)) continue;
    out[key] = inner(fields[key]);
  }
  if (error.cause !== undefined) out.cause = inner(error.cause);
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
