/**
 * Firmware packages (issue 16): uploaded through the object store's token flow (spec §7.2) as
 * `firmware/{companyId}_{md5}.bin`, at most 100 MB — the store checks the md5 of the name against
 * the bytes as they arrive — then recorded with their model, version and release notes. A package
 * is its company's; upgrade tasks send its devices a signed URL of it.
 */
import {
  COMPANY_PATHS,
  type CreateFirmwareBody,
  type Firmware,
  type FirmwareTokenBody,
  parseObjectPath,
} from '@vap/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { AuditTrail } from '../../core/audit/recorder.js';
import type { Db } from '../../core/db/client.js';
import { companyRow } from '../../core/db/company-rows.js';
import { tasks } from '../../core/db/jobs.js';
import { ApiError } from '../../core/http/errors.js';
import type { ObjectStore } from '../../core/storage/objects.js';
import { firmwarePackages } from './schema.js';

type Row = typeof firmwarePackages.$inferSelect;

export const toFirmware = (row: Row): Firmware => ({
  id: row.id,
  model: row.model,
  version: row.version,
  release_notes: row.releaseNotes,
  size: row.size,
  md5: row.md5,
  created_at: row.createdAt.toISOString(),
});

export class FirmwarePackages {
  constructor(
    private readonly db: Db,
    private readonly store: ObjectStore,
  ) {}

  /** An upload token for a package of the caller's company. */
  token(companyId: number, body: Required<FirmwareTokenBody>): { token: string; url: string } {
    const token = this.store.issueCompanyUploadToken('firmware', companyId, body);
    return { token, url: `/webapi${COMPANY_PATHS.objectUpload}` };
  }

  async list(companyId: number): Promise<Firmware[]> {
    const rows = await this.db
      .select()
      .from(firmwarePackages)
      .where(eq(firmwarePackages.companyId, companyId))
      .orderBy(desc(firmwarePackages.createdAt), desc(firmwarePackages.id));
    return rows.map(toFirmware);
  }

  async find(companyId: number, id: number): Promise<Row> {
    return companyRow(this.db, firmwarePackages, companyId, id);
  }

  /** Records an uploaded package: the object must be stored, and be this company's. */
  async create(companyId: number, body: Required<CreateFirmwareBody>, trail: AuditTrail): Promise<Firmware> {
    const parts = parseObjectPath(body.path);
    if (parts?.kind !== 'firmware' || parts.companyId !== companyId)
      throw new ApiError(400, 'validation_failed', 'validation.objectPath');
    const stored = await this.store.find(body.path);
    if (!stored || stored.companyId !== companyId) throw new ApiError(400, 'firmware_not_uploaded');
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(firmwarePackages)
        .values({
          companyId,
          model: body.model,
          version: body.version,
          releaseNotes: body.release_notes,
          path: body.path,
          size: stored.size,
          md5: stored.md5,
        })
        .onConflictDoNothing()
        .returning();
      if (!row) throw new ApiError(409, 'firmware_exists');
      await trail.record(tx, {
        action: 'firmware.create',
        target: { type: 'firmware', id: row.id },
        after: toFirmware(row),
      });
      return toFirmware(row);
    });
  }

  /** Deletes a package no unfinished task uses (its object stays: content-addressed, maybe shared). */
  async delete(companyId: number, id: number, trail: AuditTrail): Promise<void> {
    const row = await this.find(companyId, id);
    const [used] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(tasks)
      .where(
        and(
          eq(tasks.companyId, companyId),
          eq(tasks.type, 'firmware_upgrade'),
          sql`${tasks.payload}->>'firmware_id' = ${String(id)}`,
          sql`exists (select 1 from task_jobs where task_jobs.task_id = ${tasks.id} and task_jobs.state in ('pending', 'processing'))`,
        ),
      );
    if ((used?.n ?? 0) > 0) throw new ApiError(409, 'firmware_in_use');
    await this.db.transaction(async (tx) => {
      await tx.delete(firmwarePackages).where(eq(firmwarePackages.id, id));
      await trail.record(tx, {
        action: 'firmware.delete',
        target: { type: 'firmware', id },
        before: toFirmware(row),
      });
    });
  }
}
