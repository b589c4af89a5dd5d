/**
 * The access keys of a company (spec §3, §5, §9): created with a random id and secret, listed
 * without the secret, disabled, enabled and deleted by the company's owner. Every query is scoped
 * to the caller's company, so another company's key id is simply not found (404). Each change is
 * recorded in the audit log in its own transaction, as the key without its secret.
 */
import {
  ACCESS_KEY_BANDWIDTH_STEP_MBPS,
  ACCESS_KEY_ID_LENGTH,
  ACCESS_KEY_SECRET_LENGTH,
  ACCESS_KEYS_MAX_PER_COMPANY,
  type AccessKey,
  type AccessKeyCreated,
  accessKeyExpiry,
  type createAccessKeyBodySchema,
} from '@vap/contracts';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AuditTrail } from '../../core/audit/recorder.js';
import { randomAlphanumeric, type SecretBox } from '../../core/crypto/secret-box.js';
import type { Db } from '../../core/db/client.js';
import { companies } from '../../core/db/schema.js';
import { writtenRow } from '../../core/db/written-row.js';
import { ApiError } from '../../core/http/errors.js';
import { accessKeys } from './schema.js';

export type CreateAccessKey = z.output<typeof createAccessKeyBodySchema>;

const QUARTERS_PER_MBPS = 1 / ACCESS_KEY_BANDWIDTH_STEP_MBPS;

function toAccessKey(row: typeof accessKeys.$inferSelect): AccessKey {
  return {
    id: row.id,
    expires_at: row.expiresAt.toISOString(),
    bandwidth_mbps: row.bandwidthQuarters / QUARTERS_PER_MBPS,
    is_access_all_group: row.isAccessAllGroup,
    group_ids: row.groupIds,
    operations: row.operations,
    disabled: row.disabled,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}

export class AccessKeys {
  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
    /** The operation ids of the open API, as registered. */
    private readonly openOperations: () => ReadonlySet<string>,
  ) {}

  /** The company's keys, newest first; never their secrets. */
  async list(companyId: number): Promise<AccessKey[]> {
    const rows = await this.db
      .select()
      .from(accessKeys)
      .where(eq(accessKeys.companyId, companyId))
      .orderBy(desc(accessKeys.createdAt), asc(accessKeys.id));
    return rows.map(toAccessKey);
  }

  /** A new key valid ten years; the answer carries the secret, which is never shown again. */
  async create(companyId: number, body: CreateAccessKey, trail: AuditTrail): Promise<AccessKeyCreated> {
    const open = this.openOperations();
    if (!body.operations.every((id) => open.has(id))) throw new ApiError(400, 'unknown_operation');
    const id = randomAlphanumeric(ACCESS_KEY_ID_LENGTH);
    const secret = randomAlphanumeric(ACCESS_KEY_SECRET_LENGTH);
    const createdAt = new Date();
    const row = await this.db.transaction(async (tx) => {
      // The company row is locked so that two concurrent creations cannot pass the limit together.
      await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for('update');
      const [count] = await tx
        .select({ total: sql<number>`count(*)::int` })
        .from(accessKeys)
        .where(eq(accessKeys.companyId, companyId));
      if ((count?.total ?? 0) >= ACCESS_KEYS_MAX_PER_COMPANY) throw new ApiError(409, 'access_key_limit');
      const inserted = await writtenRow(
        tx
          .insert(accessKeys)
          .values({
            id,
            companyId,
            secretSealed: this.box.seal(secret, id),
            bandwidthQuarters: Math.round(body.bandwidth_mbps * QUARTERS_PER_MBPS),
            isAccessAllGroup: body.is_access_all_group,
            groupIds: body.is_access_all_group ? [] : [...new Set(body.group_ids)],
            operations: body.operations,
            createdAt,
            expiresAt: accessKeyExpiry(createdAt),
          })
          .returning(),
        'access key not stored',
      );
      await trail.record(tx, {
        action: 'access_key.create',
        target: { type: 'access_key', id },
        after: toAccessKey(inserted),
      });
      return inserted;
    });
    return { ...toAccessKey(row), secret };
  }

  /** Disables or enables a key of the company; 404 for any other key. */
  async setDisabled(companyId: number, id: string, disabled: boolean, trail: AuditTrail): Promise<AccessKey> {
    return this.db.transaction(async (tx) => {
      const before = await this.ownKey(tx, companyId, id);
      const [row] = await tx.update(accessKeys).set({ disabled }).where(eq(accessKeys.id, id)).returning();
      if (!row) throw new ApiError(404, 'not_found');
      await trail.record(tx, {
        action: 'access_key.update',
        target: { type: 'access_key', id },
        before: toAccessKey(before),
        after: toAccessKey(row),
      });
      return toAccessKey(row);
    });
  }

  /** Deletes a key of the company (its nonces go with it); 404 for any other key. */
  async remove(companyId: number, id: string, trail: AuditTrail): Promise<void> {
    await this.db.transaction(async (tx) => {
      const before = await this.ownKey(tx, companyId, id);
      await tx.delete(accessKeys).where(eq(accessKeys.id, id));
      await trail.record(tx, {
        action: 'access_key.delete',
        target: { type: 'access_key', id },
        before: toAccessKey(before),
      });
    });
  }

  /** A key of the company, locked for the change; 404 for any other. */
  private async ownKey(db: Db, companyId: number, id: string) {
    const [row] = await db
      .select()
      .from(accessKeys)
      .where(and(eq(accessKeys.id, id), eq(accessKeys.companyId, companyId)))
      .for('update');
    if (!row) throw new ApiError(404, 'not_found');
    return row;
  }
}
