import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The modules that code on the first load imports (the sign-in page, the kernel's request layer):
 * built one module per file with `"sideEffects": false` (tsup.config.ts), they keep zod out of
 * that load only as long as neither they nor what they import use zod.
 */
const ZOD_FREE = [
  'api-paths.ts',
  'route-patterns.ts',
  'path-with-id.ts',
  'paths-mqtt.ts',
  'paths-system.ts',
  'paths-notices.ts',
  'paths-algmall.ts',
  'paths-resources.ts',
  'paths-campaigns.ts',
  'paths-plate-recognition.ts',
  'paths-finance.ts',
  'paths-video.ts',
  'paths-cbs.ts',
  'paths-devices.ts',
  'paths-media.ts',
  'paths-voip.ts',
  'calls.ts',
  'declared-calls.ts',
  'operations-calls.ts',
  'cbs-calls.ts',
  'video-calls.ts',
  'algmall-calls.ts',
  'lvlm-lab-calls.ts',
  'hologram-calls.ts',
  'adpkg-calls.ts',
  'publication-calls.ts',
  'voip-calls.ts',
  'campaigns-calls.ts',
  'plate-recognition-calls.ts',
  'resources-calls.ts',
  'finance-calls.ts',
  'terminal-calls.ts',
  'tasks-calls.ts',
  'audit-calls.ts',
  'access-keys-calls.ts',
  'notices-calls.ts',
  'mqtt-calls.ts',
  'company-calls.ts',
  'account-calls.ts',
  'auth-calls.ts',
  'devices-calls.ts',
  'summary-calls.ts',
  'system-calls.ts',
  'constants.ts',
  'checks.ts',
  'format.ts',
  'money.ts',
  'json-depth.ts',
  'list-param.ts',
  'menu-path.ts',
  'text.ts',
];

const importsOf = (file: string) =>
  [
    ...readFileSync(new URL(file, import.meta.url), 'utf8').matchAll(
      // Type-only imports are erased from the build; a call's schemas load through `import()`.
      /^(?:import|export)(?! type )[^;]*?from '([^']+)';$/gm,
    ),
  ].map((match) => match[1]);

describe('zod-free modules', () => {
  it.each(ZOD_FREE)('%s imports neither zod nor a module that does', (file) => {
    for (const imported of importsOf(file)) {
      expect(imported, `${file} imports ${imported}`).toMatch(/^\.\//);
      expect(ZOD_FREE, `${file} imports ${imported}`).toContain(imported?.replace(/^\.\/(.*)\.js$/, '$1.ts'));
    }
  });

  it('no module loads zod itself: a loader importing it whole would keep every export of zod in the build', () => {
    const sources = readdirSync(new URL('.', import.meta.url)).filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
    );
    for (const file of sources) {
      expect(readFileSync(new URL(file, import.meta.url), 'utf8'), file).not.toMatch(
        /import\(\s*['"]zod['"]/,
      );
    }
  });

  it('the plain checks and the list encoding are re-exported where they were defined before', async () => {
    const validators = await import('./validators.js');
    const checks = await import('./checks.js');
    expect(validators.isEmail).toBe(checks.isEmail);
    expect(validators.patterns).toBe(checks.patterns);
    const list = await import('./list.js');
    const param = await import('./list-param.js');
    expect(list.encodeListParam).toBe(param.encodeListParam);
  });
});
