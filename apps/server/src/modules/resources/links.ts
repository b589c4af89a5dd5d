/**
 * Share links and official-page grants (spec §2.1 `/sharePage`, `/official`, §8, §9; issue 32).
 *
 * A link is 32 random bytes (base64url) handed to its maker once; the server keeps only their
 * SHA-256, so that neither its database nor its logs can open a link. Opening one: a token of the
 * wrong shape, unknown, revoked, or whose resource is gone is 403 `link_invalid`; one past its end
 * is 403 `link_expired` (an expired link is told apart only once the token is known: a forged one
 * never learns that it was close).
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  type CreatedLink,
  type OfficialGrant,
  type OfficialGrantValidity,
  RESOURCE_LINKS_MAX,
  RESOURCE_TOKEN_PATTERN,
  type ShareLink,
} from '@vap/contracts';
import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import type { AuditTrail } from '../../core/audit/recorder.js';
import type { Db } from '../../core/db/client.js';
import { writtenRow } from '../../core/db/written-row.js';
import { ApiError } from '../../core/http/errors.js';
import { resourceLinks } from './schema.js';

const DAY_MS = 24 * 60 * 60_000;
/** Asia/Shanghai is UTC+8 all year: the product's calendar days (spec §9) begin at 16:00 UTC. */
const SHANGHAI_OFFSET_MS = 8 * 60 * 60_000;

export type LinkRow = typeof resourceLinks.$inferSelect;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** Midnight at the end of the calendar day (Asia/Shanghai) of `at`. */
export function endOfDay(at: number): number {
  return Math.floor((at + SHANGHAI_OFFSET_MS) / DAY_MS) * DAY_MS + DAY_MS - SHANGHAI_OFFSET_MS;
}

/** When a grant of `validity` made at `at` ends. */
export function grantEnd(validity: OfficialGrantValidity, at: number): number {
  return validity === 'today' ? endOfDay(at) : at + Number(validity) * DAY_MS;
}

const toOfficialGrant = (row: LinkRow): OfficialGrant => ({
  id: row.id,
  created_at: row.createdAt.toISOString(),
  expires_at: row.expiresAt.toISOString(),
  revoked: row.revokedAt !== null,
  downloads: row.downloads,
});

const toShareLink = (row: LinkRow): ShareLink => ({
  id: row.id,
  resource_id: row.resourceId ?? 0,
  created_at: row.createdAt.toISOString(),
  expires_at: row.expiresAt.toISOString(),
  revoked: row.revokedAt !== null,
  downloads: row.downloads,
});

export class ResourceLinks {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  /** A new share link of a resource, valid `days`; the oldest beyond RESOURCE_LINKS_MAX are forgotten. */
  async share(
    companyId: number,
    resourceId: number,
    days: number,
    userId: number | null,
    trail: AuditTrail,
  ): Promise<CreatedLink> {
    const expiresAt = this.now() + days * DAY_MS;
    const created = await this.#create(companyId, 'share', resourceId, expiresAt, userId, trail);
    await this.#prune(resourceId);
    return { ...created, path: `/sharePage?link=${created.token}` };
  }

