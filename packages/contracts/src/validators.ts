/**
 * The helper checks of spec §5.1 and the account rules of §5.2, defined once.
 * Messages are locale keys (`validation.*`): the console and the server translate them.
 */
import { z } from 'zod';
import { isEmail, isMainlandPhone, patterns } from './checks.js';
import { PASSWORD_MIN_LENGTH } from './constants.js';

export {
  type DeviceType,
  isCompanyName,
  isDeviceSerial,
  isEmail,
  isExternalLink,
  isMainlandPhone,
  patterns,
} from './checks.js';

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

/** A whole number from `min` to `max` (a form's field): one message for whatever is wrong with it. */
export const wholeNumberSchema = (min: number, max: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

/** A form's text that must be given: trimmed, and not empty once trimmed; its own rules chain on. */
export const requiredTextSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, 'validation.required');

/** The sign-in account: a mainland phone number or an email address. */
export const accountSchema = requiredTextSchema.refine(
  (value) => isMainlandPhone(value) || isEmail(value),
  'validation.account',
);
