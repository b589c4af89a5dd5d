/**
 * The detection lab of the algorithm mall (issue 31; spec §1, §2.3 `algmall_detect_lab`, shown when
 * the company's product flag `lvlm_lab` is 0): a trial image, a preset or a question, and a
 * vision-language model's boxes, a configured number of trials a company a day.
 */
import { defineModule } from '../../core/modules.js';
import { RateLimiter } from '../../core/rate-limit/limiter.js';
import { type DetectionEngine, DevelopmentEngine } from './engine.js';
import { LabImages } from './images.js';
import { DetectionLab } from './lab.js';
import { lvlmLabRoutes } from './routes.js';

export { COORDINATE_SPACES, type CoordinateSpace } from './answer.js';
export { type DetectionEngine, DevelopmentEngine, OpenAiEngine } from './engine.js';

/** Trials a company has a day when not configured (LVLM_DAILY_TRIALS). */
export const DEFAULT_DAILY_TRIALS = 20;

export interface LvlmLabSettings {
  /** The engine; the development engine when absent, unless development providers are refused. */
  engine?: DetectionEngine;
  /** Refuse a development engine (production without ALLOW_DEV_PROVIDERS): detections answer 503. */
  refuseDevelopmentProviders?: boolean;
  /** Trials a company has a day (a calendar day of Asia/Shanghai). */
  dailyTrials?: number;
}

export const lvlmLabModule = (settings: LvlmLabSettings = {}) =>
  defineModule({
    name: 'lvlm-lab',
    create: ({ db, log, now }) => {
      const chosen = settings.engine ?? new DevelopmentEngine();
      const engine = chosen.development && settings.refuseDevelopmentProviders ? null : chosen;
      if (!engine) {
        log.warn(
          'the detection lab has no engine: production refuses the development one (set LVLM_ENGINE=openai, or ALLOW_DEV_PROVIDERS=true)',
        );
      }
      const images = new LabImages(db, now);
      const lab = new DetectionLab(
        images,
        new RateLimiter(db, now),
        engine,
        settings.dailyTrials ?? DEFAULT_DAILY_TRIALS,
        log,
      );
      return { routes: async (app) => app.register(lvlmLabRoutes, { db, images, lab }) };
    },
  });
