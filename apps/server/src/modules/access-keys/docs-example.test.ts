import { execFile } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createKey } from '../../testing/access-keys.js';
import { bearer, type TestApp } from '../../testing/harness.js';
import { blockApp } from '../../testing/suite-app.js';

const DOC = join(import.meta.dirname, '../../../../../docs/open-api.md');

describe('docs/open-api.md', () => {
  let t: TestApp;
  let base: string;

  blockApp('pglite', async (app) => {
    t = app;
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });

  it('has a Node example that calls a listening server successfully with a key', async () => {
    const markdown = await readFile(DOC, 'utf8');
    const example = /```js\n([\s\S]*?)```/.exec(markdown)?.[1];
    expect(example).toContain("const BASE = 'https://console.example.com';");
    const key = await createKey(t, bearer(await t.signIn()));
    const script = join(t.dataDir, 'open-api-example.mjs');
    await writeFile(
      script,
      (example ?? '').replace("const BASE = 'https://console.example.com';", `const BASE = '${base}';`),
    );
    try {
      const { stdout } = await promisify(execFile)(process.execPath, [script], {
        env: { ...process.env, VAP_KEY_ID: key.id, VAP_KEY_SECRET: key.secret },
      });
      // The demo company has its owner and an operator.
      expect(stdout).toMatch(/^2 \[/);
    } finally {
      await rm(script, { force: true });
    }
  });
});
