/**
 * A scheme file read as the archive it must be (issue 32): a TAR streamed from the object store
 * through tar-stream, entry by entry, never held whole; `manifest.json` (at most 64 KiB) parsed and
 * checked, and every screen it names found among the archive's files. Anything else — no archive,
 * a cut one, no manifest, a manifest naming a file the archive lacks, too many entries — is
 * 'file content incorrect' (spec §8).
 */
import type { Readable } from 'node:stream';
import {
  HOLOGRAM_ARCHIVE_MAX_ENTRIES,
  HOLOGRAM_MANIFEST_MAX_BYTES,
  HOLOGRAM_MANIFEST_NAME,
  type HologramManifest,
  hologramManifestSchema,
} from '@vap/contracts';
import { extract } from 'tar-stream';
import { boundedBytes } from '../../core/http/bounded-bytes.js';
import { ApiError } from '../../core/http/errors.js';

const incorrect = () => new ApiError(400, 'file_content_incorrect');

/** `./a/b` and `a/b` are one name. */
const normalised = (name: string) => name.replace(/^(\.\/)+/, '');

/** The manifest of a scheme file, once the whole archive has been read and found whole. */
export async function readSchemeFile(content: Readable): Promise<HologramManifest> {
  const archive = extract();
  const files = new Set<string>();
  let manifestText: string | undefined;
  let entries = 0;
  content.on('error', (error) => archive.destroy(error));
  content.pipe(archive);
  try {
    for await (const entry of archive) {
      if (++entries > HOLOGRAM_ARCHIVE_MAX_ENTRIES) throw incorrect();
      const name = normalised(entry.header.name);
      const isFile = entry.header.type === 'file' || entry.header.type === 'contiguous-file';
      if (isFile && name === HOLOGRAM_MANIFEST_NAME) {
        if (entry.header.size !== undefined && entry.header.size > HOLOGRAM_MANIFEST_MAX_BYTES)
          throw incorrect();
        // The archive is torn down below on the refusal, the entry with it.
        const manifest = await boundedBytes(entry, { max: HOLOGRAM_MANIFEST_MAX_BYTES, tooLarge: incorrect });
        manifestText = manifest.toString('utf8');
      } else {
        // Its bytes are read, and dropped, before the next entry comes.
        for await (const _chunk of entry) {
          // Nothing kept.
        }
      }
      if (isFile) files.add(name);
    }
  } catch (error) {
    content.unpipe(archive);
    content.destroy();
    if (error instanceof ApiError) throw error;
    throw incorrect();
  }
  if (manifestText === undefined) throw incorrect();
  let manifest: HologramManifest;
  try {
    manifest = hologramManifestSchema.parse(JSON.parse(manifestText));
  } catch {
    throw incorrect();
  }
  if (manifest.screens.some((screen) => !files.has(normalised(screen.file)))) throw incorrect();
  return manifest;
}
