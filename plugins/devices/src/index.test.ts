import { pluginManifest } from '@vap/kernel';
import { describe, expect, it } from 'vitest';
import plugin from './index.js';

describe('the devices plugin', () => {
  it('claims the three device pages with the buttons they check, those of the tasks included (spec §2.3, §6)', () => {
    expect(pluginManifest(plugin)).toMatchObject({
      id: 'devices',
      pages: [
        expect.objectContaining({
          name: 'device_maintenance',
          buttons: [
            'bind',
            'edit',
            'unbind',
            'move',
            'group',
            'import',
            'export',
            'upgrade',
            'config',
            'telnet',
            'whitelist',
          ],
        }),
        expect.objectContaining({ name: 'device_bind_record', buttons: ['export'] }),
        expect.objectContaining({ name: 'device_verify', buttons: ['verify'] }),
      ],
      services: ['devices.api', 'devices.tasks'],
      messages: ['devices'],
    });
  });
});
