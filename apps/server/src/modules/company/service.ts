/**
 * The user's own account and company (spec §4.2, §5.2, §5.3, §7.1, §7.2): profile, password,
 * company creation, display settings and verification. Every rule is checked here, whatever the
 * console shows: owner-only fields, the verification status rules, the object store's ownership.
 */
import {
  COMPANY_PATHS,
  type CompanyDetail,
  type CreateCompanyBody,
  isCompanyName,
  LOGO_MAX_BYTES,
  OBJECT_MAX_BYTES,
  OWNER_ROLE_ID,
  type ProductsUpdate,
  parseObjectPath,
  type UploadTokenBody,
  type updateCompanyBodySchema,
  VERIFY_IMAGE_FIELDS,
  VERIFY_IMAGE_KINDS,
  VERIFY_STATUS,
  type VerifyStatus,
} from '@vap/contracts';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AuditTrail } from '../../core/audit/recorder.js';
import { signedInUser } from '../../core/auth/users.js';
import type { Db } from '../../core/db/client.js';
import { companies, users } from '../../core/db/schema.js';
import { writtenRow } from '../../core/db/written-row.js';
import { ApiError, unauthorized } from '../../core/http/errors.js';
import { imageTypeOf, md5Of, type ObjectStore } from '../../core/storage/objects.js';
import { hasRunningPackages } from '../cbs/index.js';
import { createDefaultRole } from '../system/index.js';

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** Input of PUT /v1/pms/company after its schema (trimmed). */
type CompanyChanges = z.output<typeof updateCompanyBodySchema>;

/** A company as the audit log shows it. */
const companySnapshot = (company: typeof companies.$inferSelect) => ({
  id: company.id,
  name: company.name,
  title: company.title,
  logo: company.logo,
  verify_status: company.verifyStatus,
  business_license: company.businessLicense,
  id_human: company.idHuman,
  id_emblem: company.idEmblem,
  products: { cbs: company.cbs, lvlm_lab: company.lvlmLab, rsrc_mgt: company.rsrcMgt, voip: company.voip },
});

/**
 * The columns of the product flags asked, refusing to turn a product off while a paid package of it
 * still runs (spec §8 'cannot close service while resource package unused'): today the cloud
 * storage packages; the other products have none yet.
 */
export async function productChanges(
  db: Db,
  companyId: number,
  products: ProductsUpdate,
): Promise<Partial<typeof companies.$inferInsert>> {
  if (products.cbs === 1 && (await hasRunningPackages(db, companyId)))
    throw new ApiError(409, 'resource_package_unused');
  return {
    ...(products.cbs !== undefined ? { cbs: products.cbs } : {}),
    ...(products.lvlm_lab !== undefined ? { lvlmLab: products.lvlm_lab } : {}),
    ...(products.rsrc_mgt !== undefined ? { rsrcMgt: products.rsrc_mgt } : {}),
    ...(products.voip !== undefined ? { voip: products.voip } : {}),
  };
}

export class CompanyService {
  constructor(
    private readonly db: Db,
    private readonly store: ObjectStore,
  ) {}

  /** The caller's company, when they are its owner; 409 without a company, 403 for anyone else. */
  private async ownedCompanyId(userId: number): Promise<number> {
    const user = await signedInUser(this.db, userId);
    if (user.companyId === null) throw new ApiError(409, 'no_company');
    if (user.roleId !== OWNER_ROLE_ID) throw new ApiError(403, 'forbidden');
    return user.companyId;
  }

  /** A user without a company creates one and becomes its owner; it starts not verified. */
  async createCompany(userId: number, body: CreateCompanyBody, trail: AuditTrail): Promise<{ id: number }> {
    return this.db.transaction(async (tx) => {
      const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
      if (!user) throw unauthorized();
      if (user.companyId !== null) throw new ApiError(409, 'company_exists');
      const company = await writtenRow(
        tx
          .insert(companies)
          .values({ name: body.name, title: body.title ?? '', verifyStatus: VERIFY_STATUS.notVerified })
          .returning(),
        'company was not created',
      );
      await createDefaultRole(tx, company.id);
      await tx
        .update(users)
        .set({ companyId: company.id, roleId: OWNER_ROLE_ID })
        .where(eq(users.id, userId));
      await trail.record(tx, {
        action: 'company.create',
        target: { type: 'company', id: company.id },
        after: companySnapshot(company),
        companyId: company.id,
      });
      return { id: company.id };
    });
  }

  /** The caller's company with its stored images (any member may read it). */
  async detail(userId: number): Promise<CompanyDetail> {
    const user = await signedInUser(this.db, userId);
    if (user.companyId === null) throw new ApiError(409, 'no_company');
    const [company] = await this.db.select().from(companies).where(eq(companies.id, user.companyId));
    if (!company) throw new ApiError(409, 'no_company');
    const [logoUrl, licenseUrl, idHumanUrl, idEmblemUrl] = await Promise.all(
      [company.logo, company.businessLicense, company.idHuman, company.idEmblem].map((path) =>
        this.store.signedUrl(path),
      ),
    );
    return {
      id: company.id,
      name: company.name,
      title: company.title,
      logo: company.logo,
      logo_url: logoUrl ?? '',
      verify_status: company.verifyStatus as VerifyStatus,
      business_license: company.businessLicense,
      business_license_url: licenseUrl ?? '',
      id_human: company.idHuman,
      id_human_url: idHumanUrl ?? '',
      id_emblem: company.idEmblem,
      id_emblem_url: idEmblemUrl ?? '',
    };
  }

