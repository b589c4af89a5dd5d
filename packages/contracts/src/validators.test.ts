import { describe, expect, it } from 'vitest';
import { loginPasswordBodySchema } from './account.js';
import { userMenusSchema } from './menu.js';
import {
  accountSchema,
  isCompanyName,
  isDeviceSerial,
  isEmail,
  isExternalLink,
  isMainlandPhone,
  md5HexSchema,
  patterns,
  wholeNumberSchema,
} from './validators.js';

describe('spec §5.1 helper checks', () => {
  it('a mainland phone is 11 digits starting 1 with a second digit 3 to 9', () => {
    expect(isMainlandPhone('13800138000')).toBe(true);
    expect(isMainlandPhone('19912345678')).toBe(true);
    expect(isMainlandPhone('12800138000')).toBe(false);
    expect(isMainlandPhone('1380013800')).toBe(false);
    expect(isMainlandPhone('138001380001')).toBe(false);
    expect(isMainlandPhone('23800138000')).toBe(false);
  });

  it('a verification code is exactly 6 digits', () => {
    expect(patterns.verificationCode.test('123456')).toBe(true);
    expect(patterns.verificationCode.test('12345')).toBe(false);
    expect(patterns.verificationCode.test('12345a')).toBe(false);
  });

  it('an email has word characters, an at sign, a domain and a 2 to 4 letter ending', () => {
    expect(isEmail('owner@demo.com')).toBe(true);
    expect(isEmail('a.b@mail.example.info')).toBe(true);
    expect(isEmail('owner@demo')).toBe(false);
    expect(isEmail('owner@demo.c')).toBe(false);
    expect(isEmail('owner@demo.museum')).toBe(false);
  });

  it('id kinds are 32 alphanumerics, or 1 to 16 alphanumerics', () => {
    expect(patterns.id32.test('a'.repeat(32))).toBe(true);
    expect(patterns.id32.test('a'.repeat(31))).toBe(false);
    expect(patterns.id16.test('abc123')).toBe(true);
    expect(patterns.id16.test('a'.repeat(17))).toBe(false);
    expect(patterns.id16.test('')).toBe(false);
  });

  it('a device code is 8 hex, a dash, 8 hex', () => {
    expect(patterns.deviceCode.test('0a1b2c3d-DEADBEEF')).toBe(true);
    expect(patterns.deviceCode.test('0a1b2c3d_deadbeef')).toBe(false);
  });

  it('a device serial is 10 digits, 132 (ipc) or 118 (nvr), 7 digits; either without a type', () => {
    const ipc = '1234567890' + '132' + '1234567';
    const nvr = '1234567890' + '118' + '1234567';
    expect(isDeviceSerial(ipc, 'ipc')).toBe(true);
    expect(isDeviceSerial(nvr, 'ipc')).toBe(false);
    expect(isDeviceSerial(nvr, 'nvr')).toBe(true);
    expect(isDeviceSerial(ipc)).toBe(true);
    expect(isDeviceSerial(nvr)).toBe(true);
    expect(isDeviceSerial('1234567890' + '100' + '1234567')).toBe(false);
  });

  it('a company name is 3 to 100 Chinese characters with full-width brackets ignored', () => {
    expect(isCompanyName('某某科技有限公司')).toBe(true);
    expect(isCompanyName('某某（深圳）科技')).toBe(true);
    expect(isCompanyName('某某(深圳)科技')).toBe(false);
    expect(isCompanyName('某某')).toBe(false);
    expect(isCompanyName('某'.repeat(101))).toBe(false);
  });

  it('external links start with http(s), mailto or tel', () => {
    expect(isExternalLink('https://example.com')).toBe(true);
    expect(isExternalLink('mailto:a@b.cn')).toBe(true);
    expect(isExternalLink('tel:10086')).toBe(true);
    expect(isExternalLink('/dashboard')).toBe(false);
  });
});

describe('password sign-in payload (spec §7.1)', () => {
  const md5 = 'e10adc3949ba59abbe56e057f20f883e';

  it('accepts a phone or an email as the account', () => {
    expect(accountSchema.safeParse('13800138000').success).toBe(true);
    expect(accountSchema.safeParse('owner@demo.com').success).toBe(true);
    expect(accountSchema.safeParse('someone').error?.issues[0]?.message).toBe('validation.account');
  });

  it('requires the password as an md5 hex digest and normalises it to lower case', () => {
    expect(md5HexSchema.parse(md5.toUpperCase())).toBe(md5);
    expect(md5HexSchema.safeParse('123456').error?.issues[0]?.message).toBe('validation.md5');
  });

  it('names each missing field with the required message', () => {
    const result = loginPasswordBodySchema.safeParse({});
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['account', 'validation.required'],
      ['password', 'validation.required'],
    ]);
  });
});

describe('a whole-number field', () => {
  it('accepts its bounds and answers its one message for anything else', () => {
    const percent = wholeNumberSchema(0, 100, 'validation.percent');
    expect(percent.safeParse(0).success).toBe(true);
    expect(percent.safeParse(100).success).toBe(true);
    for (const wrong of [undefined, '50', 1.5, -1, 101]) {
      expect(percent.safeParse(wrong).error?.issues.map((issue) => issue.message)).toEqual([
        'validation.percent',
      ]);
    }
  });
});

describe('user menus (spec §4.1)', () => {
  it('accept a tree or an empty object meaning no access', () => {
    expect(userMenusSchema.safeParse({}).success).toBe(true);
    expect(userMenusSchema.safeParse([]).success).toBe(true);
    expect(userMenusSchema.safeParse({ a: 1 }).success).toBe(false);
  });
});
