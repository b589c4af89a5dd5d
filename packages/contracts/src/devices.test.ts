import { describe, expect, it } from 'vitest';
import {
  BIND_TEMPLATE_ERROR_CODES,
  bindDeviceBodySchema,
  deviceGroupsSchema,
  deviceNameSchema,
  gb28181IdSchema,
  gbPasswordSchema,
  groupBodySchema,
  verifyDeviceBodySchema,
} from './devices.js';

describe('device rules of spec §5.1 and §5.4', () => {
  it('a device name is Chinese characters, letters, digits, _ or -, 1 to 20, not empty', () => {
    expect(deviceNameSchema.safeParse('前门_cam-01').success).toBe(true);
    expect(deviceNameSchema.safeParse('a'.repeat(20)).success).toBe(true);
    expect(deviceNameSchema.safeParse('a'.repeat(21)).success).toBe(false);
    expect(deviceNameSchema.safeParse('   ').success).toBe(false);
    expect(deviceNameSchema.safeParse('cam 1').success).toBe(false);
    expect(deviceNameSchema.safeParse('cam.1').success).toBe(false);
  });

  it('a GB28181 id is 20 digits with 132 (camera) or 118 (recorder) at digits 11 to 13', () => {
    expect(gb28181IdSchema.safeParse('34020000001320000001').success).toBe(true);
    expect(gb28181IdSchema.safeParse('34020000001180000001').success).toBe(true);
    expect(gb28181IdSchema.safeParse('34020000001310000001').success).toBe(false);
    expect(gb28181IdSchema.safeParse('3402000000132000001').success).toBe(false);
  });

  it('a GB28181 password has 4 to 20 characters', () => {
    expect(gbPasswordSchema.safeParse('abcd').success).toBe(true);
    expect(gbPasswordSchema.safeParse('abc').success).toBe(false);
    expect(gbPasswordSchema.safeParse('a'.repeat(21)).success).toBe(false);
  });

  it('binding by serial needs a valid serial and device code; the code is kept upper-case', () => {
    const bound = bindDeviceBodySchema.parse({
      mode: 'serial',
      sn: '12345678901320000001',
      device_code: 'abcdef01-23456789',
    });
    expect(bound).toMatchObject({ device_code: 'ABCDEF01-23456789', group_id: null });
    expect(
      bindDeviceBodySchema.safeParse({
        mode: 'serial',
        sn: '12345678901400000001',
        device_code: 'ABCDEF01-23456789',
      }).success,
    ).toBe(false);
    expect(
      bindDeviceBodySchema.safeParse({
        mode: 'serial',
        sn: '12345678901320000001',
        device_code: 'ABCDEF0123456789',
      }).success,
    ).toBe(false);
  });

  it('verification takes a serial or a device code, nothing else', () => {
    expect(verifyDeviceBodySchema.safeParse({ code: '12345678901180000001' }).success).toBe(true);
    expect(verifyDeviceBodySchema.safeParse({ code: 'ABCDEF01-23456789' }).success).toBe(true);
    expect(verifyDeviceBodySchema.safeParse({ code: 'hello' }).success).toBe(false);
  });

  it('a group holds at least one device', () => {
    expect(groupBodySchema.safeParse({ name: 'Lobby', max_devices: 1 }).success).toBe(true);
    expect(groupBodySchema.safeParse({ name: 'Lobby', max_devices: 0 }).success).toBe(false);
    expect(groupBodySchema.safeParse({ name: '', max_devices: 5 }).success).toBe(false);
  });

  it('the groups answer carries the ungrouped count only for a role with all-group access', () => {
    expect(deviceGroupsSchema.parse({ items: [], ungrouped: 3 }).ungrouped).toBe(3);
    expect(deviceGroupsSchema.parse({ items: [] }).ungrouped).toBeUndefined();
  });

  it('bindTemplateError has the six codes 0 to 5', () => {
    expect(BIND_TEMPLATE_ERROR_CODES).toEqual([0, 1, 2, 3, 4, 5]);
  });
});
