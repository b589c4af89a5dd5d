/**
 * Plate recognition (issue 31; spec §1, §2.3 `prs_trial`, `prs_detail`, §4.3, §9): an engine reads
 * licence plates; the calls that read one are billed through the finance module's ledger, from a
 * resource package first, else per call by the month's tiers.
 */
import { defineModule } from '../../core/modules.js';
import { RateLimiter } from '../../core/rate-limit/limiter.js';
import { PlateBilling } from './billing.js';
import { PlateCalls } from './calls.js';
import { DevPlateEngine, type PlateEngine } from './engines.js';
import { PlateRecognition } from './recognition.js';
import { plateRecognitionRoutes } from './routes.js';

export { configuredPlateEngine } from './configured.js';
export {
  AliyunPlateEngine,
  DevPlateEngine,
  HttpPlateEngine,
  type PlateEngine,
} from './engines.js';

/** Trials a company may make a day when not configured (PRS_TRIALS_PER_DAY). */
export const DEFAULT_PRS_TRIALS_PER_DAY = 20;

export interface PlateRecognitionSettings {
  /** The engine; the development one when absent, unless development providers are refused. */
  engine?: PlateEngine;
  refuseDevelopmentProviders?: boolean;
  trialsPerDay?: number;
}

/** Production on the development engine, which reads no real plate (main.ts names the setting). */
export class DevelopmentPlateEngineError extends Error {
  override name = 'DevelopmentPlateEngineError';
  constructor() {
    super('development plate recognition engine in use');
  }
}

export const plateRecognitionModule = (settings: PlateRecognitionSettings = {}) =>
  defineModule({
    name: 'plate-recognition',
    dependencies: ['finance'],
    create: ({ db, now }, { finance }) => {
      const engine = settings.engine ?? new DevPlateEngine();
      if (engine.development && settings.refuseDevelopmentProviders) throw new DevelopmentPlateEngineError();
      const billing = new PlateBilling(db, finance.ledger, finance.standing, now);
      const recognition = new PlateRecognition(
        engine,
        billing,
        new RateLimiter(db, now),
        settings.trialsPerDay ?? DEFAULT_PRS_TRIALS_PER_DAY,
      );
      const calls = new PlateCalls(db);
      return {
        routes: async (app) => app.register(plateRecognitionRoutes, { db, recognition, billing, calls }),
      };
    },
  });
