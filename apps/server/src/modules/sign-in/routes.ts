/**
 * SMS codes, puzzle captcha, sign-up, reset, SMS and scan sign-in (spec §7.1), and the development
 * outbox. Limits: limits.ts; providers: providers.ts and docs/operations.md.
 */
import { AUTH_CALLS, SCAN_DONE_PAGE } from '@vap/contracts';
import type { FastifyInstance } from 'fastify';
import { auditTrail, signInAudited } from '../../core/audit/recorder.js';
import type { PasswordHasher } from '../../core/auth/passwords.js';
import type { TokenService } from '../../core/auth/tokens.js';
import type { Db } from '../../core/db/client.js';
import { callerOf } from '../../core/http/access.js';
import { serve } from '../../core/http/calls.js';
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
export async function codeSignInRoutes(app: FastifyInstance, options: CodeSignInOptions) {
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

  await serve(app, AUTH_CALLS.puzzleCaptcha, (request) => captchas.create(request.ip));

  await serve(app, AUTH_CALLS.smsCode, async (request) => {
    const { phone, purpose, captcha_id, captcha_x } = request.body;
    await smsCodes.request({ phone, purpose, captchaId: captcha_id, captchaX: captcha_x, ip: request.ip });
  });

  await serve(app, AUTH_CALLS.loginSmsCode, async (request) => {
    const { phone, sms_code } = request.body;
    await smsCodes.consume(phone, 'login', sms_code);
    const userId = await signUps.userIdByPhone(phone);
    if (userId === undefined) throw new ApiError(400, 'invalid_sms_code');
    return { token: await signInAudited(db, tokens, auditTrail(request), userId, 'sms') };
  });

  await serve(app, AUTH_CALLS.loginOrSignupSmsCode, async (request) => {
    const { phone, sms_code } = request.body;
    await smsCodes.consume(phone, 'login_or_signup', sms_code);
    const userId = await signUps.userIdByPhone(phone);
    const trail = auditTrail(request);
    if (userId !== undefined) return { token: await signInAudited(db, tokens, trail, userId, 'sms') };
    return { token: await signUps.create(phone, null, '', { tokens, trail }) };
  });

  await serve(app, AUTH_CALLS.signup, async (request) => {
    const { phone, sms_code, password, nickname } = request.body;
    await smsCodes.consume(phone, 'signup', sms_code);
    return {
      token: await signUps.create(phone, password, nickname ?? '', { tokens, trail: auditTrail(request) }),
    };
  });

  await serve(app, AUTH_CALLS.resetPassword, async (request) => {
    const { phone, sms_code, password } = request.body;
    await smsCodes.consume(phone, 'reset', sms_code);
    const userId = await signUps.userIdByPhone(phone);
    if (userId === undefined) throw new ApiError(400, 'invalid_sms_code');
    await signUps.resetPassword(userId, password, auditTrail(request));
  });

  await serve(app, AUTH_CALLS.scanQrcode, (request) => scans.create(request.ip));

  await serve(app, AUTH_CALLS.scanLogin, async (request, reply) => {
    const poll = await scans.poll(request.body.id);
    if (poll.state === 'pending') return reply.code(202).send({ state: 'pending' as const });
    return { token: await signInAudited(db, tokens, auditTrail(request), poll.userId, 'scan') };
  });

  const { callback } = scan;
  if (callback) {
    await serve(
      app,
      AUTH_CALLS.scanCallback,
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
      // The browser is the caller (the app's window): every outcome, an unreadable query too
      // (WeChat sends no `code` when the user declines), goes to the console's page.
      { attachValidation: true },
    );

    await serve(app, AUTH_CALLS.scanBinding, async (request) => ({
      bound: await scans.isBound(callback.provider, callerOf(request).userId),
    }));

    await serve(app, AUTH_CALLS.scanBind, (request) => scans.create(request.ip, callerOf(request).userId));

    await serve(app, AUTH_CALLS.scanBindState, async (request, reply) => {
      const state = await scans.bindState(request.params.id, callerOf(request).userId);
      return reply.code(state === 'pending' ? 202 : 200).send({ state });
    });
  }

  if (!outbox) return;

  // ---- Development only (DEV_OUTBOX): the messaging app's side, and what the providers sent ----

  await serve(app, AUTH_CALLS.scanConfirm, async (request) => {
    const user = await findBySignInName(db, request.body.account);
    if (!user) throw new ApiError(404, 'not_found');
    await scans.confirm(request.body.id, user.id);
  });

  await serve(app, AUTH_CALLS.devOutbox, (request) => outbox.latest(request.query.to));
}
