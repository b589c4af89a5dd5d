import { describe, expect, it } from 'vitest';
import { checkOrders, checkWheres } from './list.js';
import { MESSAGE_FILTERS, NOTICE_FILTERS, NOTICE_ORDER_KEYS } from './notices.js';

describe('notice and message filters (spec §7.4)', () => {
  it('accept the unread filter of the dots, a title search and a date range', () => {
    const result = checkWheres(
      [
        { k: 'state', o: '=', v: 0 },
        { k: 'title', o: 'like', v: ' 升级 ' },
        { k: 'published_at', o: 'between', v: ['2025-01-01T00:00:00.000Z', '2025-01-31T23:59:59.999Z'] },
      ],
      NOTICE_FILTERS,
    );
    expect(result).toEqual({
      ok: true,
      wheres: [
        { k: 'state', o: '=', v: 0 },
        { k: 'title', o: 'like', v: '升级' },
        { k: 'published_at', o: 'between', v: ['2025-01-01T00:00:00.000Z', '2025-01-31T23:59:59.999Z'] },
      ],
    });
  });

  it('refuse unknown keys, operators a key does not allow and values of the wrong shape', () => {
    expect(checkWheres([{ k: 'user_id', o: '=', v: 2 }], MESSAGE_FILTERS).ok).toBe(false);
    expect(checkWheres([{ k: 'state', o: 'like', v: '0' }], MESSAGE_FILTERS).ok).toBe(false);
    expect(checkWheres([{ k: 'state', o: '=', v: 2 }], MESSAGE_FILTERS).ok).toBe(false);
    expect(
      checkWheres([{ k: 'created_at', o: 'between', v: ['yesterday', 'today'] }], MESSAGE_FILTERS).ok,
    ).toBe(false);
    expect(checkWheres([{ k: 'toString', o: '=', v: 0 }], NOTICE_FILTERS).ok).toBe(false);
    expect(checkWheres(['state'], NOTICE_FILTERS).ok).toBe(false);
  });

  it('sort only by the keys a list names', () => {
    expect(checkOrders([{ k: 'published_at', o: 'desc' }], NOTICE_ORDER_KEYS)).toEqual({
      ok: true,
      orders: [{ k: 'published_at', o: 'desc' }],
    });
    expect(checkOrders([{ k: 'id; drop table notices', o: 'asc' }], NOTICE_ORDER_KEYS).ok).toBe(false);
    expect(checkOrders([{ k: 'title', o: 'sideways' }], NOTICE_ORDER_KEYS).ok).toBe(false);
  });
});
