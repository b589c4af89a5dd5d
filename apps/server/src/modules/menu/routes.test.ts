import { CATALOGUE_PATH, catalogueMenusSchema } from '@vap/contracts';
import { describe, expect, it } from 'vitest';
import { addAccount } from '../../testing/accounts.js';
import { bearer, type TestApp } from '../../testing/harness.js';
import { blockApp } from '../../testing/suite-app.js';

describe('GET /v1/pms/menus: the addresses of the catalogue pages', () => {
  let t: TestApp;
  blockApp('pglite', (app) => (t = app));

  it('answers every page with its address, also to a role that lacks most of them', async () => {
    const member = await addAccount(t, { company: 'demo', roleId: 999_999 });
    const response = await t.app.inject({
      method: 'GET',
      url: `/webapi${CATALOGUE_PATH}`,
      headers: member.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    const { pages } = catalogueMenusSchema.parse(response.json());
    expect(pages).toEqual(
      expect.arrayContaining([
        { name: 'system_role', path: '/system/role' },
        { name: 'recharge', path: '/finance/recharge' },
      ]),
    );
    expect(pages.map((page) => page.name)).not.toContain('open_docs');
  });

  it('asks for a signed-in user', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/webapi${CATALOGUE_PATH}` });
    expect(response.statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: `/webapi${CATALOGUE_PATH}`, headers: bearer('nonsense') }))
        .statusCode,
    ).toBe(401);
  });
});
