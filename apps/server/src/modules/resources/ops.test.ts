import { createHash } from 'node:crypto';
import { mkdir, readFile, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { RESOURCE_MAX_BYTES, type ResourceInput } from '@vap/contracts';
import { asc, isNull } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../core/config.js';
import { databasePerSuite, ENGINES } from '../../testing/harness.js';
import { opsRunner } from '../../testing/ops.js';
import { scratchDir } from '../../testing/scratch-dir.js';
import { resourceCommands } from './ops.js';
import { RESOURCES_FILE_MAX_BYTES } from './resources-file.js';
import { resources } from './schema.js';

const row = (code: string, file: string, rest: Partial<ResourceInput> = {}): ResourceInput => ({
  code,
  category: 'tool',
  name: { 'zh-CN': `工具 ${code}`, en: `Tool ${code}`, 'zh-TW': `工具 ${code}` },
  description: { 'zh-CN': '说明', en: 'About it', 'zh-TW': '說明' },
  version: '1.0.0',
  file,
  ...rest,
});

describe.each(ENGINES)('resources:* (npm run ops) on %s', (engine) => {
  const database = databasePerSuite(engine);
  const dir = scratchDir('vap-resources-ops-');
  const dataDir = () => join(dir(), 'data');
  const run = opsRunner(resourceCommands, database, () => loadConfig({ DATA_DIR: dataDir() }));
  let lists = 0;

  const list = async (content: unknown) => {
    const path = join(dir(), `resources-${++lists}.json`);
    await writeFile(path, typeof content === 'string' ? content : JSON.stringify(content));
    return path;
  };
  const file = async (name: string, content: string | Buffer) => {
    await writeFile(join(dir(), name), content);
    return name;
  };
  const stored = () =>
    database().db.select().from(resources).where(isNull(resources.companyId)).orderBy(asc(resources.code));

  beforeEach(async () => {
    await database().db.delete(resources);
    await mkdir(dataDir(), { recursive: true });
  });

  it('loads each row with its file into the object store, by md5, and the same list again changes nothing', async () => {
    const bytes = 'the configuration tool, version 1';
    const md5 = createHash('md5').update(bytes).digest('hex');
    const path = await list([
      row('alpha', await file('tool.exe', bytes), { models: ['IPC-200'] }),
      row('bravo', 'tool.exe', { file_name: 'bravo.exe' }),
    ]);
    expect(await run('resources:load', [path])).toBe('2 resources loaded: 2 added, 0 updated, 0 unchanged.');
    const first = await stored();
    expect(first.map((r) => [r.code, r.fileName, r.size, r.md5, r.path, r.models])).toEqual([
      ['alpha', 'tool.exe', bytes.length, md5, `resource/0_${md5}.bin`, ['IPC-200']],
      ['bravo', 'bravo.exe', bytes.length, md5, `resource/0_${md5}.bin`, []],
    ]);
    expect(await readFile(join(dataDir(), 'objects', `resource/0_${md5}.bin`), 'utf8')).toBe(bytes);
    expect(await run('resources:load', [path])).toBe('2 resources loaded: 0 added, 0 updated, 2 unchanged.');
    expect(await stored()).toEqual(first);
  });

  it('updates a resource whose row or file changed, keeping its id', async () => {
    await run('resources:load', [await list([row('alpha', await file('a.txt', 'one'))])]);
    const [before] = await stored();
    await file('a.txt', 'two, longer');
    expect(await run('resources:load', [await list([row('alpha', 'a.txt', { version: '1.1' })])])).toBe(
      '1 resource loaded: 0 added, 1 updated, 0 unchanged.',
    );
    const [after] = await stored();
    expect(after?.id).toBe(before?.id);
    expect([after?.version, after?.size]).toEqual(['1.1', 'two, longer'.length]);
  });

  it('reports bad rows (exit 1) and loads the good ones: fields, a code twice, a missing file, a file too large', async () => {
    const big = await file('big.bin', '');
    await truncate(join(dir(), big), RESOURCE_MAX_BYTES + 1);
    const path = await list([
      row('good', await file('g.txt', 'good')),
      { ...row('bad-category', 'g.txt'), category: 'virus' },
      row('good', 'g.txt'),
      row('missing', 'nowhere.txt'),
      row('huge', big),
    ]);
    const failure = await run('resources:load', [path]).catch((error: Error) => error.message);
    expect(failure).toContain('1 resource loaded: 1 added');
    expect(failure).toContain('4 rows refused');
    expect(failure).toContain('row 1 (bad-category): category');
    expect(failure).toContain('row 2 (good): code: also the code of row 0');
    expect(failure).toContain('row 3 (missing): file: cannot read nowhere.txt');
    expect(failure).toContain('row 4 (huge): file: big.bin is larger than');
    expect((await stored()).map((r) => r.code)).toEqual(['good']);
  });

  it('refuses a list that is no JSON list, too large, or too deep, loading nothing', async () => {
    await expect(run('resources:load', [await list('{"not": "a list"}')])).rejects.toThrow(
      'is not a JSON list',
    );
    await expect(
      run('resources:load', [
        await list(
          '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]',
        ),
      ]),
    ).rejects.toThrow('nests too deeply');
    const huge = await list('');
    await truncate(huge, RESOURCES_FILE_MAX_BYTES + 1);
    await expect(run('resources:load', [huge])).rejects.toThrow('is larger than');
    expect(await stored()).toEqual([]);
  });

  it('lists the vendor resources and removes one by code', async () => {
    expect(await run('resources:list', [])).toBe('No vendor resources.');
    await run('resources:load', [await list([row('alpha', await file('x.txt', 'x'))])]);
    expect(await run('resources:list', [])).toMatch(/^alpha\ttool\t1\.0\.0\t1\t[0-9a-f]{32}\t0$/);
    expect(await run('resources:remove', ['alpha'])).toBe('Removed alpha.');
    await expect(run('resources:remove', ['alpha'])).rejects.toThrow('No vendor resource alpha');
    expect(await stored()).toEqual([]);
  });
});
