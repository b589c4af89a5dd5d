import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeWoff2 } from './pdf-download.js';

const files = join(
  dirname(createRequire(import.meta.url).resolve('@fontsource/noto-sans-sc/package.json')),
  'files',
);
const TRUETYPE = '00010000';

describe('PDF fonts', () => {
  it('decodes fonts asked for at once each to its own TrueType bytes', async () => {
    const woff2s = await Promise.all(
      ['chinese-simplified-400', 'chinese-simplified-700', '100-400'].map((face) =>
        readFile(join(files, `noto-sans-sc-${face}-normal.woff2`)),
      ),
    );
    const decoded = await Promise.all(woff2s.map((woff2) => decodeWoff2(woff2)));
    for (const bytes of decoded) expect(bytes.subarray(0, 4).toString('hex')).toBe(TRUETYPE);
    expect(new Set(decoded.map((bytes) => bytes.length)).size).toBe(3);
  });
});
