/** The calls of signing in, up and out, and the password reset (spec §7.1). */
import { AUTH_PATHS } from './api-paths.js';
import { declareCalls } from './calls.js';

const schemas = async () => ({ ...(await import('./auth.js')), ...(await import('./account.js')) });

/** The calls served only with a scan provider that sends the browser back. */
const SCAN_PROVIDER = 'a scan provider that sends the browser back (WECHAT_*)';
/** The development outbox's calls: served only with it, and filed apart from the product's. */
const devOutbox = { only: 'the development outbox (DEV_OUTBOX)', tags: ['development'] } as const;

export const AUTH_CALLS = declareCalls(schemas, ['account'], {
  loginPassword: {
    method: 'POST',
    path: AUTH_PATHS.loginPassword,
    access: 'public',
    audit: 'auth.sign_in',
    errors: [401, 429],
    summary: 'Sign in with phone or email and the md5 of the password',
    schemas: (s) => ({ body: s.loginPasswordBodySchema, response: s.loginResultSchema }),
  },
  logout: {
    method: 'POST',
    path: AUTH_PATHS.logout,
    access: 'user',
    audit: 'auth.sign_out',
    summary: 'Sign out: revoke the token of this request',
    schemas: () => ({ response: null }),
  },
  puzzleCaptcha: {
    method: 'POST',
    path: AUTH_PATHS.puzzleCaptcha,
    access: 'public',
    errors: [429],
    summary: 'A new slider puzzle captcha: background and piece (PNG data URLs), valid 2 minutes',
    schemas: (s) => ({ response: s.puzzleCaptchaSchema }),
  },
  smsCode: {
    method: 'POST',
    path: AUTH_PATHS.smsCode,
    access: 'public',
    errors: [404, 409, 429, 503],
    summary: 'Send an SMS code, paid for by a solved captcha (one per phone per 60 s, daily caps)',
    schemas: (s) => ({ body: s.smsCodeBodySchema, response: null }),
  },
  loginSmsCode: {
    method: 'POST',
    path: AUTH_PATHS.loginSmsCode,
    access: 'public',
    audit: 'auth.sign_in',
    errors: [404, 409, 429],
    summary: 'Sign in with the phone and an SMS code of purpose login',
    schemas: (s) => ({ body: s.loginSmsCodeBodySchema, response: s.loginResultSchema }),
  },
  loginOrSignupSmsCode: {
    method: 'POST',
    path: AUTH_PATHS.loginOrSignupSmsCode,
    access: 'public',
    audit: ['auth.sign_in', 'auth.sign_up'],
    errors: [404, 409, 429],
    summary: 'Sign in with an SMS code, creating a user without password and company when new',
    schemas: (s) => ({ body: s.loginSmsCodeBodySchema, response: s.loginResultSchema }),
  },
  signup: {
    method: 'POST',
    path: AUTH_PATHS.signup,
    access: 'public',
    audit: 'auth.sign_up',
    errors: [404, 409, 429],
    summary: 'Sign up with the phone, an SMS code of purpose signup and the md5 of a password',
    schemas: (s) => ({ body: s.signUpBodySchema, response: s.loginResultSchema }),
  },
  resetPassword: {
    method: 'POST',
    path: AUTH_PATHS.resetPassword,
    access: 'public',
    audit: 'account.password.reset',
    errors: [404, 409, 429],
    summary: 'Set a new password with an SMS code of purpose reset; ends every session of the user',
    schemas: (s) => ({ body: s.resetPasswordBodySchema, response: null }),
  },
  scanQrcode: {
    method: 'POST',
    path: AUTH_PATHS.scanQrcode,
    access: 'public',
    errors: [429],
    summary: 'Start a messaging-app scan sign-in: the content of the QR code, valid 2 minutes',
    schemas: (s) => ({ response: s.scanLoginCreatedSchema }),
  },
  scanLogin: {
    method: 'POST',
    path: AUTH_PATHS.scanLogin,
    access: 'public',
    audit: 'auth.sign_in',
    errors: [403, 404, 410],
    summary:
      'Poll a scan sign-in: 202 pending, 200 with the token once confirmed (once), 403 app account bound to no one, 410 expired',
    schemas: (s) => ({
      body: s.scanLoginBodySchema,
      response: s.scanLoginPollSchema,
      also: { 202: s.scanLoginPendingSchema },
    }),
  },
  // The messaging app's window is the caller.
  scanCallback: {
    only: SCAN_PROVIDER,
    method: 'GET',
    path: AUTH_PATHS.scanCallback,
    access: 'public',
    summary:
      'The messaging app sends the browser back here after a scan: signs the QR code in (the poll collects the token) or binds the app account, then redirects to the console page /scan-done with `result=ok` or `result=error&code=<error code>`',
    schemas: (s) => ({ query: s.scanCallbackQuerySchema, response: null, also: { 302: s.redirectSchema } }),
  },
  scanBinding: {
    only: SCAN_PROVIDER,
    method: 'GET',
    path: AUTH_PATHS.scanBind,
    access: 'user',
    summary:
      'Whether the signed-in user has a messaging-app account bound (the route exists only with a provider that binds)',
    schemas: (s) => ({ response: s.scanBindingSchema }),
  },
  scanBind: {
    only: SCAN_PROVIDER,
    method: 'POST',
    path: AUTH_PATHS.scanBind,
    access: 'user',
    errors: [429],
    summary:
      'A QR code, valid 2 minutes, that binds the messaging-app account scanning it to the signed-in user',
    schemas: (s) => ({ response: s.scanLoginCreatedSchema }),
  },
  scanBindState: {
    only: SCAN_PROVIDER,
    method: 'GET',
    path: AUTH_PATHS.scanBindState.pattern,
    access: 'user',
    errors: [404, 409, 410],
    summary:
      "Poll the signed-in user's bind QR code: 202 pending, 200 bound, 409 the app account is another user's, 410 expired",
    schemas: (s) => ({
      params: s.scanBindParamsSchema,
      response: s.scanBindPollSchema,
      also: { 202: s.scanBindPollSchema },
    }),
  },
  // ---- Development only (DEV_OUTBOX): the messaging app's side, and what the providers sent ----
  scanConfirm: {
    ...devOutbox,
    method: 'POST',
    path: AUTH_PATHS.scanConfirm,
    access: 'public',
    errors: [404, 410],
    summary: 'Development only: confirm a scan sign-in as the messaging app would, for an account',
    schemas: (s) => ({ body: s.scanConfirmBodySchema, response: null }),
  },
  devOutbox: {
    ...devOutbox,
    method: 'GET',
    path: AUTH_PATHS.devOutbox,
    access: 'public',
    summary: 'Development only: the latest SMS codes, scan links and captcha answers, newest first',
    schemas: (s) => ({ query: s.devOutboxQuerySchema, response: s.devOutboxSchema }),
  },
});
