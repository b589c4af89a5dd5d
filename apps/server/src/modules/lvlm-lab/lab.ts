/**
 * A detection (issue 31): the company's image, the request, one of today's trials, the engine, and
 * its answer read into boxes. The trial is counted before the engine is asked, atomically
 * (RateLimiter.hit), so concurrent detections never pass the day's count; it is given back when the
 * engine fails or its answer cannot be read — the user did not get a detection.
 */
import type { DetectBody, DetectionAnswer, LabTrials } from '@vap/contracts';
import { ApiError } from '../../core/http/errors.js';
import { dailyLimit, type Limit, type RateLimiter } from '../../core/rate-limit/limiter.js';
import { AnswerUnreadable, answerText, readDetections } from './answer.js';
import { type DetectionEngine, EngineFailed } from './engine.js';
import type { LabImages } from './images.js';
import { requestOf } from './prompts.js';

export class DetectionLab {
  readonly #limit: Limit;

  constructor(
    private readonly images: LabImages,
    private readonly limiter: RateLimiter,
    /** Null: no engine may be used here (production on the development engine). */
    private readonly engine: DetectionEngine | null,
    private readonly dailyTrials: number,
    private readonly log: { warn(object: object, message: string): void },
  ) {
    this.#limit = dailyLimit(dailyTrials);
  }

  static trialKey = (companyId: number) => `lvlm-lab:${companyId}`;

  async trials(companyId: number): Promise<LabTrials> {
    const used = await this.limiter.count(DetectionLab.trialKey(companyId), this.#limit);
    return { limit: this.dailyTrials, remaining: Math.max(0, this.dailyTrials - used) };
  }

  async detect(companyId: number, body: DetectBody): Promise<DetectionAnswer> {
    const image = await this.images.find(companyId, body.image_id);
    if (!image) throw new ApiError(404, 'not_found');
    if (!this.engine) throw new ApiError(503, 'detection_unavailable');
    const key = DetectionLab.trialKey(companyId);
    if (!(await this.limiter.hit(key, this.#limit))) {
      // The refused attempt is not left counted: the count stays at the day's limit.
      await this.limiter.forgive(key, this.#limit);
      throw new ApiError(429, 'trial_used_up');
    }
    let text: string;
    let detections: DetectionAnswer['detections'];
    try {
      text = await this.engine.detect({
        image: image.bytes,
        contentType: image.contentType,
        width: image.width,
        height: image.height,
        request: requestOf(body),
      });
      detections = readDetections(text, this.engine.space, image);
    } catch (error) {
      await this.limiter.forgive(key, this.#limit);
      if (error instanceof EngineFailed) {
        this.log.warn({ reason: error.message }, 'detection engine failed');
        throw new ApiError(502, 'detection_failed');
      }
      if (error instanceof AnswerUnreadable) {
        this.log.warn({ reason: error.message }, 'detection answer unreadable');
        throw new ApiError(502, 'detection_unreadable');
      }
      throw error;
    }
    return { detections, text: answerText(text), trials: await this.trials(companyId) };
  }
}
