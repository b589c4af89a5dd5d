import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { startsWithRoute } from '../../testing/route-start.js';
import type { CallerLoader } from '../auth/caller.js';
import type { TokenService } from '../auth/tokens.js';
import type { MenuCatalogue } from '../menu/catalogue.js';
import { type Access, registerAccessControl, unknownDeclarations } from './access.js';
import { registerErrorHandling } from './errors.js';

const CATALOGUE = [
  { id: 800, parentId: 0, name: 'system', type: 'dir' },
  { id: 801, parentId: 800, name: 'system_user', type: 'page' },
  { id: 80101, parentId: 801, name: 'add', type: 'btn' },
  { id: 802, parentId: 800, name: 'system_role', type: 'page' },
  { id: 80201, parentId: 802, name: 'edit', type: 'btn' },
];

/** An app with the access hook and one route declaring `access`; answers whether it starts. */
async function startWith(access: unknown) {
  const app = Fastify();
  registerErrorHandling(app);
  const catalogue = { all: async () => CATALOGUE } as unknown as MenuCatalogue;
  registerAccessControl(app, {} as TokenService, { callers: {} as CallerLoader, catalogue });
  return startsWithRoute(app, { access: access as Access });
}

describe('access declarations', () => {
  it("accept 'public', 'user', 'owner' and a page of the catalogue with one of its buttons", async () => {
    for (const access of [
      'public',
      'user',
      'owner',
      { page: 'system_user' },
      { page: 'system_user', button: 'add' },
      {
        anyOf: [
          { page: 'system_user', button: 'add' },
          { page: 'system_role', button: 'edit' },
        ],
      },
    ]) {
      expect(await startWith(access)).toBe('started');
    }
  });

  it('stop start-up when missing or malformed', async () => {
    for (const access of [
      undefined,
      'admin',
      { page: 7 },
      { page: 'system_user', buttons: ['add'] },
      { anyOf: [] },
      { anyOf: [{ page: 'system_user' }], page: 'system_role' },
    ]) {
      expect(await startWith(access)).toMatch(/must declare config.access/);
    }
  });

  it('stop start-up when the page or button is not in the menu catalogue', async () => {
    expect(await startWith({ page: 'system_users' })).toMatch(
      /page system_users is not in the menu catalogue/,
    );
    expect(await startWith({ page: 'system' })).toMatch(/not in the menu catalogue/);
    // A button of another page does not count.
    expect(await startWith({ page: 'system_user', button: 'edit' })).toMatch(/has no button edit/);
    // Each page of several is checked.
    expect(
      await startWith({
        anyOf: [
          { page: 'system_user', button: 'add' },
          { page: 'system_role', button: 'add' },
        ],
      }),
    ).toMatch(/page system_role has no button add/);
  });

  it('lists every unknown declaration at once', () => {
    expect(
      unknownDeclarations(
        [
          { route: 'GET /a', access: { page: 'system_user', button: 'add' } },
          { route: 'GET /b', access: { page: 'system_role', button: 'add' } },
          { route: 'GET /c', access: { page: 'nowhere' as 'system_user' } },
        ],
        CATALOGUE,
      ),
    ).toEqual([
      'GET /b: page system_role has no button add',
      'GET /c: page nowhere is not in the menu catalogue',
    ]);
  });
});
