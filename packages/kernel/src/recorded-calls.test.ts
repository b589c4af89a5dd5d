import { encodeListParam, type Order, type Where } from '@vap/contracts';
import { describe, expect, it } from 'vitest';
import { callsTo, ordersOf, wheresOf } from './recorded-calls.js';
import { fakeApi } from './testing.js';

const wheres: Where[] = [{ k: 'state', o: '=', v: 0 }];
const orders: Order[] = [{ k: 'created_at', o: 'desc' }];

describe('reading the calls a page sent', () => {
  it('callsTo keeps the calls of one method and path, oldest first', async () => {
    const api = fakeApi({ '/v1/items': { body: { items: [] } } });
    await api.fetch('/webapi/v1/items?page=1');
    await api.fetch('/webapi/v1/items', { method: 'POST', body: '{"name":"a"}' });
    await api.fetch('/webapi/v1/other');
    await api.fetch('/webapi/v1/items?page=2');
    const gets = callsTo(api.calls, 'GET', '/v1/items');
    expect(gets.map((call) => call.query.get('page'))).toEqual(['1', '2']);
    expect(callsTo(api.calls, 'POST', '/v1/items').map((call) => call.body)).toEqual([{ name: 'a' }]);
    expect(callsTo(api.calls, 'DELETE', '/v1/items')).toEqual([]);
  });

  it("wheresOf and ordersOf decode a list call's conditions and order as the server does", async () => {
    const api = fakeApi();
    const query = new URLSearchParams({ wheres: encodeListParam(wheres), orders: encodeListParam(orders) });
    await api.fetch(`/webapi/v1/items?${query}`);
    expect(wheresOf(api.calls[0])).toEqual(wheres);
    expect(ordersOf(api.calls[0])).toEqual(orders);
  });

  it('a call without conditions or order, or no call at all, has none', async () => {
    const api = fakeApi();
    await api.fetch('/webapi/v1/items?page=1');
    expect(wheresOf(api.calls[0])).toEqual([]);
    expect(ordersOf(api.calls[0])).toEqual([]);
    expect(wheresOf(undefined)).toEqual([]);
    expect(ordersOf(undefined)).toEqual([]);
  });
});
