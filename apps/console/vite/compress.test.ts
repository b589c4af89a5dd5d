// @vitest-environment node
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from './compress.js';

describe('precompress', () => {
  let dir: string;
  const big = 'const console_code = "VAP";\n'.repeat(200);

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'vap-compress-'));
    await mkdir(join(dir, 'assets'));
    await writeFile(join(dir, 'assets/app-1a2b.js'), big);
    await writeFile(join(dir, 'index.html'), `<!doctype html>${'<p>x</p>'.repeat(300)}`);
    await writeFile(join(dir, 'assets/tiny.css'), 'a{}');
    await writeFile(join(dir, 'assets/logo.png'), Buffer.alloc(4096, 1));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('writes brotli and gzip copies beside every compressible file, which unpack to the file', async () => {
    expect(await precompress(dir)).toBe(2);
    const js = join(dir, 'assets/app-1a2b.js');
    expect(brotliDecompressSync(await readFile(`${js}.br`)).toString()).toBe(big);
    expect(gunzipSync(await readFile(`${js}.gz`)).toString()).toBe(big);
    expect((await readFile(`${js}.br`)).length).toBeLessThan(big.length / 10);
    await readFile(join(dir, 'index.html.br'));
  });

  it('leaves out tiny files and formats that are compressed already', async () => {
    await expect(readFile(join(dir, 'assets/tiny.css.br'))).rejects.toThrow();
    await expect(readFile(join(dir, 'assets/logo.png.br'))).rejects.toThrow();
  });
});