  /**
   * A skip-login grant of the official page, until midnight today or for 3 or 7 days; the company's
   * oldest beyond RESOURCE_LINKS_MAX are forgotten.
   */
  async grant(
    companyId: number,
    validity: OfficialGrantValidity,
    userId: number | null,
    trail: AuditTrail,
  ): Promise<CreatedLink> {
    const created = await this.#create(
      companyId,
      'official',
      null,
      grantEnd(validity, this.now()),
      userId,
      trail,
    );
    await this.#pruneGrants(companyId);
    return { ...created, path: `/official?grant=${created.token}` };
  }

  /** The company's skip-login grants, newest first. */
  async grants(companyId: number): Promise<OfficialGrant[]> {
    const rows = await this.db
      .select()
      .from(resourceLinks)
      .where(and(eq(resourceLinks.companyId, companyId), eq(resourceLinks.kind, 'official')))
      .orderBy(desc(resourceLinks.id))
      .limit(RESOURCE_LINKS_MAX);
    return rows.map(toOfficialGrant);
  }

  async #create(
    companyId: number,
    kind: 'share' | 'official',
    resourceId: number | null,
    expiresAt: number,
    userId: number | null,
    trail: AuditTrail,
  ): Promise<Omit<CreatedLink, 'path'>> {
    const token = randomBytes(32).toString('base64url');
    return this.db.transaction(async (tx) => {
      const row = await writtenRow(
        tx
          .insert(resourceLinks)
          .values({
            companyId,
            kind,
            resourceId,
            tokenHash: hashOf(token),
            expiresAt: new Date(expiresAt),
            createdBy: userId,
          })
          .returning(),
        'link was not created',
      );
      await trail.record(tx, {
        action: kind === 'share' ? 'resources.link.create' : 'resources.official.grant',
        target: { type: kind === 'share' ? 'resource' : 'company', id: resourceId ?? companyId },
        after: { id: row.id, expires_at: row.expiresAt.toISOString() },
      });
      return { id: row.id, token, expires_at: row.expiresAt.toISOString() };
    });
  }

  /** Keeps a resource's newest RESOURCE_LINKS_MAX links. */
  async #prune(resourceId: number): Promise<void> {
    const keep = this.db
      .select({ id: resourceLinks.id })
      .from(resourceLinks)
      .where(eq(resourceLinks.resourceId, resourceId))
      .orderBy(desc(resourceLinks.id))
      .limit(RESOURCE_LINKS_MAX);
    await this.db
      .delete(resourceLinks)
      .where(and(eq(resourceLinks.resourceId, resourceId), notInArray(resourceLinks.id, keep)));
  }

  /** Keeps the company's newest RESOURCE_LINKS_MAX official grants. */
  async #pruneGrants(companyId: number): Promise<void> {
    const official = and(eq(resourceLinks.companyId, companyId), eq(resourceLinks.kind, 'official'));
    const keep = this.db
      .select({ id: resourceLinks.id })
      .from(resourceLinks)
      .where(official)
      .orderBy(desc(resourceLinks.id))
      .limit(RESOURCE_LINKS_MAX);
    await this.db.delete(resourceLinks).where(and(official, notInArray(resourceLinks.id, keep)));
  }

  /** The company's share links of a resource, newest first. */
  async list(companyId: number, resourceId: number): Promise<ShareLink[]> {
    const rows = await this.db
      .select()
      .from(resourceLinks)
      .where(
        and(
          eq(resourceLinks.companyId, companyId),
          eq(resourceLinks.kind, 'share'),
          eq(resourceLinks.resourceId, resourceId),
        ),
      )
      .orderBy(desc(resourceLinks.id))
      .limit(RESOURCE_LINKS_MAX);
    return rows.map(toShareLink);
  }

  /** Revokes one of the company's share links (again: nothing more); 404 for another's. */
  async revoke(companyId: number, id: number, trail: AuditTrail): Promise<void> {
    await this.#revoke(companyId, id, 'share', trail);
  }

  /** Revokes one of the company's official grants (again: nothing more); 404 for another's. */
  async revokeGrant(companyId: number, id: number, trail: AuditTrail): Promise<void> {
    await this.#revoke(companyId, id, 'official', trail);
  }

  async #revoke(companyId: number, id: number, kind: 'share' | 'official', trail: AuditTrail) {
    await this.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(resourceLinks)
        .where(
          and(eq(resourceLinks.id, id), eq(resourceLinks.companyId, companyId), eq(resourceLinks.kind, kind)),
        );
      if (!row) throw new ApiError(404, 'not_found');
      if (row.revokedAt) return;
      await tx.update(resourceLinks).set({ revokedAt: sql`now()` }).where(eq(resourceLinks.id, id));
      await trail.record(tx, {
        action: kind === 'share' ? 'resources.link.revoke' : 'resources.official.revoke',
        target:
          kind === 'share' ? { type: 'resource', id: row.resourceId } : { type: 'company', id: companyId },
        before: { id: row.id, expires_at: row.expiresAt.toISOString() },
      });
    });
  }

  /** The live link of `kind` the token opens: 403 link_invalid or link_expired otherwise. */
  async open(token: string, kind: 'share' | 'official'): Promise<LinkRow> {
    const invalid = new ApiError(403, 'link_invalid');
    if (!RESOURCE_TOKEN_PATTERN.test(token)) throw invalid;
    const [row] = await this.db
      .select()
      .from(resourceLinks)
      .where(and(eq(resourceLinks.tokenHash, hashOf(token)), eq(resourceLinks.kind, kind)));
    if (!row || row.revokedAt) throw invalid;
    if (kind === 'share' && row.resourceId === null) throw invalid;
    if (row.expiresAt.getTime() <= this.now()) throw new ApiError(403, 'link_expired');
    return row;
  }

  /** Counts a download on a link. */
  async counted(id: number, db: Pick<Db, 'update'> = this.db): Promise<void> {
    await db
      .update(resourceLinks)
      .set({ downloads: sql`${resourceLinks.downloads} + 1` })
      .where(eq(resourceLinks.id, id));
  }
}
