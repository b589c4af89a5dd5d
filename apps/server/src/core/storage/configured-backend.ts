/** The object backend the configuration names (OBJECT_STORE and the S3_* variables). */
import type { ObjectStoreConfig } from '../config.js';
import type { ObjectBackend } from './backend.js';
import { LocalObjectBackend } from './local-backend.js';
import { S3ObjectBackend } from './s3-backend.js';

export function objectBackendOf(config: ObjectStoreConfig, dataDir: string): ObjectBackend {
  if (config.kind === 'local') return new LocalObjectBackend(dataDir);
  return new S3ObjectBackend(config);
}
