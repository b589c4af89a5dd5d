/** Hologram parking scheme files for tests (issue 32): TAR archives made with tar-stream. */
import { pack } from 'tar-stream';

/** A TAR archive of these files. */
export async function tarOf(files: Record<string, string | Buffer>): Promise<Buffer> {
  const archive = pack();
  for (const [name, content] of Object.entries(files)) archive.entry({ name }, content);
  archive.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of archive) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

let made = 0;
/** A scheme file with its manifest and the two screens it names; different bytes each time. */
export function schemeFile(): Promise<Buffer> {
  made += 1;
  return tarOf({
    'manifest.json': JSON.stringify({
      format: 'vap-hologram-scheme',
      version: 1,
      screens: [{ file: 'screens/entry.png', seconds: 8 }, { file: 'screens/full.png' }],
    }),
    'screens/entry.png': `entry ${made} ${Math.random()}`,
    'screens/full.png': Buffer.alloc(40_000, made),
  });
}
