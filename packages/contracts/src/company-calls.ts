/** The calls of spec §7.2 on the company itself, and the object store's own routes. */
import { ACCOUNT_PATHS, COMPANY_PATHS } from './api-paths.js';
import { declareCalls } from './calls.js';

const schemas = async () => ({ ...(await import('./company.js')), ...(await import('./system.js')) });

export const COMPANY_CALLS = declareCalls(schemas, ['company'], {
  createCompany: {
    method: 'POST',
    path: ACCOUNT_PATHS.companies,
    access: 'user',
    audit: 'company.create',
    status: 201,
    errors: [403, 409],
    summary: 'A user without a company creates one and becomes its owner',
    schemas: (s) => ({ body: s.createCompanyBodySchema, response: s.createdSchema }),
  },
  company: {
    method: 'GET',
    path: COMPANY_PATHS.company,
    access: 'user',
    errors: [400, 403, 409],
    summary: "The caller's company with its verification images (signed display URLs)",
    schemas: (s) => ({ response: s.companyDetailSchema }),
  },
  updateCompany: {
    method: 'PUT',
    path: COMPANY_PATHS.company,
    access: 'user',
    audit: ['company.settings.update', 'company.verification.submit'],
    errors: [403, 409],
    summary: 'Display settings (title, logo) and verification (name, three images); owner only',
    schemas: (s) => ({ body: s.updateCompanyBodySchema, response: null }),
  },
  uploadToken: {
    method: 'POST',
    path: COMPANY_PATHS.uploadToken,
    access: 'user',
    errors: [403, 409, 413],
    summary: 'A 10-minute upload token for {kind}/{companyId}_{md5}.{ext} of this size; owner only',
    schemas: (s) => ({ body: s.uploadTokenBodySchema, response: s.uploadTokenResultSchema }),
  },
  // Authorised by the upload token, not by a session; its body is multipart form data, read as a
  // stream by the object store (no schema).
  objectUpload: {
    method: 'POST',
    path: COMPANY_PATHS.objectUpload,
    access: 'public',
    errors: [400, 401, 403, 409, 413, 415],
    summary: 'Upload one object: multipart filename, filesize, file; header Authorization: VAP-OSS {token}',
    schemas: (s) => ({ response: s.uploadResultSchema }),
  },
  // The upload in parts (resumable): each call authorised by the upload token, as the one-piece
  // upload; a part's bytes go to a signed URL (the bucket's, or uploadPart on the local backend).
  startPartUpload: {
    method: 'POST',
    path: COMPANY_PATHS.partUploads,
    access: 'public',
    errors: [401, 409, 413],
    summary:
      "Start, or resume, the upload in parts of the token's object: its parts, those done, URLs for the others; header Authorization: VAP-OSS {token}",
    schemas: (s) => ({ response: s.partUploadSchema }),
  },
  uploadPart: {
    method: 'PUT',
    path: COMPANY_PATHS.uploadPart,
    access: 'public',
    errors: [401, 404, 413, 415],
    consumes: ['application/octet-stream'],
    summary:
      'The bytes of one part, by the signed URL the upload answered (local object store); answers its ETag',
    schemas: (s) => ({ params: s.uploadPartParamsSchema, query: s.uploadPartQuerySchema, response: null }),
  },
  reportUploadPart: {
    method: 'POST',
    path: COMPANY_PATHS.uploadPart,
    access: 'public',
    errors: [401, 404],
    summary: 'A part sent, with the ETag its PUT answered; header Authorization: VAP-OSS {token}',
    schemas: (s) => ({ params: s.uploadPartParamsSchema, body: s.uploadPartReportSchema, response: null }),
  },
  completePartUpload: {
    method: 'POST',
    path: COMPANY_PATHS.completePartUpload,
    access: 'public',
    errors: [401, 404, 409],
    summary:
      'Assemble the parts, check the md5 of the name by reading the object back, and store it; header Authorization: VAP-OSS {token}',
    schemas: (s) => ({ params: s.partUploadParamsSchema, response: s.uploadResultSchema }),
  },
  cancelPartUpload: {
    method: 'DELETE',
    path: COMPANY_PATHS.partUpload,
    access: 'public',
    errors: [401, 404],
    summary: 'Forget an upload in parts and its parts; header Authorization: VAP-OSS {token}',
    schemas: (s) => ({ params: s.partUploadParamsSchema, response: null }),
  },
  // A signed URL (for <img>), or a bearer token of a user of the object's company.
  object: {
    method: 'GET',
    path: `${COMPANY_PATHS.objects}/*`,
    access: 'public',
    file: true,
    summary: 'A stored object, by signed URL (?e=&s=) or to a signed-in user of its company',
    schemas: (s) => ({ query: s.signedUrlQuerySchema, response: null }),
  },
});
