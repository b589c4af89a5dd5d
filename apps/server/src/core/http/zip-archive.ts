/**
 * A zip archive a tenant sent (a workbook is one), read under limits. A 6.5 MB workbook whose
 * shared strings expanded to 6.4 GB killed the server: here every entry's bytes are counted as they
 * inflate, and reading stops at the entry's limit and at the archive's, whatever sizes the archive
 * declares (they are checked too, but only to refuse early). The archive is read from memory by
 * its central directory (yauzl), so an entry nobody asks for is never inflated at all, and the
 * inflating runs on zlib's thread pool, not on the server's thread.
 */
import { type Readable, Transform } from 'node:stream';
import yauzl from 'yauzl';
import { ApiError } from './errors.js';

export interface ArchiveLimits {
  /** Most entries the archive may list. */
  entries: number;
  /** Most bytes one entry may expand to. */
  entryBytes: number;
  /** Most bytes the entries read may expand to together. */
  totalBytes: number;
}

/** An archive that expands beyond its limits: 400 `archive_too_large`. */
export const archiveTooLarge = () => new ApiError(400, 'archive_too_large');

/** The bytes are no zip archive (or a damaged one): the caller says what it expected instead. */
export class NotAnArchive extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'NotAnArchive';
  }
}

export class ZipArchive {
  /** Bytes inflated so far, across every entry read. */
  private expanded = 0;

  private constructor(
    private readonly zip: yauzl.ZipFile,
    private readonly entries: ReadonlyMap<string, yauzl.Entry>,
    private readonly limits: ArchiveLimits,
  ) {}

  /** Opens an archive held in memory: its directory is read, none of its entries. */
  static async open(bytes: Buffer, limits: ArchiveLimits): Promise<ZipArchive> {
    const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
      yauzl.fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: true }, (error, opened) =>
        error ? reject(new NotAnArchive(error.message)) : resolve(opened),
      ),
    );
    if (zip.entryCount > limits.entries) {
      zip.close();
      throw archiveTooLarge();
    }
    const entries = new Map<string, yauzl.Entry>();
    await new Promise<void>((resolve, reject) => {
      zip.on('entry', (entry: yauzl.Entry) => {
        entries.set(entry.fileName, entry);
        zip.readEntry();
      });
      zip.once('end', () => resolve());
      zip.once('error', (error: Error) => reject(new NotAnArchive(error.message)));
      zip.readEntry();
    });
    return new ZipArchive(zip, entries, limits);
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  /**
   * An entry's bytes as they inflate. Past the entry's limit or the archive's the stream fails with
   * 400 `archive_too_large` and inflates no further; an entry that holds other bytes than its
   * declared size fails as `NotAnArchive`. Destroying the stream stops the inflating.
   */
  async read(name: string): Promise<Readable> {
    const entry = this.entries.get(name);
    if (!entry) throw new NotAnArchive(`no entry ${name}`);
    if (entry.uncompressedSize > this.limits.entryBytes) throw archiveTooLarge();
    if (entry.isEncrypted()) throw new NotAnArchive(`${name} is encrypted`);
    const inflating = await new Promise<Readable>((resolve, reject) =>
      this.zip.openReadStream(entry, (error, stream) =>
        error ? reject(new NotAnArchive(error.message)) : resolve(stream),
      ),
    );
    let entryBytes = 0;
    const counted = new Transform({
      transform: (chunk: Buffer, _encoding, done) => {
        entryBytes += chunk.length;
        this.expanded += chunk.length;
        if (entryBytes > this.limits.entryBytes || this.expanded > this.limits.totalBytes)
          done(archiveTooLarge());
        else done(null, chunk);
      },
    });
    inflating.once('error', (error) => counted.destroy(new NotAnArchive(error.message)));
    counted.once('close', () => inflating.destroy());
    return inflating.pipe(counted);
  }

  close(): void {
    this.zip.close();
  }
}
