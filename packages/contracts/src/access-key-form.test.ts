import { describe, expect, it } from 'vitest';
import { accessKeyExpiry, createAccessKeyFormSchema } from './access-keys.js';

const form = (extra: object) => ({
  bandwidth_mbps: '2.5',
  is_access_all_group: false,
  group_ids: [],
  operations: ['GET /v1/pms/company/users'],
  ...extra,
});
const messages = (value: unknown) =>
  createAccessKeyFormSchema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];

describe('the console form of a new access key', () => {
  it('reads the bandwidth as typed, and takes the chosen group ids, into the body the server takes', () => {
    expect(createAccessKeyFormSchema.parse(form({ bandwidth_mbps: ' 0.75 ', group_ids: [5, 2] }))).toEqual({
      bandwidth_mbps: 0.75,
      is_access_all_group: false,
      group_ids: [5, 2],
      operations: ['GET /v1/pms/company/users'],
    });
  });

  it('refuses a bandwidth that is empty, not a number or no multiple of 0.25 Mbps', () => {
    for (const bad of ['', '  ', 'abc', '0.3', '0', '-1', '1000.25']) {
      expect(messages(form({ bandwidth_mbps: bad }))).toEqual(['validation.bandwidth']);
    }
  });

  it('refuses group ids that are no list of ids, and an empty choice of interfaces', () => {
    expect(messages(form({ group_ids: '1, 2' }))).toEqual(['validation.accessKeyGroups']);
    expect(messages(form({ operations: [] }))).toEqual(['validation.accessKeyOperations']);
  });

  it('has no expiry: a key expires ten years after it is created (spec §9)', () => {
    expect('expires_at' in createAccessKeyFormSchema.shape).toBe(false);
    expect(accessKeyExpiry(new Date('2026-03-01T08:00:00.000Z')).toISOString()).toBe(
      '2036-03-01T08:00:00.000Z',
    );
  });
});
