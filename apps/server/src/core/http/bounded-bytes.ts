/**
 * A stream read whole into memory, under a bound: what a tenant sends (a fingerprint file, an image,
 * a spreadsheet) or a stored object's range is held only up to `max` bytes, and refused as soon as
 * a chunk passes them, never after the whole has arrived.
 */

/** What is read: a Node stream, or one read the same way (tar-stream's entries are streamx's). */
export type ByteStream = AsyncIterable<unknown> & { resume(): unknown; destroy(): unknown };

export interface ByteBound {
  /** The most bytes held. */
  max: number;
  /** The refusal thrown once the stream passes `max` (each caller's own code: 413, 400…). */
  tooLarge: () => Error;
  /**
   * What becomes of the rest of a refused stream: `drain`, read and dropped, where the request must
   * still be read to its end for the client to read the answer; `destroy`, stopped; absent, left to
   * the caller (an entry of an archive the caller tears down).
   */
  rest?: 'drain' | 'destroy';
}

/** The whole of `stream`, or `tooLarge()` as soon as it passes `max` bytes. */
export async function boundedBytes(stream: ByteStream, { max, tooLarge, rest }: ByteBound): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > max) {
      if (rest === 'drain') stream.resume();
      else if (rest === 'destroy') stream.destroy();
      throw tooLarge();
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
