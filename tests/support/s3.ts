/**
 * An S3-compatible bucket for the server processes of a test: s3rver in the test process, keeping
 * its objects in `directory`, and the configuration (OBJECT_STORE=s3, S3_*) of a server using it.
 */
import S3rver from 's3rver';

export interface TestBucket {
  /** The variables of a server whose object store is the bucket. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startBucket(directory: string, bucket: string): Promise<TestBucket> {
  const s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await s3.run();
  return {
    env: {
      OBJECT_STORE: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: bucket,
      // s3rver's own fixed credentials.
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    close: () => s3.close(),
  };
}
