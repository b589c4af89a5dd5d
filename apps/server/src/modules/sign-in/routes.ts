/**
 * SMS codes, puzzle captcha, sign-up, reset, SMS and scan sign-in (spec §7.1), and the development
 * outbox. Limits: limits.ts; providers: providers.ts and docs/operations.md.
 */
import {
  AUTH_PATHS,
  apiErrorSchema,
  devOutboxSchema,
  loginResultSchema,
  loginSmsCodeBodySchema,
  puzzleCaptchaSchema,
  resetPasswordBodySchema,
  SCAN_DONE_PAGE,
  scanBindingSchema,
  scanBindParamsSchema,
  scanBindPollSchema,
  scanCallbackQuerySchema,
  scanConfirmBodySchema,
  scanLoginBodySchema,
  scanLoginCreatedSchema,
  scanLoginPendingSchema,
  signUpBodySchema,
  smsCodeBodySchema,
} from '@vap/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditTrail, signInAudited } from '../../core/audit/recorder.js';
import type { PasswordHasher } from '../../core/auth/passwords.js';
import type { TokenService } from '../../core/auth/tokens.js';
import type { Db } from '../../core/db/client.js';
import { callerOf } from '../../core/http/access.js';
import { ApiError } from '../../core/http/errors.js';
import type { RateLimiter } from '../../core/rate-limit/limiter.js';
import { findBySignInName } from './accounts.js';
import { CaptchaService } from './captcha.js';
import {
  DevelopmentProviderError,
  DevOutbox,
  DevScanLoginProvider,
  DevSmsProvider,
  ScanCodeRefused,
  type ScanLoginProvider,
  type SmsProvider,
} from './providers.js';
import { ScanLoginService } from './scan-logins.js';
import { SignUpService } from './sign-up.js';
import { SmsCodeService } from './sms-codes.js';

const TAGS = ['account'];
const errors = { 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema };

export interface CodeSignInOptions {
  db: Db;
  passwords: PasswordHasher;
  tokens: TokenService;
  limiter: RateLimiter;
  /** Keep what the development providers send, for `GET /webapi/dev/outbox`. */
  devOutbox: boolean;
  /** Real SMS and scan sign-in providers; the development ones when absent (docs/operations.md). */
  smsProvider?: SmsProvider;
  scanProvider?: ScanLoginProvider;
  /** Keys the SMS codes' hashes. */
  codeSecret: string;
  /** Refuse to register with a provider marked `development` (production without ALLOW_DEV_PROVIDERS). */
  refuseDevelopmentProviders?: boolean;
}

