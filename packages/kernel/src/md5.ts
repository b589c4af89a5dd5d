/**
 * md5 with spark-md5: the hex digest that password fields travel as (spec §7.1), and the digest of
 * a file's bytes for the object name `{kind}/{companyId}_{md5}.{ext}` of spec §7.2, which the store
 * checks against what it receives. A file is hashed chunk by chunk (spark-md5's incremental
 * hashing), so a 5 MB upload is never held as one more copy of itself.
 * spark-md5 loads with the first digest (a password sent, a file uploaded), not with the kernel:
 * every page would download it otherwise (8 KB minified in the console's entry chunk, issue 30 §5).
 */
import type SparkMD5 from 'spark-md5';

/** Bytes read and hashed at a time. */
const CHUNK = 2 * 1024 * 1024;

let loading: Promise<typeof SparkMD5> | undefined;
function sparkMd5(): Promise<typeof SparkMD5> {
  if (!loading) {
    loading = import('spark-md5').then((module) => module.default);
    // A failed download (the network gone) is tried again by the next digest.
    loading.catch(() => {
      loading = undefined;
    });
  }
  return loading;
}

/** The md5 hex digest of some bytes. */
export async function md5OfBytes(data: Uint8Array): Promise<string> {
  const spark = new (await sparkMd5()).ArrayBuffer();
  for (let offset = 0; offset < data.length || offset === 0; offset += CHUNK) {
    const end = Math.min(offset + CHUNK, data.length);
    spark.append(data.buffer.slice(data.byteOffset + offset, data.byteOffset + end) as ArrayBuffer);
    if (end === data.length) break;
  }
  return spark.end();
}

/** A blob's bytes; through FileReader where `Blob.arrayBuffer` is missing (jsdom). */
const bytesOf = (blob: Blob): Promise<ArrayBuffer> =>
  typeof blob.arrayBuffer === 'function'
    ? blob.arrayBuffer()
    : new Promise((resolve, reject) => {
        const reader = new FileReader();
        reader.onload = () => resolve(reader.result as ArrayBuffer);
        reader.onerror = () => reject(reader.error);
        reader.readAsArrayBuffer(blob);
      });

/** The md5 hex digest of a file, read and hashed chunk by chunk. */
export async function md5OfBlob(blob: Blob): Promise<string> {
  const spark = new (await sparkMd5()).ArrayBuffer();
  for (let offset = 0; offset < blob.size; offset += CHUNK) {
    spark.append(await bytesOf(blob.slice(offset, offset + CHUNK)));
  }
  return spark.end();
}

/** The md5 hex digest of a text's UTF-8 bytes: how a password travels (spec §7.1). */
export function md5Hex(text: string): Promise<string> {
  return md5OfBytes(new TextEncoder().encode(text));
}
