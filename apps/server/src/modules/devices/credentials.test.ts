import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../core/config.js';
import { ENGINES, type TestApp } from '../../testing/harness.js';
import { opsRunner } from '../../testing/ops.js';
import { blockApp } from '../../testing/suite-app.js';
import { DEVICE_SECRETS } from './factory.js';
import { factoryCommands } from './ops.js';
import { DevicePresence } from './presence.js';

describe.each(ENGINES)(
  'npm run ops -- devices:credentials on %s (the device simulator’s units)',
  (engine) => {
    let t: TestApp;
    blockApp(engine, (app) => (t = app));

    const ops = opsRunner(
      factoryCommands,
      () => t.database,
      () => ({ ...loadConfig({}), serverSecret: t.serverSecret }),
    );
    const run = (args: string[]) => ops('devices:credentials', args);

    it('prints N bound units as CSV whose secrets connect them', async () => {
      const output = await run(['--count', '3']);
      const [header, ...lines] = output.trim().split('\r\n');
      expect(header).toBe('sn,secret,kind,model,firmware_version');
      expect(lines).toHaveLength(3);
      const presence = new DevicePresence(t.database.db, t.secrets.box(DEVICE_SECRETS));
      for (const line of lines) {
        const [sn = '', secret = '', kind] = line.split(',');
        expect(kind).toMatch(/^(ipc|nvr)$/);
        expect(await presence.authenticate(sn, secret)).toMatchObject({ sn });
      }
    });

    it('refuses a count out of range or an unknown option with its usage', async () => {
      for (const args of [
        ['--count', '0'],
        ['--count', 'x'],
        ['--count', '100001'],
        ['--kind', 'ipc'],
        ['--count'],
      ]) {
        await expect(run(args)).rejects.toThrow(/Usage: devices:credentials/);
      }
    });
  },
);
