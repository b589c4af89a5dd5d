/**
 * The helper checks of spec §5.1 and the account rules of §5.2, defined once.
 * Messages are locale keys (`validation.*`): the console and the server translate them.
 */
import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from './constants.js';

export const patterns = {
  /** 11 digits starting 1, second digit 3 to 9. */
  mainlandPhone: /^1[3-9]\d{9}$/,
  verificationCode: /^\d{6}$/,
  /** Word characters, an at sign, a domain, a 2 to 4 letter ending. */
  email: /^[\w.+-]+@[\w-]+(\.[\w-]+)*\.[A-Za-z]{2,4}$/,
  id32: /^[A-Za-z0-9]{32}$/,
  id16: /^[A-Za-z0-9]{1,16}$/,
  deviceCode: /^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{8}$/,
  ipcSerial: /^\d{10}132\d{7}$/,
  nvrSerial: /^\d{10}118\d{7}$/,
  /** 3 to 100 Chinese characters once full-width brackets are removed. */
  companyName: /^[\u4e00-\u9fa5]{3,100}$/,
  personName: /^[\u4e00-\u9fa5]{2,10}$/,
  externalLink: /^(https?:|mailto:|tel:)/,
  md5Hex: /^[0-9a-f]{32}$/i,
} as const;

export type DeviceType = 'ipc' | 'nvr';

export const isMainlandPhone = (value: string) => patterns.mainlandPhone.test(value);
export const isEmail = (value: string) => patterns.email.test(value);
export const isExternalLink = (value: string) => patterns.externalLink.test(value);

/** Device serial of either kind when no type is given (spec §5.1). */
export function isDeviceSerial(value: string, type?: DeviceType): boolean {
  if (type === 'ipc') return patterns.ipcSerial.test(value);
  if (type === 'nvr') return patterns.nvrSerial.test(value);
  return patterns.ipcSerial.test(value) || patterns.nvrSerial.test(value);
}

/** Company names ignore full-width brackets (spec §5.1). */
export function isCompanyName(value: string): boolean {
  return patterns.companyName.test(value.replace(/[（）]/g, ''));
}

export const phoneSchema = z.string().trim().regex(patterns.mainlandPhone, 'validation.phone');
export const emailSchema = z.string().trim().regex(patterns.email, 'validation.email');
export const smsCodeSchema = z.string().regex(patterns.verificationCode, 'validation.smsCode');
/** Passwords travel as an md5 hex digest (spec §7.1). */
export const md5HexSchema = z
  .string({ error: 'validation.required' })
  .regex(patterns.md5Hex, 'validation.md5')
  .transform((value) => value.toLowerCase());
/** A plain password as typed into a form, before it is hashed. */
export const plainPasswordSchema = z.string().min(PASSWORD_MIN_LENGTH, 'validation.passwordTip');
export const personNameSchema = z.string().trim().regex(patterns.personName, 'validation.nickname');

/** The sign-in account: a mainland phone number or an email address. */
export const accountSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .refine((value) => isMainlandPhone(value) || isEmail(value), 'validation.account');
