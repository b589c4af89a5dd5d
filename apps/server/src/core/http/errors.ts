/**
 * Every non-2xx answer of /webapi is `{ code, message, fields? }` (spec §8), with `message` in the
 * caller's language. Routes throw `ApiError`; everything else is mapped here.
 */

import { type IncomingMessage, maxHeaderSize, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ApiErrorBody, ErrorCode } from '@vap/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ApiError } from '../api-error.js';
import { isMessageKey, negotiateLanguage, translate } from './i18n.js';

// Routes import the error they throw from here, beside what answers it.
export { ApiError, unauthorized } from '../api-error.js';

function send(request: FastifyRequest, reply: FastifyReply, status: number, code: ErrorCode, key?: string) {
  const language = negotiateLanguage(request.headers['accept-language']);
  const body: ApiErrorBody = { code, message: translate(language, key ?? `errors.${code}`) };
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

const FASTIFY_CODES: Record<string, [number, ErrorCode]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'payload_too_large'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'unsupported_media_type'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'bad_request'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'bad_request'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'bad_request'],
  // @fastify/compress, decompressing a request body (Content-Encoding).
  FST_CP_ERR_INVALID_CONTENT: [400, 'body_not_decodable'],
  FST_CP_ERR_INVALID_CONTENT_ENCODING: [415, 'unsupported_encoding'],
};

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    if (error instanceof ApiError) {
      // Refused before its body was read (an upload waiting for an import slot): let it finish.
      if (error.status === 429) await drainRequest(request.raw);
      return send(request, reply, error.status, error.code, error.messageKey);
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      const language = negotiateLanguage(request.headers['accept-language']);
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
        const key =
          issue.message && isMessageKey(issue.message)
            ? issue.message
            : field
              ? 'validation.invalid'
              : 'validation.body';
        fields[field || '$'] ??= translate(language, key);
      }
      const message = [...new Set(Object.values(fields))].join('; ');
      const body: ApiErrorBody = { code: 'validation_failed', message, fields };
      return reply.code(400).send(body);
    }

    const mapped = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (mapped) {
      // The client is still sending the body: let it finish, so that it reads the answer rather
      // than meeting a closed connection (a 50 MB chunked upload used to be cut with no answer).
      if (mapped[0] === 413) await drainRequest(request.raw);
      return send(request, reply, mapped[0], mapped[1]);
    }

    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      request.log.info({ err: error }, 'request rejected');
      if (status === 429) return send(request, reply, 429, 'too_many_requests');
      if (status === 404) return send(request, reply, 404, 'not_found');
      return send(request, reply, status, 'bad_request');
    }
    request.log.error({ err: error }, 'request failed');
    return send(request, reply, 500, 'internal');
  });
}

/**
 * What the server answers a request it cannot even read (headers over Node's limit, headers or
 * body too slow, a malformed request): Node would write its own text and Fastify its own JSON;
 * this writes the project's `{ code, message }`. Registered as Fastify's `clientErrorHandler`.
 */
export function answerClientError(
  error: Error & { code?: string; rawPacket?: unknown },
  socket: Socket,
): void {
  // A reset connection has nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const packet = Buffer.isBuffer(error.rawPacket) ? error.rawPacket.toString('latin1') : '';
  const [status, code]: [number, ErrorCode] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? inRequestLine(packet)
        ? [414, 'uri_too_long']
        : [431, 'request_header_too_large']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'request_timeout']
        : [400, 'bad_request'];
  const language = negotiateLanguage(ACCEPT_LANGUAGE.exec(packet)?.[1]);
  const body: ApiErrorBody = { code, message: translate(language, `errors.${code}`) };
  const json = JSON.stringify(body);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(json)}\r\n\r\n${json}`,
    );
  }
  socket.destroy(error);
}

// The parser has refused the request, so its headers were never handed over; the bytes it was
// reading (`rawPacket`, the last chunk received) usually still hold the Accept-Language line.
const ACCEPT_LANGUAGE = /(?:^|\n)accept-language[ \t]*:[ \t]*([^\r\n]*)/i;

/**
 * Whether the header limit was overflowed by the request line alone: a chunk that starts a request
 * whose first line is longer than the whole limit (or not yet ended) is a URL too long (414), not
 * headers too large (431). A URL arriving in many chunks is judged by its last one and may get 431.
 */
function inRequestLine(packet: string): boolean {
  if (!/^[A-Z]+ /.test(packet)) return false;
  const end = packet.indexOf('\n');
  return end === -1 || end > maxHeaderSize;
}

/**
 * What Fastify answers itself before any route, in its own JSON: a path that is not valid
 * percent-encoding (400) and a path parameter over its 100 characters (414). Registered as
 * Fastify's `frameworkErrors`.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return send(request, reply, 414, 'uri_too_long');
  if (error.code === 'FST_ERR_BAD_URL') return send(request, reply, 400, 'bad_request');
  request.log.error({ err: error }, 'request failed');
  return send(request, reply, 500, 'internal');
}

// Node's own test of an Expect header (lib/_http_server.js): this one it answers itself.
const CONTINUE = /(?:^|\W)100-continue(?:$|\W)/i;

/**
 * The two rules of HTTP/1.1 that Node enforces itself with an empty answer: a request without a
 * Host header (400) and an expectation other than 100-continue (417). The app turns Node's check
 * off (`requireHostHeader: false`) or takes it over (`checkExpectation`) and answers here, as every
 * other refusal, with `{ code, message }` in the request's language.
 */
export function enforceHttp11Rules(app: FastifyInstance) {
  // A listener for `checkExpectation` stops Node answering 417 itself; the request goes on as any other.
  app.server.on('checkExpectation', (request, response) => app.server.emit('request', request, response));
  // A callback hook, not an async one: it runs on every request and has nothing to wait for.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.raw.httpVersion !== '1.1') return done();
    if (request.headers.host === undefined) {
      reply.header('connection', 'close');
      return done(new ApiError(400, 'bad_request', 'errors.host_missing'));
    }
    const expectation = request.headers.expect;
    if (expectation !== undefined && !CONTINUE.test(expectation))
      return done(new ApiError(417, 'expectation_failed'));
    done();
  });
}

/** How much of a refused body the server still reads, and for how long, before it answers anyway. */
export const DRAIN_LIMITS = { bytes: 64 * 1024 * 1024, ms: 10_000 } as const;

/**
 * Reads and drops the rest of a request's body, up to `DRAIN_LIMITS`: a client that is still
 * sending gets to the end and then reads the answer. Past the limits the answer goes out anyway.
 */
function drainRequest(raw: IncomingMessage): Promise<void> {
  if (raw.complete || raw.readableEnded || raw.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let read = 0;
    const finish = () => {
      clearTimeout(timer);
      raw.off('data', onData);
      raw.off('end', finish);
      raw.off('error', finish);
      raw.off('close', finish);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      read += chunk.length;
      if (read > DRAIN_LIMITS.bytes) finish();
    };
    const timer = setTimeout(finish, DRAIN_LIMITS.ms);
    raw.on('data', onData);
    raw.once('end', finish);
    raw.once('error', finish);
    raw.once('close', finish);
    raw.resume();
  });
}

/** A JSON 404 for unknown /webapi paths. */
export function sendNotFound(request: FastifyRequest, reply: FastifyReply) {
  return send(request, reply, 404, 'not_found');
}