/** SMS codes, the puzzle captcha, sign-up, password reset, SMS and scan sign-in. */
export const codeSignInRoutes: FastifyPluginAsyncZod<CodeSignInOptions> = async (app, options) => {
  const { db, tokens, limiter } = options;
  const outbox = options.devOutbox ? new DevOutbox() : null;
  const captchas = new CaptchaService(db, limiter, outbox);
  const sms = options.smsProvider ?? new DevSmsProvider(app.log, outbox);
  const scan: ScanLoginProvider = options.scanProvider ?? new DevScanLoginProvider(app.log, outbox);
  if (options.refuseDevelopmentProviders) {
    const inUse = [
      ...(sms.development ? ['SMS' as const] : []),
      ...(scan.development ? ['scan sign-in' as const] : []),
    ];
    if (inUse.length > 0) throw new DevelopmentProviderError(inUse);
  }
  const smsCodes = new SmsCodeService(db, limiter, captchas, sms, options.codeSecret);
  const scans = new ScanLoginService(db, limiter, scan);
  const signUps = new SignUpService(db, options.passwords);

  app.post(
    AUTH_PATHS.puzzleCaptcha,
    {
      config: { access: 'public' },
      schema: {
        tags: TAGS,
        summary: 'A new slider puzzle captcha: background and piece (PNG data URLs), valid 2 minutes',
        response: { 200: puzzleCaptchaSchema, 429: apiErrorSchema },
      },
    },
    (request) => captchas.create(request.ip),
  );

  app.post(
    AUTH_PATHS.smsCode,
    {
      config: { access: 'public' },
      schema: {
        tags: TAGS,
        summary: 'Send an SMS code, paid for by a solved captcha (one per phone per 60 s, daily caps)',
        body: smsCodeBodySchema,
        response: { 204: z.null(), ...errors, 503: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { phone, purpose, captcha_id, captcha_x } = request.body;
      await smsCodes.request({ phone, purpose, captchaId: captcha_id, captchaX: captcha_x, ip: request.ip });
      return reply.code(204).send(null);
    },
  );

  app.post(
    AUTH_PATHS.loginSmsCode,
    {
      config: { access: 'public', audit: 'auth.sign_in' },
      schema: {
        tags: TAGS,
        summary: 'Sign in with the phone and an SMS code of purpose login',
        body: loginSmsCodeBodySchema,
        response: { 200: loginResultSchema, ...errors },
      },
    },
    async (request) => {
      const { phone, sms_code } = request.body;
      await smsCodes.consume(phone, 'login', sms_code);
      const userId = await signUps.userIdByPhone(phone);
      if (userId === undefined) throw new ApiError(400, 'invalid_sms_code');
      return { token: await signInAudited(db, tokens, auditTrail(request), userId, 'sms') };
    },
  );

  app.post(
    AUTH_PATHS.loginOrSignupSmsCode,
    {
      config: { access: 'public', audit: ['auth.sign_in', 'auth.sign_up'] },
      schema: {
        tags: TAGS,
        summary: 'Sign in with an SMS code, creating a user without password and company when new',
        body: loginSmsCodeBodySchema,
        response: { 200: loginResultSchema, ...errors },
      },
    },
    async (request) => {
      const { phone, sms_code } = request.body;
      await smsCodes.consume(phone, 'login_or_signup', sms_code);
      const userId = await signUps.userIdByPhone(phone);
      const trail = auditTrail(request);
      if (userId !== undefined) return { token: await signInAudited(db, tokens, trail, userId, 'sms') };
      return { token: await signUps.create(phone, null, '', { tokens, trail }) };
    },
  );

  app.post(
    AUTH_PATHS.signup,
    {
      config: { access: 'public', audit: 'auth.sign_up' },
      schema: {
        tags: TAGS,
        summary: 'Sign up with the phone, an SMS code of purpose signup and the md5 of a password',
        body: signUpBodySchema,
        response: { 200: loginResultSchema, ...errors },
      },
    },
    async (request) => {
      const { phone, sms_code, password, nickname } = request.body;
      await smsCodes.consume(phone, 'signup', sms_code);
      return {
        token: await signUps.create(phone, password, nickname ?? '', { tokens, trail: auditTrail(request) }),
      };
    },
  );

  app.post(
    AUTH_PATHS.resetPassword,
    {
      config: { access: 'public', audit: 'account.password.reset' },
      schema: {
        tags: TAGS,
        summary: 'Set a new password with an SMS code of purpose reset; ends every session of the user',
        body: resetPasswordBodySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const { phone, sms_code, password } = request.body;
      await smsCodes.consume(phone, 'reset', sms_code);
      const userId = await signUps.userIdByPhone(phone);
      if (userId === undefined) throw new ApiError(400, 'invalid_sms_code');
      await signUps.resetPassword(userId, password, auditTrail(request));
      return reply.code(204).send(null);
    },
  );

  app.post(
    AUTH_PATHS.scanQrcode,
    {
      config: { access: 'public' },
      schema: {
        tags: TAGS,
        summary: 'Start a messaging-app scan sign-in: the content of the QR code, valid 2 minutes',
        response: { 200: scanLoginCreatedSchema, 429: apiErrorSchema },
      },
    },
    (request) => scans.create(request.ip),
  );

  app.post(
    AUTH_PATHS.scanLogin,
    {
      config: { access: 'public', audit: 'auth.sign_in' },
      schema: {
        tags: TAGS,
        summary:
          'Poll a scan sign-in: 202 pending, 200 with the token once confirmed (once), 403 app account bound to no one, 410 expired',
        body: scanLoginBodySchema,
        response: {
          200: loginResultSchema,
          202: scanLoginPendingSchema,
          400: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
          410: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const poll = await scans.poll(request.body.id);
      if (poll.state === 'pending') return reply.code(202).send({ state: 'pending' as const });
      return { token: await signInAudited(db, tokens, auditTrail(request), poll.userId, 'scan') };
    },
  );

  const { callback } = scan;
  if (callback) {
    app.get(
      AUTH_PATHS.scanCallback,
      {
        config: { access: 'public' },
        // The browser is the caller (the app's window): every outcome, an unreadable query too
        // (WeChat sends no `code` when the user declines), goes to the console's page.
        attachValidation: true,
        schema: {
          tags: TAGS,
          summary:
            'The messaging app sends the browser back here after a scan: signs the QR code in (the poll collects the token) or binds the app account, then redirects to the console page /scan-done with `result=ok` or `result=error&code=<error code>`',
          querystring: scanCallbackQuerySchema,
          response: { 302: z.null() },
        },
      },
      async (request, reply) => {
        const done = (query: Record<string, string>) =>
          reply.redirect(`${SCAN_DONE_PAGE}?${new URLSearchParams(query).toString()}`, 302);
        if (request.validationError) return done({ result: 'error', code: 'scan_code_invalid' });
        const { code, state } = request.query;
        try {
          const outcome = await scans.completeCallback(state, callback.provider, async () => {
            try {
              return await callback.identify(code);
            } catch (error) {
              if (error instanceof ScanCodeRefused) throw new ApiError(400, 'scan_code_invalid');
              throw Object.assign(new ApiError(503, 'service_unavailable'), { cause: error });
            }
          });
          return done({ result: 'ok', state: outcome });
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          return done({ result: 'error', code: error.code });
        }
      },
    );

    app.get(
      AUTH_PATHS.scanBind,
      {
        config: { access: 'user' },
        schema: {
          tags: TAGS,
          summary:
            'Whether the signed-in user has a messaging-app account bound (the route exists only with a provider that binds)',
          response: { 200: scanBindingSchema, 401: apiErrorSchema },
        },
      },
      async (request) => ({ bound: await scans.isBound(callback.provider, callerOf(request).userId) }),
    );

    app.post(
      AUTH_PATHS.scanBind,
      {
        config: { access: 'user' },
        schema: {
          tags: TAGS,
          summary:
            'A QR code, valid 2 minutes, that binds the messaging-app account scanning it to the signed-in user',
          response: { 200: scanLoginCreatedSchema, 401: apiErrorSchema, 429: apiErrorSchema },
        },
      },
      (request) => scans.create(request.ip, callerOf(request).userId),
    );

    app.get(
      AUTH_PATHS.scanBindState.pattern,
      {
        config: { access: 'user' },
        schema: {
          tags: TAGS,
          summary:
            "Poll the signed-in user's bind QR code: 202 pending, 200 bound, 409 the app account is another user's, 410 expired",
          params: scanBindParamsSchema,
          response: {
            200: scanBindPollSchema,
            202: scanBindPollSchema,
            401: apiErrorSchema,
            404: apiErrorSchema,
            409: apiErrorSchema,
            410: apiErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const state = await scans.bindState(request.params.id, callerOf(request).userId);
        return reply.code(state === 'pending' ? 202 : 200).send({ state });
      },
    );
  }

  if (!outbox) return;

  // ---- Development only (DEV_OUTBOX): the messaging app's side, and what the providers sent ----

  app.post(
    AUTH_PATHS.scanConfirm,
    {
      config: { access: 'public' },
      schema: {
        tags: ['development'],
        summary: 'Development only: confirm a scan sign-in as the messaging app would, for an account',
        body: scanConfirmBodySchema,
        response: { 204: z.null(), 400: apiErrorSchema, 404: apiErrorSchema, 410: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const user = await findBySignInName(db, request.body.account);
      if (!user) throw new ApiError(404, 'not_found');
      await scans.confirm(request.body.id, user.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    AUTH_PATHS.devOutbox,
    {
      config: { access: 'public' },
      schema: {
        tags: ['development'],
        summary: 'Development only: the latest SMS codes, scan links and captcha answers, newest first',
        querystring: z.object({ to: z.string().optional() }),
        response: { 200: devOutboxSchema },
      },
    },
    (request) => outbox.latest(request.query.to),
  );
};
