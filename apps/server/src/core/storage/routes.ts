/**
 * The object store's own routes (spec §7.2 token upload): the upload an upload token allows, and the
 * stored objects, by signed URL or to a signed-in user of the object's company.
 */
import { Readable } from 'node:stream';
import {
  COMPANY_CALLS,
  OBJECT_MAX_BYTES,
  OBJECT_STORE_AUTH_SCHEME,
  parseObjectPath,
  UPLOAD_PART_BYTES,
} from '@vap/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import parseRange from 'range-parser';
import type { TokenService } from '../auth/tokens.js';
import type { Db } from '../db/client.js';
import { users } from '../db/schema.js';
import { serve } from '../http/calls.js';
import { ApiError, unauthorized } from '../http/errors.js';
import { type ByteRange, ObjectMissingError } from './backend.js';
import { readMultipart } from './multipart.js';
import type { ObjectStore, ReceivedUpload, UploadGrant } from './objects.js';
import { PartUploads } from './part-uploads.js';

/** What a multipart form adds to its file: the boundaries, the headers, the two small fields. */
const ENVELOPE_BYTES = 64 * 1024;
/** The largest object of any kind (a firmware package) plus the envelope; a token allows less. */
const UPLOAD_BODY_LIMIT = Math.max(...Object.values(OBJECT_MAX_BYTES)) + ENVELOPE_BYTES;
const OSS_AUTHORIZATION = new RegExp(`^${OBJECT_STORE_AUTH_SCHEME}\\s+(\\S+)$`, 'i');
const BEARER = /^Bearer\s+(\S+)$/i;

declare module 'fastify' {
  interface FastifyRequest {
    /** The upload token's grant, on the object store's upload route. */
    uploadGrant?: UploadGrant;
  }
}

export interface ObjectRoutesOptions {
  db: Db;
  store: ObjectStore;
  tokens: TokenService;
}

