/**
 * The two ways out of the server for signing in: SMS codes and the third-party messaging-app scan
 * sign-in. Each is an interface; the default development providers write to the server log and,
 * when DEV_OUTBOX is on, to the development outbox (`GET /webapi/dev/outbox`) that e2e tests read.
 * The real ones (sms-gateways.ts, wechat.ts) are chosen by SMS_PROVIDER and SCAN_PROVIDER
 * (configured.ts, docs/operations.md "Providers") and passed as `AppOptions.smsProvider`/`scanProvider`.
 */
import type { DevOutboxEntry, SmsPurpose } from '@vap/contracts';
import type { FastifyBaseLogger } from 'fastify';

export interface SmsProvider {
  /**
   * True for a provider that reaches no one (the development ones): with NODE_ENV=production the
   * server refuses to start on one unless the operator allows it (ALLOW_DEV_PROVIDERS).
   */
  readonly development?: boolean;
  /** Delivers `code` to `phone`; a rejection is answered 503 and the code is not kept. */
  send(phone: string, code: string, purpose: SmsPurpose): Promise<void>;
}

export interface ScanLoginProvider {
  /** True for a provider no real messaging app reaches (see `SmsProvider.development`). */
  readonly development?: boolean;
  /** What the QR code of scan sign-in `id` encodes (the messaging app's authorisation address). */
  qrContent(id: string): string;
  /**
   * Called when a QR code is shown. A real provider usually does nothing here: the messaging app
   * calls the server back, which then binds the user (see docs/operations.md).
   */
  announce(id: string, qrContent: string): Promise<void>;
  /**
   * For an app that calls the server back (`GET …/login_wechat/callback?code&state`): the name its
   * bindings are kept under, and the exchange of the callback's `code` for the app account's id.
   * Rejects with `ScanCodeRefused` when the app refuses the code.
   */
  readonly callback?: {
    readonly provider: string;
    identify(code: string): Promise<string>;
  };
}

/** The messaging app did not accept the code of its own callback (used, expired or forged). */
export class ScanCodeRefused extends Error {
  override name = 'ScanCodeRefused';
}

/** What the development providers sent, newest last, kept in memory (at most `MAX_ENTRIES`). */
export class DevOutbox {
  static readonly MAX_ENTRIES = 500;
  private readonly entries: DevOutboxEntry[] = [];

  record(entry: Omit<DevOutboxEntry, 'at'>): void {
    this.entries.push({ ...entry, at: new Date().toISOString() });
    if (this.entries.length > DevOutbox.MAX_ENTRIES) this.entries.shift();
  }

  /** The latest entries for one recipient (or all), newest first. */
  latest(to: string | undefined, count = 20): DevOutboxEntry[] {
    return this.entries
      .filter((entry) => to === undefined || entry.to === to)
      .slice(-count)
      .reverse();
  }
}

const SMS_TEXT: Record<SmsPurpose, string> = {
  login: 'sign-in',
  signup: 'sign-up',
  reset: 'password reset',
  login_or_signup: 'sign-in',
};

/** Sends nothing; with the development outbox on, logs the code and records it there. */
export class DevSmsProvider implements SmsProvider {
  readonly development = true;

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly outbox: DevOutbox | null,
  ) {}

  async send(phone: string, code: string, purpose: SmsPurpose): Promise<void> {
    if (!this.outbox) {
      // Whoever reads the logs would sign in as anyone: without the outbox the code is seen nowhere.
      this.log.info({ phone, purpose }, 'development SMS provider: code not sent');
      return;
    }
    const text = `[VAP] Your ${SMS_TEXT[purpose]} code is ${code}, valid for 10 minutes.`;
    this.log.info({ phone, purpose, code }, 'development SMS provider: code not sent, logged');
    this.outbox.record({ to: phone, kind: 'sms', text, code });
  }
}

/** The start refused: development providers in use where the operator has not allowed them. */
export class DevelopmentProviderError extends Error {
  override name = 'DevelopmentProviderError';
  constructor(readonly providers: readonly ('SMS' | 'scan sign-in')[]) {
    super(`development providers in use: ${providers.join(', ')}`);
  }
}

/** The path where the development scan provider's sign-ins are confirmed. */
export const DEV_SCAN_CONFIRM_LINK = '/webapi/v0/pms/users/login_wechat/confirm';

/** QR codes that no real app reads; the confirm link goes to the log and the outbox. */
export class DevScanLoginProvider implements ScanLoginProvider {
  readonly development = true;

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly outbox: DevOutbox | null,
  ) {}

  qrContent(id: string): string {
    return `vap-dev-scan:login?id=${id}`;
  }

  async announce(id: string, qrContent: string): Promise<void> {
    const text = `Scan sign-in ${id} waits: POST ${DEV_SCAN_CONFIRM_LINK} {"id":"${id}","account":"<phone or email>"}`;
    this.log.info({ id, qrContent, link: DEV_SCAN_CONFIRM_LINK }, 'development scan provider: confirm link');
    this.outbox?.record({ to: id, kind: 'scan', text, code: id, link: DEV_SCAN_CONFIRM_LINK });
  }
}
