/**
 * The trial images of the lab (spec §5.6: PNG, JPG or JPEG, at most 2M and 5000×5000): read from
 * the upload with a bound on its bytes as they arrive, checked by their content (the magic bytes and
 * the header's size, whatever the file is called), and kept an hour for the company's detections.
 */
import type { Readable } from 'node:stream';
import { LAB_IMAGE_MAX_BYTES, LAB_IMAGE_MAX_SIDE, type LabImage } from '@vap/contracts';
import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import { imageSize } from 'image-size';
import type { Db } from '../../core/db/client.js';
import { writtenRow } from '../../core/db/written-row.js';
import { boundedBytes } from '../../core/http/bounded-bytes.js';
import { ApiError } from '../../core/http/errors.js';
import { imageTypeOf } from '../../core/storage/objects.js';
import { lvlmLabImages } from './schema.js';

/** How long an uploaded image is kept for detections. */
export const IMAGE_TTL_MS = 60 * 60_000;
/** Images a company keeps at most; an upload beyond deletes its oldest. */
export const IMAGES_KEPT = 10;

export const fileTooLarge = () => new ApiError(413, 'file_too_large');

/** The bytes of an uploaded file, refused with `file_too_large` as soon as they pass 2M. */
export function readTrialFile(stream: Readable): Promise<Buffer> {
  return boundedBytes(stream, { max: LAB_IMAGE_MAX_BYTES, tooLarge: fileTooLarge, rest: 'drain' });
}

export interface TrialImage {
  bytes: Buffer;
  contentType: 'image/png' | 'image/jpeg';
  width: number;
  height: number;
}

/** A trial image of these bytes, or the §8 refusal: wrong type, resolution too large. */
export function checkTrialImage(bytes: Buffer): TrialImage {
  if (bytes.length > LAB_IMAGE_MAX_BYTES) throw fileTooLarge();
  const contentType = imageTypeOf(bytes);
  if (!contentType) throw new ApiError(400, 'file_type_invalid');
  // imageTypeOf has read the header: a size is there.
  const { width, height } = imageSize(bytes);
  if (width > LAB_IMAGE_MAX_SIDE || height > LAB_IMAGE_MAX_SIDE) {
    throw new ApiError(400, 'image_resolution_too_large');
  }
  return { bytes, contentType, width, height };
}

export class LabImages {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  /** Keeps an image for the company; expired images of every company and its oldest beyond the few go. */
  async keep(companyId: number, image: TrialImage): Promise<LabImage> {
    const now = this.now();
    const expiresAt = new Date(now + IMAGE_TTL_MS);
    return this.db.transaction(async (tx) => {
      await tx.delete(lvlmLabImages).where(lt(lvlmLabImages.expiresAt, new Date(now)));
      const row = await writtenRow(
        tx
          .insert(lvlmLabImages)
          .values({ companyId, ...image, createdAt: new Date(now), expiresAt })
          .returning({ id: lvlmLabImages.id }),
        'no image row returned',
      );
      const kept = await tx
        .select({ id: lvlmLabImages.id })
        .from(lvlmLabImages)
        .where(eq(lvlmLabImages.companyId, companyId))
        .orderBy(asc(lvlmLabImages.createdAt), asc(lvlmLabImages.id));
      const excess = kept
        .filter((image) => image.id !== row.id)
        .slice(0, Math.max(0, kept.length - IMAGES_KEPT));
      for (const old of excess) await tx.delete(lvlmLabImages).where(eq(lvlmLabImages.id, old.id));
      return { id: row.id, width: image.width, height: image.height, expires_at: expiresAt.toISOString() };
    });
  }

  /** The company's unexpired image of this id, if any. */
  async find(companyId: number, id: string): Promise<TrialImage | undefined> {
    const [row] = await this.db
      .select({
        bytes: lvlmLabImages.bytes,
        contentType: lvlmLabImages.contentType,
        width: lvlmLabImages.width,
        height: lvlmLabImages.height,
      })
      .from(lvlmLabImages)
      .where(
        and(
          eq(lvlmLabImages.id, id),
          eq(lvlmLabImages.companyId, companyId),
          gt(lvlmLabImages.expiresAt, new Date(this.now())),
        ),
      );
    if (!row) return undefined;
    return { ...row, contentType: row.contentType === 'image/png' ? 'image/png' : 'image/jpeg' };
  }

  /** Images kept of a company (tests). */
  async count(companyId: number): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(lvlmLabImages)
      .where(eq(lvlmLabImages.companyId, companyId));
    return row?.n ?? 0;
  }
}
