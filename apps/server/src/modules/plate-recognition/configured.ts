/** The engine PLATE_ENGINE chooses; none for `dev`, so that the module builds the development one. */
import type { PlateEngineConfig } from '../../core/config.js';
import { AliyunPlateEngine, HttpPlateEngine, type PlateEngine } from './engines.js';

export function configuredPlateEngine(config: PlateEngineConfig): PlateEngine | undefined {
  if (config.engine === 'aliyun') return new AliyunPlateEngine(config);
  if (config.engine === 'http')
    return new HttpPlateEngine({ url: config.url, ...(config.token ? { token: config.token } : {}) });
  return undefined;
}
