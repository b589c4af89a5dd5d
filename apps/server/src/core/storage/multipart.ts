/**
 * A `multipart/form-data` body (RFC 7578) read as it arrives, by busboy: text fields are kept (a
 * few, small), file parts are handed over as streams and never held here. Anything malformed is a
 * 400, a body over its limit a 413; what was received of a file by then is discarded.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { type Readable, Transform } from 'node:stream';
import busboy from 'busboy';
import { ApiError } from '../http/errors.js';

const MAX_PARTS = 8;
const MAX_HEADER_PAIRS = 8;
const MAX_FIELD_BYTES = 1024;

export interface StreamedForm<File> {
  fields: Map<string, string>;
  files: Map<string, File>;
}

export interface MultipartOptions<File extends { discard(): Promise<void> }> {
  /** The largest body, envelope included. */
  maxBytes: number;
  /**
   * Called for each file part; must consume the stream (or fail). `fields` are the text fields
   * received so far (those sent before the file).
   */
  onFile: (
    name: string,
    stream: Readable,
    part: { filename: string; fields: ReadonlyMap<string, string> },
  ) => Promise<File>;
}

export function readMultipart<File extends { discard(): Promise<void> }>(
  body: Readable,
  headers: IncomingHttpHeaders,
  { maxBytes, onFile }: MultipartOptions<File>,
): Promise<StreamedForm<File>> {
  const declared = Number(headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    // Read and dropped, so that the client reads the answer rather than meeting a closed connection.
    body.resume();
    return Promise.reject(tooLarge());
  }
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers,
      limits: {
        parts: MAX_PARTS,
        headerPairs: MAX_HEADER_PAIRS,
        fieldSize: MAX_FIELD_BYTES,
        fieldNameSize: 100,
      },
    });
  } catch {
    // Not multipart, or no boundary.
    return Promise.reject(new ApiError(415, 'unsupported_media_type'));
  }

  return new Promise((resolve, reject) => {
    const form: StreamedForm<File> = { fields: new Map(), files: new Map() };
    const names = new Set<string>();
    const pending: Promise<File>[] = [];
    const streams = new Set<Readable>();
    let failed = false;
    let bytes = 0;

    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        bytes += chunk.length;
        if (bytes > maxBytes) done(tooLarge());
        else done(null, chunk);
      },
    });

    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      body.unpipe(counter);
      counter.unpipe(parser);
      // The rest of the body is read and dropped, so that the client reads the answer.
      body.resume();
      for (const stream of streams) stream.destroy(error instanceof Error ? error : malformed());
      // Whatever was received of a file is not kept.
      void Promise.allSettled(pending).then((results) =>
        Promise.allSettled(
          results.flatMap((result) => (result.status === 'fulfilled' ? [result.value.discard()] : [])),
        ),
      );
      reject(error instanceof ApiError ? error : malformed());
    };

    const claim = (name: string) => {
      if (names.has(name)) {
        fail(malformed());
        return false;
      }
      names.add(name);
      return true;
    };

    parser.on('field', (name, value, info) => {
      if (failed || !claim(name)) return;
      if (info.valueTruncated || info.nameTruncated) return fail(malformed());
      form.fields.set(name, value);
    });
    parser.on('file', (name, stream, info) => {
      if (failed || !claim(name)) {
        stream.resume();
        return;
      }
      streams.add(stream);
      // Its errors reach its reader (onFile) and this form as the parser's own.
      stream.on('error', () => {});
      stream.once('end', () => streams.delete(stream));
      const file = onFile(name, stream, { filename: info.filename ?? '', fields: form.fields });
      pending.push(file);
      file.then(
        (received) => form.files.set(name, received),
        (error: unknown) => fail(error),
      );
    });
    parser.on('partsLimit', () => fail(malformed()));
    parser.on('filesLimit', () => fail(malformed()));
    parser.on('fieldsLimit', () => fail(malformed()));
    parser.on('error', (error) => fail(error));
    counter.on('error', (error) => fail(error));
    body.on('error', (error) => fail(error));
    parser.on('close', () => {
      if (failed) return;
      // The form has ended; the files' writes may still be finishing.
      Promise.all(pending).then(
        () => {
          if (!failed) resolve(form);
        },
        (error: unknown) => fail(error),
      );
    });
    body.pipe(counter).pipe(parser);
  });
}

const malformed = () => new ApiError(400, 'bad_request');
const tooLarge = () => new ApiError(413, 'payload_too_large');
