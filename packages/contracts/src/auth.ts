/**
 * Payloads of the auth calls (spec §7), defined once for the server routes, the kernel's HTTP calls
 * and the forms: the puzzle captcha, SMS codes, SMS sign-in, sign-up, password reset and the
 * third-party messaging-app scan sign-in.
 */
import { z } from 'zod';
import { loginResultSchema } from './account.js';
import {
  accountSchema,
  md5HexSchema,
  personNameSchema,
  phoneSchema,
  plainPasswordSchema,
  smsCodeSchema,
} from './validators.js';

/** Seconds the console waits before it offers to send another SMS code (the server enforces it). */
export const SMS_RESEND_SECONDS = 60;
/** How often the console asks whether a scan sign-in was confirmed. */
export const SCAN_POLL_INTERVAL_MS = 2000;

/** What an SMS code is for: a code sent for one purpose does not work for another. */
export const SMS_PURPOSES = ['login', 'signup', 'reset', 'login_or_signup'] as const;
export const smsPurposeSchema = z.enum(SMS_PURPOSES);
export type SmsPurpose = z.infer<typeof smsPurposeSchema>;

/** POST /v0/pms/puzzle_captcha: a background with a missing piece, and the piece, as PNG data URLs. */
export const puzzleCaptchaSchema = z.object({
  id: z.uuid(),
  background: z.string(),
  piece: z.string(),
  /** Where the piece sits vertically; the user finds the horizontal offset. */
  y: z.number().int(),
  /** Size of the piece image in pixels. */
  width: z.number().int(),
  height: z.number().int(),
});
export type PuzzleCaptcha = z.infer<typeof puzzleCaptchaSchema>;

/** POST /v0/pms/sms_code: the solved captcha pays for one SMS code. Answer: 204. */
export const smsCodeBodySchema = z.object({
  phone: phoneSchema,
  purpose: smsPurposeSchema,
  captcha_id: z.uuid({ error: 'validation.captcha' }),
  captcha_x: z.number({ error: 'validation.captcha' }).int('validation.captcha').min(0).max(10_000),
});
export type SmsCodeBody = z.input<typeof smsCodeBodySchema>;

/** POST /v0/pms/users/login_sms_code and login_or_signup_sms_code. Answer: `loginResultSchema`. */
export const loginSmsCodeBodySchema = z.object({
  phone: phoneSchema,
  sms_code: smsCodeSchema,
});
export type LoginSmsCodeBody = z.input<typeof loginSmsCodeBodySchema>;

/** POST /v0/pms/users/signup: password as md5 hex (spec §7.1). Answer: `loginResultSchema`. */
export const signUpBodySchema = loginSmsCodeBodySchema.extend({
  password: md5HexSchema,
  nickname: personNameSchema.optional(),
});
export type SignUpBody = z.input<typeof signUpBodySchema>;

/** POST /v0/pms/users/reset_password. Answer: 204; every session of the user is revoked. */
export const resetPasswordBodySchema = loginSmsCodeBodySchema.extend({ password: md5HexSchema });
export type ResetPasswordBody = z.input<typeof resetPasswordBodySchema>;

/** POST /v0/pms/users/login_wechat/qrcode: what the QR code encodes, valid `expires_in` seconds. */
export const scanLoginCreatedSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  expires_in: z.number().int(),
});
export type ScanLoginCreated = z.infer<typeof scanLoginCreatedSchema>;

/** POST /v0/pms/users/login_wechat: 202 pending, 200 `{token}` once confirmed, 410 expired. */
export const scanLoginBodySchema = z.object({ id: z.uuid() });
export const scanLoginPendingSchema = z.object({ state: z.literal('pending') });
/** Either answer of a poll: still pending (202), or the token (200). */
export const scanLoginPollSchema = z.union([loginResultSchema, scanLoginPendingSchema]);

/** GET …/login_wechat/callback: the messaging app's answer, `state` being the scan id. */
export const scanCallbackQuerySchema = z.object({ code: z.string().min(1).max(512), state: z.uuid() });

/** GET /v1/pms/user/login_wechat/bind: whether the signed-in user has a messaging-app account bound. */
export const scanBindingSchema = z.object({ bound: z.boolean() });
/**
 * GET /v1/pms/user/login_wechat/bind/{id}: 202 pending, 200 bound; 409 `scan_account_bound` when the
 * app account that scanned is another user's, 410 expired.
 */
export const scanBindPollSchema = z.object({ state: z.enum(['pending', 'bound']) });
export const scanBindParamsSchema = z.object({ id: z.uuid() });

/** POST /v0/pms/users/login_wechat/confirm (development only): the app's confirmation. */
export const scanConfirmBodySchema = z.object({ id: z.uuid(), account: accountSchema });

/** GET /webapi/dev/outbox?to= (development only): what the development providers sent. */
export const devOutboxEntrySchema = z.object({
  /** The phone, the scan sign-in id, the captcha id or the e-mail address. */
  to: z.string(),
  kind: z.enum(['sms', 'scan', 'captcha', 'email']),
  text: z.string(),
  /** The SMS code, or the captcha answer x in pixels. An e-mail's `text` is its subject and body. */
  code: z.string().optional(),
  /** Where a scan sign-in is confirmed. */
  link: z.string().optional(),
  at: z.string(),
});
export type DevOutboxEntry = z.infer<typeof devOutboxEntrySchema>;
export const devOutboxSchema = z.array(devOutboxEntrySchema);

// ---- Forms (spec §5.2): the same rules, with the plain password and its confirmation ----

/** "In sign-up and reset the two entries must match": the confirmation carries the message. */
const confirmMatches = <T extends { password: string; confirm_password: string }>(value: T) =>
  value.password === value.confirm_password;
const passwordsDiffer = { message: 'validation.passwordsDiffer', path: ['confirm_password'] };

/** The SMS sign-in form holds what its call sends: the phone and the code. */
export const smsSignInFormSchema = loginSmsCodeBodySchema;
export type SmsSignInForm = z.input<typeof smsSignInFormSchema>;

/** What sign-up and reset share: the SMS sign-in's phone and code, a new password and its confirmation. */
const newPasswordBySmsSchema = smsSignInFormSchema.extend({
  password: plainPasswordSchema,
  confirm_password: z.string(),
});

export const signUpFormSchema = newPasswordBySmsSchema
  .extend({
    /** Optional: empty, or 2–10 Chinese characters. */
    nickname: z.union([z.literal(''), personNameSchema]),
  })
  .refine(confirmMatches, passwordsDiffer);
export type SignUpForm = z.input<typeof signUpFormSchema>;
export type SignUpFormValues = z.output<typeof signUpFormSchema>;

export const resetPasswordFormSchema = newPasswordBySmsSchema.refine(confirmMatches, passwordsDiffer);
export type ResetPasswordForm = z.input<typeof resetPasswordFormSchema>;
export type ResetPasswordFormValues = z.output<typeof resetPasswordFormSchema>;

/** GET /dev/outbox (development only): what was sent to one phone or address, or to anyone. */
export const devOutboxQuerySchema = z.object({ to: z.string().optional() });

/** A redirect (302) answers no body. */
export const redirectSchema = z.null();
