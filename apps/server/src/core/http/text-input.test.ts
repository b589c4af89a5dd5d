import { AUDIT_PATHS, encodeListParam, NTC_PATHS, SYSTEM_PATHS } from '@vap/contracts';
import { describe, expect, it } from 'vitest';
import { bearer, ENGINES, type TestApp } from '../../testing/harness.js';
import { blockApp } from '../../testing/suite-app.js';

describe.each(ENGINES)('text the API takes, on %s', (engine) => {
  let t: TestApp;
  let owner: Record<string, string>;
  blockApp(engine, async (app) => {
    t = app;
    owner = { ...bearer(await t.signIn()), 'accept-language': 'en' };
  });

  it('refuses a lone UTF-16 surrogate in a JSON body with 400, never a 500 from the audit log', async () => {
    // The role's name reaches the audit entry's `after`, a jsonb column, which refuses "\ud800".
    for (const name of ['role \ud800', '\udc00 role']) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/webapi${SYSTEM_PATHS.roles}`,
        headers: { ...owner, 'content-type': 'application/json' },
        payload: JSON.stringify({ name, menus: { dashboard: [] } }),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 'bad_request',
        message: 'Text must not contain unpaired UTF-16 surrogates',
      });
    }
  });

  it('takes a well-formed surrogate pair (an emoji) in the same field', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/webapi${SYSTEM_PATHS.roles}`,
      headers: owner,
      payload: { name: 'role 😀', menus: { dashboard: [] } },
    });
    expect(response.statusCode).toBe(200);
  });

  it('refuses a lone surrogate in a list filter with 400 invalid_list_query', async () => {
    const wheres = encodeURIComponent(encodeListParam([{ k: 'name', o: 'like', v: 'x\ud800' }]));
    const response = await t.app.inject({
      method: 'GET',
      url: `/webapi${SYSTEM_PATHS.children}?page=1&size=20&wheres=${wheres}`,
      headers: owner,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('invalid_list_query');
  });

  it.each([
    ['year 0', '0000-01-01T00:00:00Z'],
    ['year 10000 in UTC', '9999-12-31T23:59:59-14:00'],
  ])(
    'refuses a time filter in %s with 400 invalid_list_query on every list that takes one',
    async (_name, at) => {
      const lists = [
        [AUDIT_PATHS.list, 'created_at'],
        [AUDIT_PATHS.export, 'created_at'],
        [NTC_PATHS.notices, 'published_at'],
        [NTC_PATHS.messages, 'created_at'],
        [NTC_PATHS.messagesCount, 'created_at'],
      ] as const;
      for (const [path, key] of lists) {
        for (const where of [
          { k: key, o: '>=', v: at },
          { k: key, o: '<=', v: at },
          { k: key, o: 'between', v: ['2020-01-01T00:00:00Z', at] },
        ]) {
          const wheres = encodeURIComponent(encodeListParam([where]));
          const response = await t.app.inject({
            method: 'GET',
            url: `/webapi${path}?wheres=${wheres}`,
            headers: owner,
          });
          expect([path, where.o, response.statusCode]).toEqual([path, where.o, 400]);
          expect(response.json().code).toBe('invalid_list_query');
        }
      }
    },
  );

  it('takes the first and the last instant both engines store', async () => {
    const wheres = encodeURIComponent(
      encodeListParam([
        { k: 'created_at', o: 'between', v: ['0001-01-01T00:00:00Z', '9999-12-31T23:59:59.999Z'] },
      ]),
    );
    const response = await t.app.inject({
      method: 'GET',
      url: `/webapi${AUDIT_PATHS.list}?wheres=${wheres}`,
      headers: owner,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().total).toBeGreaterThan(0);
  });
});
