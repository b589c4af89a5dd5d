import {
  apiErrorSchema,
  changePasswordBodySchema,
  companyDetailSchema,
  createCompanyBodySchema,
  OBJECT_STORE_AUTH_SCHEME,
  parseObjectPath,
  profileBodySchema,
  setPasswordBodySchema,
  updateCompanyBodySchema,
  uploadResultSchema,
  uploadTokenBodySchema,
  uploadTokenResultSchema,
  VERIFY_IMAGE_MAX_BYTES,
} from '@vap/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditTrail } from '../../core/audit/recorder.js';
import { users } from '../../core/db/schema.js';
import { callerOf } from '../../core/http/access.js';
import { ApiError, unauthorized } from '../../core/http/errors.js';
import {
  boundaryOf,
  extensionMatches,
  imageTypeOf,
  md5Of,
  OBJECTS_PATH,
  ObjectStore,
  parseMultipart,
  UPLOAD_PATH,
  type UploadGrant,
} from '../../core/storage/objects.js';
import type { ModuleDeps } from '../deps.js';
import { CompanyService } from './service.js';

/** A 1 MB logo is 1.4 MB of base64: room for it, and a clear 'logo tip' for somewhat larger ones. */
const COMPANY_BODY_LIMIT = 2 * 1024 * 1024;
/** The largest object plus the multipart envelope. */
const UPLOAD_BODY_LIMIT = VERIFY_IMAGE_MAX_BYTES + 64 * 1024;
const OSS_AUTHORIZATION = new RegExp(`^${OBJECT_STORE_AUTH_SCHEME}\\s+(\\S+)$`, 'i');
const BEARER = /^Bearer\s+(\S+)$/i;

declare module 'fastify' {
  interface FastifyRequest {
    /** The upload token's grant, on the object store's upload route. */
    uploadGrant?: UploadGrant;
  }
}

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 409: apiErrorSchema };

