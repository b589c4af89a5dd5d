import { pluginManifest } from '@vap/kernel';
import { describe, expect, it } from 'vitest';
import plugin from './index.js';

describe('the system plugin', () => {
  it("claims system_user, system_role and the owner's system_audit with the buttons they check (spec §2.3, §6)", () => {
    expect(pluginManifest(plugin)).toMatchObject({
      id: 'system',
      pages: expect.arrayContaining([
        expect.objectContaining({ name: 'system_user', buttons: ['add', 'edit', 'role', 'delete'] }),
        expect.objectContaining({ name: 'system_role', buttons: ['add', 'edit', 'delete'] }),
        expect.objectContaining({ name: 'system_audit', buttons: [] }),
      ]),
      services: expect.arrayContaining(['system.api', 'system.audit']),
      messages: ['system'],
    });
  });
});
