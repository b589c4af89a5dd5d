/** The company itself (spec §7.2): creation, display settings, verification, upload tokens. */
import {
  ACCOUNT_PATHS,
  apiErrorSchema,
  COMPANY_PATHS,
  companyDetailSchema,
  createCompanyBodySchema,
  updateCompanyBodySchema,
  uploadTokenBodySchema,
  uploadTokenResultSchema,
} from '@vap/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditTrail } from '../../core/audit/recorder.js';
import type { Db } from '../../core/db/client.js';
import { callerOf } from '../../core/http/access.js';
import type { ObjectStore } from '../../core/storage/objects.js';
import { CompanyService } from './service.js';

/** A 1 MB logo is 1.4 MB of base64: room for it, and a clear 'logo tip' for somewhat larger ones. */
const COMPANY_BODY_LIMIT = 2 * 1024 * 1024;

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 409: apiErrorSchema };

export interface CompanyModuleOptions {
  db: Db;
  store: ObjectStore;
}

export const companyRoutes: FastifyPluginAsyncZod<CompanyModuleOptions> = async (app, { db, store }) => {
  const service = new CompanyService(db, store);

  app.post(
    ACCOUNT_PATHS.companies,
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
    COMPANY_PATHS.company,
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
    COMPANY_PATHS.company,
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
    COMPANY_PATHS.uploadToken,
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
};
