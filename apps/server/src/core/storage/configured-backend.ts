/** The object backend the configuration names (OBJECT_STORE and the S3_* variables). */
import type { ObjectStoreConfig } from '../config.js';
import type { ObjectBackend } from './backend.js';
import { LocalObjectBackend } from './local-backend.js';

export async function objectBackendOf(config: ObjectStoreConfig, dataDir: string): Promise<ObjectBackend> {
  if (config.kind === 'local') return new LocalObjectBackend(dataDir);
  // The AWS SDK takes about a second to load: only a server configured for S3 reads it.
  const { S3ObjectBackend } = await import('./s3-backend.js');
  return new S3ObjectBackend(config);
}