export async function objectRoutes(app: FastifyInstance, { db, store, tokens }: ObjectRoutesOptions) {
  // The object store's upload takes multipart form data, in this scope only, as a stream: the
  // file goes on to the backend as it arrives (multipart.ts), never held whole in memory.
  app.addContentTypeParser('multipart/form-data', (_request, body, done) => done(null, body));

  await serve(
    app,
    COMPANY_CALLS.objectUpload,
    async (request) => {
      const grant = request.uploadGrant;
      if (!grant) throw new ApiError(401, 'upload_token_invalid');
      if (!(request.body instanceof Readable)) throw new ApiError(415, 'unsupported_media_type');
      const form = await readMultipart<ReceivedUpload>(request.body, request.headers, {
        maxBytes: grant.size + ENVELOPE_BYTES,
        onFile: async (name, stream) => {
          if (name !== 'file') throw new ApiError(400, 'bad_request');
          return store.receive(grant, stream);
        },
      });
      const file = form.files.get('file');
      try {
        const filename = form.fields.get('filename');
        const filesize = form.fields.get('filesize');
        if (!file || filename === undefined || filesize === undefined) throw new ApiError(400, 'bad_request');
        if (filename !== grant.path) throw new ApiError(401, 'upload_token_invalid');
        // The file's own length was held to the grant's as it streamed (ObjectStore.receive).
        if (!/^\d{1,10}$/.test(filesize) || Number(filesize) !== grant.size) {
          throw new ApiError(400, 'upload_size_mismatch');
        }
        await store.accept(grant, file);
      } catch (error) {
        await file?.discard().catch(() => {});
        throw error;
      }
      return { path: grant.path, url: await store.signedUrl(grant.path) };
    },
    {
      bodyLimit: UPLOAD_BODY_LIMIT,
      // The token is checked before the body is read.
      onRequest: async (request) => {
        const token = OSS_AUTHORIZATION.exec(request.headers.authorization ?? '')?.[1];
        if (!token) throw new ApiError(401, 'upload_token_invalid');
        const grant = store.verifyUploadToken(token);
        request.uploadGrant = grant;
        // The grant's size is the limit: a body announced beyond it is refused before it is read.
        const length = Number(request.headers['content-length']);
        if (length > grant.size + ENVELOPE_BYTES) throw new ApiError(413, 'payload_too_large');
      },
    },
  );

  // Uploads in parts (part-uploads.ts). A part's bytes arrive raw, as a stream, in this scope only.
  app.addContentTypeParser('application/octet-stream', (_request, body, done) => done(null, body));
  const parts = new PartUploads(db, store);
  /** The grant of the upload token in the request's `Authorization: VAP-OSS {token}`. */
  const grantOf = (request: FastifyRequest): UploadGrant => {
    const token = OSS_AUTHORIZATION.exec(request.headers.authorization ?? '')?.[1];
    if (!token) throw new ApiError(401, 'upload_token_invalid');
    return store.verifyUploadToken(token);
  };

  await serve(app, COMPANY_CALLS.startPartUpload, (request) => parts.start(grantOf(request)));

  await serve(
    app,
    COMPANY_CALLS.uploadPart,
    async (request, reply) => {
      if (!(request.body instanceof Readable)) throw new ApiError(415, 'unsupported_media_type');
      const etag = await parts.receivePart(
        request.params.id,
        request.params.number,
        request.query,
        request.body,
      );
      return reply.header('etag', etag).code(204).send();
    },
    {
      bodyLimit: UPLOAD_PART_BYTES,
      // The signature is checked before the body is read.
      preValidation: async (request) => {
        const { id, number } = request.params as { id: string; number: number };
        const { e, s } = request.query as { e?: string; s?: string };
        if (!parts.verifyPartUrl(id, Number(number), e, s)) throw new ApiError(401, 'upload_part_invalid');
      },
    },
  );

  await serve(app, COMPANY_CALLS.reportUploadPart, async (request) => {
    await parts.report(grantOf(request), request.params.id, request.params.number, request.body.etag);
  });

  await serve(app, COMPANY_CALLS.completePartUpload, async (request) => {
    const grant = grantOf(request);
    await parts.complete(grant, request.params.id);
    return { path: grant.path, url: await store.signedUrl(grant.path) };
  });

  await serve(app, COMPANY_CALLS.cancelPartUpload, async (request) => {
    await parts.cancel(grantOf(request), request.params.id);
  });

  await serve(app, COMPANY_CALLS.object, async (request, reply) => {
    const path = (request.params as { '*': string })['*'];
    if (!parseObjectPath(path)) throw new ApiError(404, 'not_found');
    const stored = await store.find(path);
    if (!stored) throw new ApiError(404, 'not_found');
    if (!store.verifyUrl(path, request.query.e, request.query.s)) {
      const companyId = await companyOfCaller(request);
      if (companyId !== stored.companyId) throw new ApiError(403, 'forbidden');
    }
    // A range request (a video seeking) is answered 206 with that range, or 416 when the range
    // lies past the end; several ranges, or a header that is no range, get the whole object.
    const size = stored.size;
    let range: ByteRange | undefined;
    const asked = request.headers.range;
    if (asked !== undefined) {
      const ranges = parseRange(size, asked, { combine: true });
      if (ranges === -1) {
        return reply
          .code(416)
          .header('accept-ranges', 'bytes')
          .header('content-range', `bytes */${size}`)
          .send();
      }
      if (ranges !== -2 && ranges.type === 'bytes' && ranges.length === 1) range = ranges[0];
    }
    const bytes = await store.read(path, range).catch((error: unknown) => {
      if (error instanceof ObjectMissingError) throw new ApiError(404, 'not_found');
      throw error;
    });
    reply
      .type(stored.contentType)
      .header('accept-ranges', 'bytes')
      .header('cache-control', 'private, max-age=3600')
      .header('x-content-type-options', 'nosniff');
    if (request.query.dl) reply.header('content-disposition', `attachment; filename="${request.query.dl}"`);
    if (!range) return reply.header('content-length', size).send(bytes);
    return reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
      .header('content-length', range.end - range.start + 1)
      .send(bytes);
  });

  async function companyOfCaller(request: FastifyRequest): Promise<number | null> {
    const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
    if (!token) throw unauthorized();
    const { userId } = await tokens.verify(token);
    const [user] = await db.select({ companyId: users.companyId }).from(users).where(eq(users.id, userId));
    return user?.companyId ?? null;
  }
}
