import { describe, expect, it } from 'vitest';
import { parseObjectPath } from './company.js';
import { createUpgradeTaskBodySchema, firmwareTokenBodySchema, firmwareVersionSchema } from './tasks.js';

const MD5 = '9e107d9d372bb6826bd81d3542a419d6';

describe('device tasks (issue 16)', () => {
  it('stores firmware only as .bin and images never as .bin', () => {
    expect(parseObjectPath(`firmware/12_${MD5}.bin`)).toMatchObject({
      kind: 'firmware',
      companyId: 12,
      md5: MD5,
    });
    expect(parseObjectPath(`firmware/12_${MD5}.png`)).toBeNull();
    expect(parseObjectPath(`logo/12_${MD5}.bin`)).toBeNull();
    expect(parseObjectPath(`logo/12_${MD5}.png`)).toMatchObject({ kind: 'logo', extension: 'png' });
    expect(parseObjectPath(`firmware/../12_${MD5}.bin`)).toBeNull();
  });

  it('takes a firmware package of at most 100 MB', () => {
    const name = `firmware/12_${MD5}.bin`;
    expect(firmwareTokenBodySchema.safeParse({ name, size: 100 * 1024 * 1024 }).success).toBe(true);
    const over = firmwareTokenBodySchema.safeParse({ name, size: 100 * 1024 * 1024 + 1 });
    expect(over.error?.issues[0]?.message).toBe('validation.firmwareSize');
  });

  it('takes versions of letters, digits, dots, hyphens and underscores', () => {
    expect(firmwareVersionSchema.safeParse('V5.3.0-build_42').success).toBe(true);
    expect(firmwareVersionSchema.safeParse('V5 3').success).toBe(false);
    expect(firmwareVersionSchema.safeParse('').success).toBe(false);
  });

  it('gives an upgrade task a deadline of 24 hours and a device timeout of 15 minutes unless told', () => {
    const body = createUpgradeTaskBodySchema.parse({ firmware_id: 1, target: { group_id: 3 } });
    expect(body).toMatchObject({ deadline_hours: 24, timeout_minutes: 15 });
    expect(
      createUpgradeTaskBodySchema.safeParse({ firmware_id: 1, target: { device_ids: [] } }).success,
    ).toBe(false);
  });
});
