/**
 * Every limit of signing in, SMS codes, captchas and scan sign-in, in one place (spec §5.2, issue 5).
 * Windows are fixed (`rate_limits`): a window starts at a multiple of its length since the epoch.
 */
import { SMS_RESEND_SECONDS } from '@vap/contracts';
import type { Limit } from '../../core/rate-limit/limiter.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export const LIMITS = {
  /** Failed password sign-ins of one account; then 429 until the window ends. */
  signInFailuresPerAccount: { max: 5, windowMs: 15 * MINUTE },
  /** Failed password sign-ins from one IP address, whatever the account. */
  signInFailuresPerIp: { max: 20, windowMs: 15 * MINUTE },
  /** SMS codes sent to one phone per day (UTC). */
  smsPerPhonePerDay: { max: 10, windowMs: DAY },
  /** SMS codes requested from one IP address per day (UTC). */
  smsPerIpPerDay: { max: 50, windowMs: DAY },
  /** Puzzle captchas created by one IP address. */
  captchasPerIp: { max: 30, windowMs: 10 * MINUTE },
  /** Scan sign-in QR codes created by one IP address. */
  scanQrcodesPerIp: { max: 30, windowMs: 10 * MINUTE },
} as const satisfies Record<string, Limit>;

/** One SMS per phone per 60 s: measured from the last code sent, not in fixed windows. */
export const SMS_RESEND_MS = SMS_RESEND_SECONDS * 1000;
/** An SMS code is valid this long, and dies after this many wrong tries. */
export const SMS_CODE_TTL_MS = 10 * MINUTE;
export const SMS_CODE_MAX_ATTEMPTS = 5;
/** A puzzle captcha must be solved within this time, to this many pixels. */
export const CAPTCHA_TTL_MS = 2 * MINUTE;
export const CAPTCHA_TOLERANCE_PX = 5;
/** A scan sign-in QR code is valid this long. */
export const SCAN_TTL_MS = 2 * MINUTE;
