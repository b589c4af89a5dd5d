/**
 * One recognition (spec §1, §5.6, §8): the image read from its base64 and checked — PNG or JPEG by
 * its structure, at most 2 MiB and 5000×5000 — then the engine, then the billing of a plate found.
 * The trial (page prs_trial) runs the same engine, bills nothing and counts against the company's
 * daily trials (Asia/Shanghai days); an engine failure gives the trial back.
 */
import {
  type PlateReading,
  PRS_IMAGE_MAX_BYTES,
  PRS_IMAGE_MAX_SIDE,
  type RecognizeAnswer,
  type TrialAnswer,
  type TrialCount,
} from '@vap/contracts';
import { imageSize } from 'image-size';
import { ApiError } from '../../core/http/errors.js';
import { dailyLimit, type RateLimiter } from '../../core/rate-limit/limiter.js';
import { imageTypeOf } from '../../core/storage/objects.js';
import type { PlateBilling } from './billing.js';
import type { PlateEngine, PlateImage } from './engines.js';

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The image of a request's base64: 400 `file_too_large` over 2 MiB, `file_content_incorrect` if no PNG or JPEG within 5000×5000. */
export function readImage(base64: string): PlateImage {
  if (base64.length % 4 !== 0 || !BASE64.test(base64)) throw new ApiError(400, 'file_content_incorrect');
  if ((base64.length / 4) * 3 - (base64.match(/=+$/)?.[0].length ?? 0) > PRS_IMAGE_MAX_BYTES)
    throw new ApiError(400, 'file_too_large');
  const bytes = Buffer.from(base64, 'base64');
  const type = imageTypeOf(bytes);
  if (!type) throw new ApiError(400, 'file_content_incorrect');
  const { width, height } = imageSize(bytes);
  if (!width || !height || width > PRS_IMAGE_MAX_SIDE || height > PRS_IMAGE_MAX_SIDE)
    throw new ApiError(400, 'file_content_incorrect');
  return { bytes, type, width, height };
}

export class PlateRecognition {
  constructor(
    private readonly engine: PlateEngine,
    private readonly billing: PlateBilling,
    private readonly limiter: RateLimiter,
    /** Trials a company may make a day. */
    private readonly trialsPerDay: number,
  ) {}

  /** The paid call: refused unpaid before the engine runs; a plate found billed exactly once. */
  async recognize(companyId: number, base64: string): Promise<RecognizeAnswer> {
    const image = readImage(base64);
    await this.billing.assertPayable(companyId);
    const plate = await this.read(image);
    if (!plate) return { plate: null, billing: 'none', amount: 0 };
    const billed = await this.billing.bill(companyId, plate);
    return { plate, ...billed };
  }

  /** A trial: 429 `trial_used_up` past today's count; not billed. */
  async trial(companyId: number, base64: string): Promise<TrialAnswer> {
    const image = readImage(base64);
    const key = this.trialKey(companyId);
    const limit = dailyLimit(this.trialsPerDay);
    if (!(await this.limiter.hit(key, limit))) throw new ApiError(429, 'trial_used_up');
    let plate: PlateReading | null;
    try {
      plate = await this.read(image);
    } catch (error) {
      await this.limiter.forgive(key, limit);
      throw error;
    }
    if (plate) await this.billing.recordTrial(companyId, plate);
    return { plate, ...(await this.trialCount(companyId)) };
  }

  async trialCount(companyId: number): Promise<TrialCount> {
    const used = await this.limiter.count(this.trialKey(companyId), dailyLimit(this.trialsPerDay));
    return { left: Math.max(0, this.trialsPerDay - used), max: this.trialsPerDay };
  }

  private trialKey(companyId: number) {
    return `prs-trial:${companyId}`;
  }

  /** The engine's best plate; its failure is 503 (nothing billed, nothing counted). */
  private async read(image: PlateImage): Promise<PlateReading | null> {
    try {
      const plates = await this.engine.recognize(image);
      return plates[0] ?? null;
    } catch {
      throw new ApiError(503, 'service_unavailable');
    }
  }
}
