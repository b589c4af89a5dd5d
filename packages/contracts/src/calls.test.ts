import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import {
  type CallInput,
  type CallOutput,
  callKey,
  declareCalls,
  type PathParams,
  pathOf,
  refusalsOf,
} from './calls.js';
import type { ListQuery } from './list.js';
import { decodeListParam, listParams } from './list-param.js';
import { SYSTEM_CALLS } from './system-calls.js';

const area = {
  thing: z.object({ id: z.number(), name: z.string() }),
  params: z.object({ id: z.coerce.number() }),
};

describe('declared calls', () => {
  it('a call keeps its facts and loads its schemas from its area once, on first use', async () => {
    let loads = 0;
    const calls = declareCalls(
      async () => {
        loads++;
        return area;
      },
      {
        thing: {
          method: 'GET',
          path: '/v1/things/:id',
          access: { page: 'dashboard' },
          tags: ['things'],
          summary: 'One thing',
          schemas: (s) => ({ params: s.params, response: s.thing }),
        },
        other: {
          method: 'DELETE',
          path: '/v1/things/:id',
          access: 'owner',
          tags: ['things'],
          summary: 'Deletes a thing',
          schemas: (s) => ({ params: s.params, response: null }),
        },
      },
    );
    expect(calls.thing.method).toBe('GET');
    expect(calls.thing.path).toBe('/v1/things/:id');
    expect(loads).toBe(0);
    const [thing, other] = await Promise.all([calls.thing.schemas(), calls.other.schemas()]);
    expect(thing.response).toBe(area.thing);
    expect(other.response).toBeNull();
    await calls.thing.schemas();
    expect(loads).toBe(1);
    expectTypeOf<CallOutput<typeof calls.thing>>().toEqualTypeOf<{ id: number; name: string }>();
    expectTypeOf<CallOutput<typeof calls.other>>().toEqualTypeOf<undefined>();
    expectTypeOf<CallInput<typeof calls.thing>['params']>().toEqualTypeOf<{ id: unknown }>();
  });

  it('a failed load of the schemas is tried again by the next call', async () => {
    let fail = true;
    const calls = declareCalls(
      async () => {
        if (fail) throw new Error('offline');
        return area;
      },
      {
        thing: {
          method: 'GET',
          path: '/v1/things',
          access: 'user',
          tags: [],
          summary: '',
          schemas: (s) => ({ response: s.thing }),
        },
      },
    );
    await expect(calls.thing.schemas()).rejects.toThrow('offline');
    fail = false;
    await expect(calls.thing.schemas()).resolves.toMatchObject({ response: area.thing });
  });

  it("a call that gives no OpenAPI tags takes its area's; one that gives its own keeps them", () => {
    const calls = declareCalls(async () => area, ['things'], {
      thing: {
        method: 'GET',
        path: '/v1/things',
        access: 'user',
        summary: '',
        schemas: () => ({ response: null }),
      },
      dev: {
        method: 'GET',
        path: '/v1/dev',
        access: 'public',
        tags: ['development'],
        summary: '',
        schemas: () => ({ response: null }),
      },
    });
    expect(calls.thing.tags).toEqual(['things']);
    expect(calls.dev.tags).toEqual(['development']);
  });

  it('a path is filled with its parameters, each encoded as one segment, and refuses a missing one', () => {
    expect(pathOf({ path: '/v1/a/:id/b/:key' }, { id: 12, key: 'x/y' })).toBe('/v1/a/12/b/x%2Fy');
    expect(() => pathOf({ path: '/v1/a/:id' }, {})).toThrow(':id');
    expectTypeOf<PathParams<'/v1/a/:id/b/:key'>>().toEqualTypeOf<'id' | 'key'>();
  });

  it('a call answers the refusals its access and input imply, and those it declares', async () => {
    expect(refusalsOf(SYSTEM_CALLS.users, await SYSTEM_CALLS.users.schemas())).toEqual([400, 401, 403]);
    expect(refusalsOf(SYSTEM_CALLS.createRole, await SYSTEM_CALLS.createRole.schemas())).toEqual([
      400, 401, 403, 409,
    ]);
    expect(refusalsOf({ ...SYSTEM_CALLS.roles, access: 'user' }, { response: null })).toEqual([401]);
    expect(refusalsOf({ ...SYSTEM_CALLS.roles, access: 'public' }, { response: null })).toEqual([]);
  });

  it('a list call takes the list query, and its query key holds method, path and input', () => {
    expectTypeOf<CallInput<typeof SYSTEM_CALLS.users>['query']>().toEqualTypeOf<ListQuery>();
    const query: ListQuery = { page: 1, size: 20, wheres: [], orders: [] };
    expect(callKey(SYSTEM_CALLS.users, { query })).toEqual(['GET', '/v1/pms/company/users', { query }]);
    expect(callKey(SYSTEM_CALLS.users)).toEqual(['GET', '/v1/pms/company/users']);
  });

  it('an export’s own query takes the filters and sort as their encoded text, leaving out an empty one', () => {
    const wheres = [{ k: 'state', o: '=', v: 'paid' }] as const;
    const orders = [{ k: 'created_at', o: 'desc' }] as const;
    const { wheres: sent, orders: sorted } = listParams(wheres, orders);
    expect(decodeListParam(sent ?? '')).toEqual(wheres);
    expect(decodeListParam(sorted ?? '')).toEqual(orders);
    expect(listParams([], [])).toEqual({});
    expect(listParams(wheres)).toEqual({ wheres: sent });
  });
});
