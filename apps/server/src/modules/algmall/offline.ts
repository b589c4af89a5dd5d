/**
 * Offline authorisation (spec §2.3 algmall_offauth, §5.6, §8; issue 31), for devices that never
 * reach the platform: the owner uploads the device's fingerprint file, one authorisation is taken
 * from the company's orders of the product ('no available authorisation' when none is left), and the
 * answer is a licence file signed by the server for that serial and hardware id, which the owner
 * carries to the device. The licence is signed again from what was stored whenever it is downloaded:
 * Ed25519 signs deterministically, so it is the same file each time.
 */
import type { Readable } from 'node:stream';
import {
  FINGERPRINT_MAX_BYTES,
  type Fingerprint,
  fingerprintSchema,
  jsonDepthWithin,
  type Licence,
} from '@vap/contracts';
import { and, eq } from 'drizzle-orm';
import type { AuditTrail } from '../../core/audit/recorder.js';
import type { Db } from '../../core/db/client.js';
import { devices } from '../../core/db/devices.js';
import { writtenRow } from '../../core/db/written-row.js';
import { boundedBytes } from '../../core/http/bounded-bytes.js';
import { ApiError } from '../../core/http/errors.js';
import { takeAuthorisations } from './authorisations.js';
import type { LicenceSigner } from './licences.js';
import { algmallAuthorisations as authorisations, algmallProducts as products } from './schema.js';

/** Reads a fingerprint file's stream: 413 `file_too_large` past the bound, never holding more. */
export function readFingerprintFile(stream: Readable): Promise<Buffer> {
  return boundedBytes(stream, {
    max: FINGERPRINT_MAX_BYTES,
    tooLarge: () => new ApiError(413, 'file_too_large'),
    rest: 'drain',
  });
}

/** A fingerprint file's content; 400 `file_content_incorrect` for anything else. */
export function fingerprintOf(bytes: Buffer): Fingerprint {
  const text = bytes.toString('utf8');
  if (!jsonDepthWithin(text)) throw new ApiError(400, 'file_content_incorrect');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ApiError(400, 'file_content_incorrect');
  }
  const fingerprint = fingerprintSchema.safeParse(parsed);
  if (!fingerprint.success) throw new ApiError(400, 'file_content_incorrect');
  return fingerprint.data;
}

export class OfflineAuthorisations {
  constructor(
    private readonly db: Db,
    private readonly signer: LicenceSigner,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Takes one authorisation of the product for the fingerprint's device and records it; answers its
   * id. The device is named by its serial (and linked when it is one of the company's).
   */
  async authorise(
    companyId: number,
    productId: number,
    fingerprint: Fingerprint,
    trail: AuditTrail,
  ): Promise<number> {
    const [product] = await this.db
      .select({ id: products.id, code: products.code })
      .from(products)
      .where(eq(products.id, productId));
    if (!product) throw new ApiError(404, 'not_found');
    const [own] = await this.db
      .select({ id: devices.id })
      .from(devices)
      .where(and(eq(devices.companyId, companyId), eq(devices.sn, fingerprint.sn)));
    return this.db.transaction(async (tx) => {
      const [orderId] = await takeAuthorisations(tx, companyId, product.id, 1).catch((error: unknown) => {
        // Offline the words are §8's 'no available authorisation'.
        if (error instanceof ApiError && error.code === 'authorisation_insufficient')
          throw new ApiError(409, 'authorisation_none');
        throw error;
      });
      const row = await writtenRow(
        tx
          .insert(authorisations)
          .values({
            companyId,
            mode: 'offline',
            productId: product.id,
            deviceId: own?.id ?? null,
            sn: fingerprint.sn,
            hardwareId: fingerprint.hardware_id,
            orderId: orderId ?? null,
            createdAt: new Date(this.now()),
          })
          .returning({ id: authorisations.id }),
        'authorisation not written',
      );
      await trail.record(tx, {
        action: 'algmall.authorise_offline',
        target: { type: 'algmall_authorisation', id: row.id },
        after: { product: product.code, sn: fingerprint.sn, model: fingerprint.model },
      });
      return row.id;
    });
  }

  /** The licence of one of the company's offline authorisations; 404 for any other. */
  async licence(companyId: number, id: number): Promise<Licence> {
    const [row] = await this.db
      .select({
        id: authorisations.id,
        sn: authorisations.sn,
        hardwareId: authorisations.hardwareId,
        createdAt: authorisations.createdAt,
        code: products.code,
        version: products.version,
      })
      .from(authorisations)
      .innerJoin(products, eq(products.id, authorisations.productId))
      .where(
        and(
          eq(authorisations.id, id),
          eq(authorisations.companyId, companyId),
          eq(authorisations.mode, 'offline'),
        ),
      );
    if (!row) throw new ApiError(404, 'not_found');
    return this.signer.sign({
      v: 1,
      id: row.id,
      sn: row.sn,
      product: row.code,
      version: row.version,
      issued_at: row.createdAt.toISOString(),
      expires_at: null,
      ...(row.hardwareId ? { hardware_id: row.hardwareId } : {}),
    });
  }
}