  /**
   * Display settings and verification in one call (spec §7.2), owner only. Verification: status 1
   * refuses every change of it; status 2 accepts only fields that are still empty; from 0 or 3 a
   * complete submission (valid name, three stored images) moves the status to 1.
   */
  async updateCompany(userId: number, body: CompanyChanges, trail: AuditTrail): Promise<void> {
    const companyId = await this.ownedCompanyId(userId);
    const logo = body.logo ? decodeLogo(body.logo) : null;

    const verifying =
      body.name !== undefined || VERIFY_IMAGE_FIELDS.some((field) => body[field] !== undefined);
    for (const field of VERIFY_IMAGE_FIELDS) {
      const path = body[field];
      if (path !== undefined && !(await this.store.isStored(path, companyId, VERIFY_IMAGE_KINDS[field]))) {
        throw new ApiError(400, 'object_missing');
      }
    }

    await this.db.transaction(async (tx) => {
      const [company] = await tx.select().from(companies).where(eq(companies.id, companyId)).for('update');
      if (!company) throw new ApiError(409, 'no_company');
      const changes: Partial<typeof companies.$inferInsert> = {};
      if (body.title !== undefined) changes.title = body.title;
      if (body.products) Object.assign(changes, await productChanges(tx, companyId, body.products));

      if (verifying) {
        const status = company.verifyStatus;
        const current = {
          name: company.name,
          business_license: company.businessLicense,
          id_human: company.idHuman,
          id_emblem: company.idEmblem,
        };
        if (status === VERIFY_STATUS.verifying) throw new ApiError(409, 'verify_in_review');
        const next = { ...current };
        for (const field of ['name', ...VERIFY_IMAGE_FIELDS] as const) {
          const value = body[field];
          if (value === undefined) continue;
          if (status === VERIFY_STATUS.verified && current[field] !== '' && value !== current[field]) {
            throw new ApiError(409, 'verify_field_locked');
          }
          next[field] = value;
        }
        if (status !== VERIFY_STATUS.verified) {
          const complete =
            isCompanyName(next.name) && VERIFY_IMAGE_FIELDS.every((field) => next[field] !== '');
          if (!complete) throw new ApiError(400, 'verify_incomplete');
          changes.verifyStatus = VERIFY_STATUS.verifying;
        }
        changes.name = next.name;
        changes.businessLicense = next.business_license;
        changes.idHuman = next.id_human;
        changes.idEmblem = next.id_emblem;
      }

      if (body.logo === '') changes.logo = '';
      if (logo) {
        const path = `logo/${companyId}_${md5Of(logo.bytes)}.${logo.extension}`;
        await this.store.put(path, logo.bytes, logo.type, companyId, tx);
        changes.logo = path;
      }
      if (Object.keys(changes).length > 0) {
        await tx.update(companies).set(changes).where(eq(companies.id, companyId));
        await trail.record(tx, {
          action: verifying ? 'company.verification.submit' : 'company.settings.update',
          target: { type: 'company', id: companyId },
          before: companySnapshot(company),
          after: companySnapshot({ ...company, ...changes }),
        });
      }
    });
  }

  /** An upload token for `{kind}/{companyId}_{md5}.{ext}` of the caller's own company (owner only). */
  async uploadToken(userId: number, body: UploadTokenBody): Promise<{ token: string; url: string }> {
    const companyId = await this.ownedCompanyId(userId);
    const parts = parseObjectPath(body.name);
    // Firmware has its own token, on its own button (modules/tasks); recordings are the devices'
    // (modules/video).
    if (!parts || parts.kind === 'firmware' || parts.kind === 'recording')
      throw new ApiError(400, 'validation_failed', 'validation.objectPath');
    if (parts.companyId !== companyId) throw new ApiError(403, 'forbidden');
    if (body.size > OBJECT_MAX_BYTES[parts.kind]) throw new ApiError(413, 'payload_too_large');
    const token = this.store.issueUploadToken({ path: body.name, size: body.size, companyId });
    return { token, url: `/webapi${COMPANY_PATHS.objectUpload}` };
  }
}

/** A base64 logo (no `data:` prefix): jpeg or png by its magic bytes, at most 1 MB, else 'logo tip'. */
function decodeLogo(base64: string) {
  const invalid = new ApiError(400, 'logo_invalid');
  // 1 MB of bytes is at most this many base64 characters: refuse longer strings before decoding.
  if (base64.length > Math.ceil(LOGO_MAX_BYTES / 3) * 4 || !BASE64.test(base64)) throw invalid;
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length === 0 || bytes.length > LOGO_MAX_BYTES) throw invalid;
  const type = imageTypeOf(bytes);
  if (!type) throw invalid;
  return { bytes, type, extension: type === 'image/png' ? 'png' : 'jpg' } as const;
}
