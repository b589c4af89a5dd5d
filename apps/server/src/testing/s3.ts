/**
 * An S3-compatible server in the test process (s3rver, files in a temporary folder), for the S3
 * object backend. It does not check request signatures: tests show that display URLs are presigned
 * and serve the object, not that the bucket refuses a bad signature.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { S3ObjectBackend } from '../core/storage/s3-backend.js';

export const S3_TEST_BUCKET = 'vap-objects';
/** s3rver's own fixed credentials. */
export const S3_TEST_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface TestS3 {
  endpoint: string;
  /** The variables of a server process whose object store is the bucket (OBJECT_STORE=s3, S3_*). */
  env: Record<string, string>;
  /** Where s3rver keeps the bucket's objects. */
  directory: string;
  backend(prefix?: string): S3ObjectBackend;
  close(): Promise<void>;
}

export async function startTestS3(): Promise<TestS3> {
  const directory = await mkdtemp(join(tmpdir(), 'vap-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: S3_TEST_BUCKET }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    env: {
      OBJECT_STORE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: S3_TEST_BUCKET,
      S3_ACCESS_KEY_ID: S3_TEST_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3_TEST_CREDENTIALS.secretAccessKey,
    },
    directory,
    backend: (prefix = '') =>
      new S3ObjectBackend({
        bucket: S3_TEST_BUCKET,
        endpoint,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: S3_TEST_CREDENTIALS,
        prefix,
      }),
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
