/**
 * The resources (spec §1, §2.3 `resource_download`, `resource_management`; issue 32): the list the
 * download page reads — the vendor's resources and the caller's company's own —, the company's own
 * written on the management page, and the operator's load of the vendor's, one upsert by code.
 */
import {
  type CompanyResourceBody,
  type CreateCompanyResourceBody,
  LANGUAGES,
  type ListPage,
  type ListQuery,
  parseObjectPath,
  RESOURCE_FILTERS,
  RESOURCE_ORDER_KEYS,
  type Resource,
  type ResourceCategory,
  type ResourceText,
} from '@vap/contracts';
import { and, desc, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { AuditTrail } from '../../core/audit/recorder.js';
import type { Db } from '../../core/db/client.js';
import { writtenRow } from '../../core/db/written-row.js';
import { ApiError } from '../../core/http/errors.js';
import { likePattern, orderOf, whereOf } from '../../core/http/list-sql.js';
import type { LoadCounts } from '../../core/list-file.js';
import type { ObjectStore } from '../../core/storage/objects.js';
import { resources } from './schema.js';

export type ResourceRow = typeof resources.$inferSelect;

/** A vendor resource as a load stores it (its file already in the object store). */
export interface VendorResourceRow {
  code: string;
  category: ResourceCategory;
  name: ResourceText;
  description: ResourceText;
  version: string;
  models: string[];
  path: string;
  fileName: string;
  size: number;
  md5: string;
}

const filters = whereOf(RESOURCE_FILTERS, {
  category: ({ v }, param) => sql`${resources.category} = ${param(v)}`,
  text: ({ v }, param) => {
    const pattern = param(likePattern(v));
    return or(...LANGUAGES.map((language) => sql`(${resources.name} ->> ${language}) ilike ${pattern}`));
  },
  model: ({ v }, param) =>
    sql`exists (select 1 from jsonb_array_elements_text(${resources.models}) m where m ilike ${param(likePattern(v))})`,
});
const sorting = orderOf(RESOURCE_ORDER_KEYS, {
  updated_at: resources.updatedAt,
  size: resources.size,
  downloads: resources.downloads,
});

export const toResource = (row: ResourceRow): Resource => ({
  id: row.id,
  owner: row.companyId === null ? 'vendor' : 'company',
  category: row.category,
  name: row.name,
  description: row.description,
  version: row.version,
  models: row.models,
  file_name: row.fileName,
  size: row.size,
  md5: row.md5,
  downloads: row.downloads,
  updated_at: row.updatedAt.toISOString(),
});

/** The same words in each language: a company writes its own resource's once. */
const everyLanguage = (text: string): ResourceText =>
  Object.fromEntries(LANGUAGES.map((language) => [language, text])) as ResourceText;

/** What a company may read: the vendor's and its own. */
export const visibleTo = (companyId: number): SQL =>
  or(isNull(resources.companyId), eq(resources.companyId, companyId)) as SQL;

export class ResourceCatalogue {
  constructor(
    private readonly db: Db,
    /** The server's store, where uploads are checked; the operator's commands have none. */
    private readonly store: ObjectStore | null = null,
  ) {}

  /** A page of what `scope` selects, newest first unless asked otherwise. */
  async page(scope: SQL, request: ListQuery): Promise<ListPage<Resource>> {
    const where = and(scope, filters(request.wheres));
    const rows = await this.db
      .select()
      .from(resources)
      .where(where)
      .orderBy(...sorting(request.orders), desc(resources.updatedAt), desc(resources.id))
      .limit(request.size)
      .offset((request.page - 1) * request.size);
    const [counted] = await this.db
      .select({ total: sql<number>`count(*)::int` })
      .from(resources)
      .where(where);
    return { items: rows.map(toResource), total: counted?.total ?? 0 };
  }

  /** The first `max` of what `scope` selects, newest first. */
  async all(scope: SQL, max: number): Promise<Resource[]> {
    const rows = await this.db
      .select()
      .from(resources)
      .where(scope)
      .orderBy(desc(resources.updatedAt), desc(resources.id))
      .limit(max);
    return rows.map(toResource);
  }

  /** A resource the company may read (the vendor's or its own), or 404 not_found. */
  async visible(companyId: number, id: number): Promise<ResourceRow> {
    const [row] = await this.db
      .select()
      .from(resources)
      .where(and(eq(resources.id, id), visibleTo(companyId)));
    if (!row) throw new ApiError(404, 'not_found');
    return row;
  }

  /** One of the company's own, or 404 not_found. */
  async own(companyId: number, id: number): Promise<ResourceRow> {
    const [row] = await this.db
      .select()
      .from(resources)
      .where(and(eq(resources.id, id), eq(resources.companyId, companyId)));
    if (!row) throw new ApiError(404, 'not_found');
    return row;
  }

  /** Counts a download of a resource. */
  async counted(id: number, db: Pick<Db, 'update'> = this.db): Promise<void> {
    await db
      .update(resources)
      .set({ downloads: sql`${resources.downloads} + 1` })
      .where(eq(resources.id, id));
  }

  /** Records an uploaded file as one of the company's resources. */
  async create(
    companyId: number,
    body: Required<CreateCompanyResourceBody>,
    trail: AuditTrail,
  ): Promise<Resource> {
    const parts = parseObjectPath(body.path);
    if (parts?.kind !== 'resource' || parts.companyId !== companyId)
      throw new ApiError(400, 'validation_failed', 'validation.objectPath');
    if (!this.store) throw new Error('resources: no object store to find uploads in');
    const stored = await this.store.find(body.path);
    if (!stored || stored.companyId !== companyId) throw new ApiError(400, 'resource_not_uploaded');
    return this.db.transaction(async (tx) => {
      const row = await writtenRow(
        tx
          .insert(resources)
          .values({
            companyId,
            category: body.category,
            name: everyLanguage(body.name),
            description: everyLanguage(body.description),
            version: body.version,
            models: body.models,
            path: body.path,
            fileName: body.file_name,
            size: stored.size,
            md5: stored.md5,
          })
          .returning(),
        'resource was not created',
      );
      const resource = toResource(row);
      await trail.record(tx, {
        action: 'resources.create',
        target: { type: 'resource', id: row.id },
        after: resource,
      });
      return resource;
    });
  }

  async update(
    companyId: number,
    id: number,
    body: Required<CompanyResourceBody>,
    trail: AuditTrail,
  ): Promise<Resource> {
    const before = await this.own(companyId, id);
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(resources)
        .set({
          category: body.category,
          name: everyLanguage(body.name),
          description: everyLanguage(body.description),
          version: body.version,
          models: body.models,
          updatedAt: sql`now()`,
        })
        .where(and(eq(resources.id, id), eq(resources.companyId, companyId)))
        .returning();
      if (!row) throw new ApiError(404, 'not_found');
      const resource = toResource(row);
      await trail.record(tx, {
        action: 'resources.update',
        target: { type: 'resource', id },
        before: toResource(before),
        after: resource,
      });
      return resource;
    });
  }

  /** Deletes one of the company's own; its links go with it (its object stays: content-addressed). */
  async delete(companyId: number, id: number, trail: AuditTrail): Promise<void> {
    const before = await this.own(companyId, id);
    await this.db.transaction(async (tx) => {
      await tx.delete(resources).where(and(eq(resources.id, id), eq(resources.companyId, companyId)));
      await trail.record(tx, {
        action: 'resources.delete',
        target: { type: 'resource', id },
        before: toResource(before),
      });
    });
  }

  /**
   * Stores the vendor's rows, each by its code: a new code is added, a known one takes the row's
   * values, one equal to what is stored is left as it was — loading the same file again changes
   * nothing. One transaction.
   */
  async load(rows: readonly VendorResourceRow[]): Promise<LoadCounts> {
    if (rows.length === 0) return { added: 0, updated: 0, unchanged: 0 };
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`lock table ${resources} in share row exclusive mode`);
      let added = 0;
      let updated = 0;
      for (const row of rows) {
        const values = {
          category: row.category,
          name: row.name,
          description: row.description,
          version: row.version,
          models: row.models,
          path: row.path,
          fileName: row.fileName,
          size: row.size,
          md5: row.md5,
        };
        const [known] = await tx
          .select()
          .from(resources)
          .where(and(isNull(resources.companyId), eq(resources.code, row.code)));
        if (!known) {
          await tx.insert(resources).values({ ...values, code: row.code, companyId: null });
          added++;
          continue;
        }
        const same =
          known.category === values.category &&
          JSON.stringify(sortKeys(known.name)) === JSON.stringify(sortKeys(values.name)) &&
          JSON.stringify(sortKeys(known.description)) === JSON.stringify(sortKeys(values.description)) &&
          known.version === values.version &&
          JSON.stringify(known.models) === JSON.stringify(values.models) &&
          known.path === values.path &&
          known.fileName === values.fileName &&
          known.size === values.size &&
          known.md5 === values.md5;
        if (same) continue;
        await tx
          .update(resources)
          .set({ ...values, updatedAt: sql`now()` })
          .where(eq(resources.id, known.id));
        updated++;
      }
      return { added, updated, unchanged: rows.length - added - updated };
    });
  }

  /** The vendor's resources, for the operator's listing. */
  async vendor(): Promise<ResourceRow[]> {
    return this.db.select().from(resources).where(isNull(resources.companyId)).orderBy(resources.code);
  }

  /** Removes a vendor resource by code; false when there is none. */
  async removeVendor(code: string): Promise<boolean> {
    const removed = await this.db
      .delete(resources)
      .where(and(isNull(resources.companyId), eq(resources.code, code)))
      .returning({ id: resources.id });
    return removed.length > 0;
  }
}

const sortKeys = (value: Record<string, string>) =>
  Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)));
