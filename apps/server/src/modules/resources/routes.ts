/**
 * The resources' routes (spec §2.1 `/sharePage`, `/official`, §2.3 `resource_download`,
 * `resource_management`; issue 32). The download page's calls need its page (and its buttons);
 * the share page's and the official page's need no sign-in, only their token; the management
 * page's need the company's product flag `rsrc_mgt` on (0), else 403 `product_disabled`.
 */
import {
  COMPANY_PATHS,
  OFFICIAL_RESOURCES_MAX,
  parseObjectPath,
  RESOURCE_CALLS,
  RESOURCE_MAX_BYTES,
} from '@vap/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { auditTrail } from '../../core/audit/recorder.js';
import type { Db } from '../../core/db/client.js';
import { companies } from '../../core/db/schema.js';
import { callerOf, companyOfCaller } from '../../core/http/access.js';
import { serve } from '../../core/http/calls.js';
import { ApiError } from '../../core/http/errors.js';
import { productCompanyOf } from '../../core/http/product-gate.js';
import { ObjectMissingError } from '../../core/storage/backend.js';
import type { ObjectStore } from '../../core/storage/objects.js';
import { type ResourceCatalogue, type ResourceRow, toResource, visibleTo } from './catalogue.js';
import type { ResourceLinks } from './links.js';
import { resources } from './schema.js';

/** `attachment` with the file's name: ASCII for old agents, UTF-8 (RFC 6266) for the others. */
export function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export async function resourceRoutes(
  app: FastifyInstance,
  {
    db,
    store,
    catalogue,
    links,
  }: { db: Db; store: ObjectStore; catalogue: ResourceCatalogue; links: ResourceLinks },
) {
  /** The caller's company, once its product flag rsrc_mgt is on (0). */
  const managingCompanyOf = (request: FastifyRequest) => productCompanyOf(request, db, 'rsrc_mgt');

  /** Sends a resource's file; `count` records the download once the file is found. */
  async function sendFile(reply: FastifyReply, row: ResourceRow, count: () => Promise<void>) {
    const bytes = await store.read(row.path).catch((error: unknown) => {
      if (error instanceof ObjectMissingError) throw new ApiError(404, 'not_found');
      throw error;
    });
    await count();
    return reply
      .type('application/octet-stream')
      .header('content-length', String(row.size))
      .header('content-disposition', attachment(row.fileName))
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(bytes);
  }

  await serve(app, RESOURCE_CALLS.resources, async (request, _reply, list) =>
    catalogue.page(visibleTo(await companyOfCaller(request, db)), list),
  );
  await serve(app, RESOURCE_CALLS.file, async (request, reply) => {
    const row = await catalogue.visible(await companyOfCaller(request, db), request.params.id);
    return sendFile(reply, row, () => catalogue.counted(row.id));
  });
  await serve(app, RESOURCE_CALLS.share, async (request) => {
    const companyId = await companyOfCaller(request, db);
    const row = await catalogue.visible(companyId, request.params.id);
    return links.share(companyId, row.id, request.body.days, callerOf(request).userId, auditTrail(request));
  });
  await serve(app, RESOURCE_CALLS.links, async (request) => {
    const companyId = await companyOfCaller(request, db);
    const row = await catalogue.visible(companyId, request.params.id);
    return { items: await links.list(companyId, row.id) };
  });
  await serve(app, RESOURCE_CALLS.revokeLink, async (request) => {
    await links.revoke(await companyOfCaller(request, db), request.params.id, auditTrail(request));
  });
  await serve(app, RESOURCE_CALLS.officialGrant, async (request) =>
    links.grant(
      await companyOfCaller(request, db),
      request.body.validity,
      callerOf(request).userId,
      auditTrail(request),
    ),
  );

  await serve(app, RESOURCE_CALLS.officialGrants, async (request) => ({
    items: await links.grants(await companyOfCaller(request, db)),
  }));
  await serve(app, RESOURCE_CALLS.revokeOfficialGrant, async (request) => {
    await links.revokeGrant(await companyOfCaller(request, db), request.params.id, auditTrail(request));
  });

  /** The resource a live share link opens: its resource gone is an invalid link. */
  async function sharedOf(token: string) {
    const link = await links.open(token, 'share');
    const [row] = await db
      .select()
      .from(resources)
      .where(eq(resources.id, link.resourceId ?? 0));
    if (!row) throw new ApiError(403, 'link_invalid');
    return { link, row };
  }
  await serve(app, RESOURCE_CALLS.shared, async (request) => {
    const { link, row } = await sharedOf(request.params.token);
    return { resource: toResource(row), expires_at: link.expiresAt.toISOString() };
  });
  await serve(app, RESOURCE_CALLS.sharedFile, async (request, reply) => {
    const { link, row } = await sharedOf(request.params.token);
    return sendFile(reply, row, async () => {
      await db.transaction(async (tx) => {
        await links.counted(link.id, tx);
        await catalogue.counted(row.id, tx);
      });
    });
  });
  await serve(app, RESOURCE_CALLS.official, async (request) => {
    const grant = await links.open(request.params.token, 'official');
    const [company] = await db
      .select({ title: companies.title, name: companies.name })
      .from(companies)
      .where(eq(companies.id, grant.companyId));
    return {
      title: company?.title || company?.name || '',
      expires_at: grant.expiresAt.toISOString(),
      items: await catalogue.all(visibleTo(grant.companyId), OFFICIAL_RESOURCES_MAX),
    };
  });
  await serve(app, RESOURCE_CALLS.officialFile, async (request, reply) => {
    const grant = await links.open(request.params.token, 'official');
    const row = await catalogue.visible(grant.companyId, request.params.id);
    return sendFile(reply, row, async () => {
      await db.transaction(async (tx) => {
        await links.counted(grant.id, tx);
        await catalogue.counted(row.id, tx);
      });
    });
  });

  await serve(app, RESOURCE_CALLS.companyResources, async (request, _reply, list) =>
    catalogue.page(eq(resources.companyId, await managingCompanyOf(request)), list),
  );
  await serve(app, RESOURCE_CALLS.uploadToken, async (request) => {
    const companyId = await managingCompanyOf(request);
    const parts = parseObjectPath(request.body.name);
    if (parts?.kind !== 'resource' || parts.companyId !== companyId) throw new ApiError(403, 'forbidden');
    if (request.body.size > RESOURCE_MAX_BYTES) throw new ApiError(413, 'file_too_large');
    const token = store.issueUploadToken({ path: request.body.name, size: request.body.size, companyId });
    // Sent in parts, resumable (issue 32): the url starts the upload in parts.
    return { token, url: `/webapi${COMPANY_PATHS.partUploads}` };
  });
  await serve(app, RESOURCE_CALLS.createResource, async (request) =>
    catalogue.create(await managingCompanyOf(request), request.body, auditTrail(request)),
  );
  await serve(app, RESOURCE_CALLS.updateResource, async (request) =>
    catalogue.update(await managingCompanyOf(request), request.params.id, request.body, auditTrail(request)),
  );
  await serve(app, RESOURCE_CALLS.deleteResource, async (request) => {
    await catalogue.delete(await managingCompanyOf(request), request.params.id, auditTrail(request));
  });
}
