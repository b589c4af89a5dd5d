import { describe, expect, it } from 'vitest';
import {
  AUDIT_ACTIONS,
  AUDIT_CSV_COLUMNS,
  AUDIT_FILTERS,
  AUDIT_ORDER_KEYS,
  auditActionNameSchema,
  auditEntrySchema,
} from './audit.js';
import { checkOrders, checkWheres } from './list.js';

describe('audit log contract (issue 6)', () => {
  it('filters by user id (=), action (= or like) and time (between, >=, <=), nothing else', () => {
    const accepted = checkWheres(
      [
        { k: 'user_id', o: '=', v: 7 },
        { k: 'action', o: '=', v: 'system.role.update' },
        { k: 'action', o: 'like', v: 'role' },
        { k: 'created_at', o: 'between', v: ['2025-01-01T00:00:00Z', '2025-01-31T23:59:59+08:00'] },
        { k: 'created_at', o: '>=', v: '2025-01-01T00:00:00Z' },
      ],
      AUDIT_FILTERS,
    );
    expect(accepted.ok).toBe(true);
    for (const refused of [
      { k: 'ip', o: '=', v: '10.0.0.1' },
      { k: 'user_id', o: 'like', v: '7' },
      { k: 'user_id', o: '=', v: '7' },
      { k: 'action', o: '=', v: 'DROP TABLE' },
      { k: 'created_at', o: 'between', v: ['2025-01-01', 'tomorrow'] },
    ]) {
      expect(checkWheres([refused], AUDIT_FILTERS).ok, JSON.stringify(refused)).toBe(false);
    }
  });

  it('sorts by time, action or user only', () => {
    expect(checkOrders([{ k: 'action', o: 'asc' }], AUDIT_ORDER_KEYS).ok).toBe(true);
    expect(checkOrders([{ k: 'before', o: 'asc' }], AUDIT_ORDER_KEYS).ok).toBe(false);
  });

  it('names every action as dotted lower-case words, once', () => {
    for (const action of AUDIT_ACTIONS)
      expect(auditActionNameSchema.safeParse(action).success, action).toBe(true);
    expect(new Set(AUDIT_ACTIONS).size).toBe(AUDIT_ACTIONS.length);
  });

  it('exports every field of an entry as a CSV column', () => {
    expect([...AUDIT_CSV_COLUMNS].sort()).toEqual(Object.keys(auditEntrySchema.shape).sort());
  });
});
