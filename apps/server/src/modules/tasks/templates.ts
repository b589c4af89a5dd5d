/**
 * Configuration templates (spec §1 configuration; issue 16): a company's named configurations —
 * image, on-screen display, network, storage (DEVICE_CONFIG_SECTIONS) — for one model or every
 * model. A configuration task copies its template's configuration when created: changing or
 * deleting the template later changes no task.
 */
import type { ConfigTemplate, configTemplateBodySchema } from '@vap/contracts';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AuditTrail } from '../../core/audit/recorder.js';
import type { Db } from '../../core/db/client.js';
import { companyRow } from '../../core/db/company-rows.js';
import { isUniqueViolation } from '../../core/db/errors.js';
import { writtenRow } from '../../core/db/written-row.js';
import { ApiError } from '../../core/http/errors.js';
import { configTemplates } from './schema.js';

type Row = typeof configTemplates.$inferSelect;
type Body = z.output<typeof configTemplateBodySchema>;

export const toTemplate = (row: Row): ConfigTemplate => ({
  id: row.id,
  name: row.name,
  model: row.model,
  config: row.config,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

const nameTaken = (error: unknown) => {
  if (isUniqueViolation(error)) throw new ApiError(409, 'template_name_taken');
  throw error;
};

export class ConfigTemplates {
  constructor(private readonly db: Db) {}

  async list(companyId: number): Promise<ConfigTemplate[]> {
    const rows = await this.db
      .select()
      .from(configTemplates)
      .where(eq(configTemplates.companyId, companyId))
      .orderBy(asc(configTemplates.name), asc(configTemplates.id));
    return rows.map(toTemplate);
  }

  async find(companyId: number, id: number): Promise<Row> {
    return companyRow(this.db, configTemplates, companyId, id);
  }

  async create(companyId: number, body: Body, trail: AuditTrail): Promise<ConfigTemplate> {
    return this.db
      .transaction(async (tx) => {
        const row = await writtenRow(
          tx
            .insert(configTemplates)
            .values({ companyId, name: body.name, model: body.model, config: body.config as Row['config'] })
            .returning(),
          'template not created',
        );
        await trail.record(tx, {
          action: 'config_template.create',
          target: { type: 'config_template', id: row.id },
          after: toTemplate(row),
        });
        return toTemplate(row);
      })
      .catch(nameTaken);
  }

  async update(companyId: number, id: number, body: Body, trail: AuditTrail): Promise<ConfigTemplate> {
    const before = await this.find(companyId, id);
    return this.db
      .transaction(async (tx) => {
        const [row] = await tx
          .update(configTemplates)
          .set({
            name: body.name,
            model: body.model,
            config: body.config as Row['config'],
            updatedAt: new Date(),
          })
          .where(eq(configTemplates.id, id))
          .returning();
        if (!row) throw new ApiError(404, 'not_found');
        await trail.record(tx, {
          action: 'config_template.update',
          target: { type: 'config_template', id },
          before: toTemplate(before),
          after: toTemplate(row),
        });
        return toTemplate(row);
      })
      .catch(nameTaken);
  }

  async delete(companyId: number, id: number, trail: AuditTrail): Promise<void> {
    const before = await this.find(companyId, id);
    await this.db.transaction(async (tx) => {
      await tx.delete(configTemplates).where(eq(configTemplates.id, id));
      await trail.record(tx, {
        action: 'config_template.delete',
        target: { type: 'config_template', id },
        before: toTemplate(before),
      });
    });
  }
}