/** Profile, password, company creation, display settings, verification and the object store (spec §7.1, §7.2). */
export const companyRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const { db } = deps.database;
  const store = new ObjectStore(db, deps.options.dataDir, deps.options.jwtSecret);
  const service = new CompanyService(db, deps.passwords, deps.tokens, store);
  // User info shows the logo through a signed URL: an <img> cannot send a bearer header.
  deps.accounts.useObjectUrls((path) => store.signedUrl(path));

  app.put(
    '/v1/pms/user',
    {
      config: { access: 'user', audit: 'account.profile.update' },
      schema: {
        tags: ['account'],
        summary: 'Edit the own profile: nickname, remark, and an email no other account uses',
        security: [{ bearer: [] }],
        body: profileBodySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.updateProfile(callerOf(request).userId, request.body, auditTrail(request));
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/v1/pms/user/password',
    {
      config: { access: 'user', audit: 'account.password.change' },
      schema: {
        tags: ['account'],
        summary: "Change the password (md5 digests); revokes the user's other sessions",
        security: [{ bearer: [] }],
        body: changePasswordBodySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.changePassword(callerOf(request), request.body, auditTrail(request));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/v1/pms/user/password',
    {
      config: { access: 'user', audit: 'account.password.set' },
      schema: {
        tags: ['account'],
        summary: 'Set the first password of an account without one (is_password_empty)',
        security: [{ bearer: [] }],
        body: setPasswordBodySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.setPassword(callerOf(request), request.body.password, auditTrail(request));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/v1/pms/user/companies',
    {
      config: { access: 'user', audit: 'company.create' },
      schema: {
        tags: ['company'],
        summary: 'A user without a company creates one and becomes its owner',
        security: [{ bearer: [] }],
        body: createCompanyBodySchema,
        response: { 201: z.object({ id: z.number().int() }), ...errors },
      },
    },
    async (request, reply) => {
      const created = await service.createCompany(
        callerOf(request).userId,
        request.body,
        auditTrail(request),
      );
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/v1/pms/company',
    {
      config: { access: 'user' },
      schema: {
        tags: ['company'],
        summary: "The caller's company with its verification images (signed display URLs)",
        security: [{ bearer: [] }],
        response: { 200: companyDetailSchema, ...errors },
      },
    },
    (request) => service.detail(callerOf(request).userId),
  );

  app.put(
    '/v1/pms/company',
    {
      config: { access: 'user', audit: ['company.settings.update', 'company.verification.submit'] },
      bodyLimit: COMPANY_BODY_LIMIT,
      schema: {
        tags: ['company'],
        summary: 'Display settings (title, logo) and verification (name, three images); owner only',
        security: [{ bearer: [] }],
        body: updateCompanyBodySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.updateCompany(callerOf(request).userId, request.body, auditTrail(request));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/v1/pms/company/resources/token',
    {
      config: { access: 'user' },
      schema: {
        tags: ['company'],
        summary: 'A 10-minute upload token for {kind}/{companyId}_{md5}.{ext} of this size; owner only',
        security: [{ bearer: [] }],
        body: uploadTokenBodySchema,
        response: { 200: uploadTokenResultSchema, 413: apiErrorSchema, ...errors },
      },
    },
    (request) => service.uploadToken(callerOf(request).userId, request.body),
  );

  // The object store's upload takes multipart form data, parsed here (RFC 7578), in this scope only.
  app.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'buffer', bodyLimit: UPLOAD_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  app.post(
    UPLOAD_PATH,
    {
      // Authorised by the upload token, not by a session.
      config: { access: 'public' },
      bodyLimit: UPLOAD_BODY_LIMIT,
      // The token is checked before the body is read.
      onRequest: async (request) => {
        const token = OSS_AUTHORIZATION.exec(request.headers.authorization ?? '')?.[1];
        if (!token) throw new ApiError(401, 'upload_token_invalid');
        request.uploadGrant = store.verifyUploadToken(token);
      },
      schema: {
        tags: ['company'],
        summary:
          'Upload one object: multipart filename, filesize, file; header Authorization: VAP-OSS {token}',
        response: { 200: uploadResultSchema, 413: apiErrorSchema, 415: apiErrorSchema, ...errors },
      },
    },
    async (request) => {
      const grant = request.uploadGrant;
      if (!grant) throw new ApiError(401, 'upload_token_invalid');
      const boundary = boundaryOf(request.headers['content-type']);
      if (!boundary || !Buffer.isBuffer(request.body)) throw new ApiError(415, 'unsupported_media_type');
      const form = parseMultipart(request.body, boundary);
      const file = form.files.get('file');
      const filename = form.fields.get('filename');
      const filesize = form.fields.get('filesize');
      if (!file || filename === undefined || filesize === undefined) throw new ApiError(400, 'bad_request');
      if (filename !== grant.path) throw new ApiError(401, 'upload_token_invalid');
      if (
        !/^\d{1,10}$/.test(filesize) ||
        Number(filesize) !== grant.size ||
        file.data.length !== grant.size
      ) {
        throw new ApiError(400, 'upload_size_mismatch');
      }
      const parts = parseObjectPath(grant.path);
      if (!parts) throw new ApiError(401, 'upload_token_invalid');
      if (md5Of(file.data) !== parts.md5) throw new ApiError(400, 'upload_hash_error');
      const type = imageTypeOf(file.data);
      if (!type || !extensionMatches(parts.extension, type)) throw new ApiError(400, 'upload_type_invalid');
      await store.put(grant.path, file.data, type, grant.companyId);
      return { path: grant.path, url: store.signedUrl(grant.path) };
    },
  );

  app.get(
    `${OBJECTS_PATH}/*`,
    {
      // A signed URL (for <img>), or a bearer token of a user of the object's company.
      config: { access: 'public' },
      schema: {
        tags: ['company'],
        summary: 'A stored object, by signed URL (?e=&s=) or to a signed-in user of its company',
        querystring: z.object({ e: z.string().optional(), s: z.string().optional() }),
      },
    },
    async (request, reply) => {
      const path = (request.params as { '*': string })['*'];
      if (!parseObjectPath(path)) throw new ApiError(404, 'not_found');
      const stored = await store.find(path);
      if (!stored) throw new ApiError(404, 'not_found');
      if (!store.verifyUrl(path, request.query.e, request.query.s)) {
        const companyId = await companyOfCaller(request);
        if (companyId !== stored.companyId) throw new ApiError(403, 'forbidden');
      }
      const bytes = await store.read(path).catch(() => {
        throw new ApiError(404, 'not_found');
      });
      return reply
        .type(stored.contentType)
        .header('cache-control', 'private, max-age=3600')
        .header('x-content-type-options', 'nosniff')
        .send(bytes);
    },
  );

  async function companyOfCaller(request: FastifyRequest): Promise<number | null> {
    const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
    if (!token) throw unauthorized();
    const { userId } = await deps.tokens.verify(token);
    const [user] = await db.select({ companyId: users.companyId }).from(users).where(eq(users.id, userId));
    return user?.companyId ?? null;
  }
};
