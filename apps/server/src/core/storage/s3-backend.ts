/**
 * Objects in an S3-compatible bucket (AWS S3, MinIO, Ceph, …), so that several servers share them.
 * Keys are the object paths (`logo/12_{md5}.png`), under an optional prefix. Uploads are streamed
 * into a staging key with their length known (a PutObject, not a multipart upload, which would
 * buffer a 5 MB part in memory), then copied into place once checked. Display URLs are presigned
 * GETs, so browsers fetch the images from the bucket, not through the server.
 * Large uploads go in parts (a multipart upload into a staging key) straight from the browser to
 * the bucket by presigned UploadPart URLs; the server assembles them, reads the result back to
 * check it (a multipart ETag is no md5), and copies it into place.
 */
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import {
  type AssembledObject,
  type BackendPartUpload,
  type ByteRange,
  type ObjectBackend,
  ObjectMissingError,
  type StagedObject,
} from './backend.js';

export interface S3BackendOptions {
  bucket: string;
  /** An S3-compatible server's address; AWS when absent. */
  endpoint?: string | undefined;
  region: string;
  /** Addresses `{endpoint}/{bucket}/{key}` instead of `{bucket}.{endpoint}/{key}` (most non-AWS servers). */
  forcePathStyle: boolean;
  /** Static credentials; the SDK's default chain (AWS_* variables, instance roles) when absent. */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** A key prefix, e.g. `vap/`, when the bucket is shared. */
  prefix?: string;
}

/** Where staged uploads wait for their checks; a bucket lifecycle rule may expire it after a day. */
const STAGING = '.staging/';

export class S3ObjectBackend implements ObjectBackend {
  readonly kind = 's3';
  readonly partsThroughServer = false;
  readonly #client: S3Client;
  readonly #bucket: string;
  readonly #prefix: string;

  constructor(options: S3BackendOptions) {
    this.#bucket = options.bucket;
    this.#prefix = options.prefix ?? '';
    this.#client = new S3Client({
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      ...(options.credentials ? { credentials: options.credentials } : {}),
      // The SDK's default checksums send streamed bodies aws-chunked with a trailing CRC, which
      // many S3-compatible servers refuse; the upload's md5 is checked by the server anyway.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  #key(path: string) {
    return `${this.#prefix}${path}`;
  }

  async stage(path: string, content: Readable, size: number): Promise<StagedObject> {
    const staging = this.#key(`${STAGING}${randomUUID()}`);
    const forget = async () => {
      await this.#client.send(new DeleteObjectCommand({ Bucket: this.#bucket, Key: staging }));
    };
    // The SDK pipes the body into its request and does not watch it: a body that fails (too long,
    // cut off) would leave the request waiting for bytes that never come. Abort it instead.
    const abort = new AbortController();
    let failure: unknown = content.errored ?? undefined;
    const fail = (error: unknown) => {
      failure ??= error;
      abort.abort();
    };
    content.on('error', fail);
    try {
      if (failure) throw failure;
      await this.#client.send(
        new PutObjectCommand({
          Bucket: this.#bucket,
          Key: staging,
          Body: content,
          ContentLength: size,
        }),
        { abortSignal: abort.signal },
      );
    } catch (error) {
      // A body that failed half-way leaves nothing on S3; a server that kept a part loses it here.
      await forget().catch(() => {});
      throw failure ?? error;
    } finally {
      content.off('error', fail);
    }
    return {
      commit: async (contentType) => {
        await this.#client.send(
          new CopyObjectCommand({
            Bucket: this.#bucket,
            Key: this.#key(path),
            CopySource: `${this.#bucket}/${encodeURI(staging)}`,
            ContentType: contentType,
            MetadataDirective: 'REPLACE',
          }),
        );
        await forget();
      },
      discard: forget,
    };
  }

  async startParts(): Promise<BackendPartUpload> {
    const staging = this.#key(`${STAGING}${randomUUID()}`);
    const answer = await this.#client.send(
      new CreateMultipartUploadCommand({ Bucket: this.#bucket, Key: staging }),
    );
    if (!answer.UploadId) throw new Error('The bucket started a multipart upload without an UploadId');
    return { id: answer.UploadId, staging };
  }

  async partUrl(upload: BackendPartUpload, number: number, expiresAt: number): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    return getSignedUrl(
      this.#client,
      new UploadPartCommand({
        Bucket: this.#bucket,
        Key: upload.staging,
        UploadId: upload.id,
        PartNumber: number,
      }),
      { expiresIn: Math.max(1, expiresAt - now) },
    );
  }

  async writePart(
    upload: BackendPartUpload,
    number: number,
    content: Readable,
    size: number,
  ): Promise<string> {
    const answer = await this.#client.send(
      new UploadPartCommand({
        Bucket: this.#bucket,
        Key: upload.staging,
        UploadId: upload.id,
        PartNumber: number,
        Body: content,
        ContentLength: size,
      }),
    );
    return answer.ETag ?? '';
  }

  async assemble(
    upload: BackendPartUpload,
    parts: readonly { number: number; etag: string }[],
    path: string,
  ): Promise<AssembledObject> {
    await this.#client.send(
      new CompleteMultipartUploadCommand({
        Bucket: this.#bucket,
        Key: upload.staging,
        UploadId: upload.id,
        MultipartUpload: { Parts: parts.map((part) => ({ PartNumber: part.number, ETag: part.etag })) },
      }),
    );
    const forget = async () => {
      await this.#client.send(new DeleteObjectCommand({ Bucket: this.#bucket, Key: upload.staging }));
    };
    return {
      read: async () =>
        (await this.#client.send(new GetObjectCommand({ Bucket: this.#bucket, Key: upload.staging })))
          .Body as Readable,
      commit: async (contentType) => {
        await this.#client.send(
          new CopyObjectCommand({
            Bucket: this.#bucket,
            Key: this.#key(path),
            CopySource: `${this.#bucket}/${encodeURI(upload.staging)}`,
            ContentType: contentType,
            MetadataDirective: 'REPLACE',
          }),
        );
        await forget();
      },
      discard: forget,
    };
  }

  async abortParts(upload: BackendPartUpload): Promise<void> {
    // Not every S3-compatible server aborts (nor lists) multipart uploads; a bucket lifecycle rule
    // (AbortIncompleteMultipartUpload) clears what is left.
    await this.#client
      .send(
        new AbortMultipartUploadCommand({ Bucket: this.#bucket, Key: upload.staging, UploadId: upload.id }),
      )
      .catch(() => {});
  }

  async read(path: string, range?: ByteRange): Promise<Readable> {
    try {
      const answer = await this.#client.send(
        new GetObjectCommand({
          Bucket: this.#bucket,
          Key: this.#key(path),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      return answer.Body as Readable;
    } catch (error) {
      if (
        error instanceof NoSuchKey ||
        (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404)
      ) {
        throw new ObjectMissingError(path);
      }
      throw error;
    }
  }

  async displayUrl(path: string, signedAt: number, expiresAt: number, download?: string): Promise<string> {
    // A presigned GET serves range requests as the bucket does; a download names its file.
    const get = new GetObjectCommand({
      Bucket: this.#bucket,
      Key: this.#key(path),
      ...(download ? { ResponseContentDisposition: `attachment; filename="${download}"` } : {}),
    });
    return getSignedUrl(this.#client, get, {
      signingDate: new Date(signedAt * 1000),
      expiresIn: expiresAt - signedAt,
    });
  }

  async displayOrigin(): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    return new URL(await this.displayUrl('origin', now, now + 60)).origin;
  }
}
