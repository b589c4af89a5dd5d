/**
 * The two ways out of the server for signing in: SMS codes and the third-party messaging-app scan
 * sign-in. Each is an interface; the default development providers write to the server log and,
 * when DEV_OUTBOX is on, to the development outbox (`GET /webapi/dev/outbox`) that e2e tests read.
 * docs/operations.md ("Providers") explains how to plug in real ones (`AppOptions.smsProvider`,
 * `AppOptions.scanProvider`).
 */
import type { DevOutboxEntry, SmsPurpose } from '@vap/contracts';
import type { FastifyBaseLogger } from 'fastify';

export interface SmsProvider {
  /** Delivers `code` to `phone`; a rejection is answered 503 and the code is not kept. */
  send(phone: string, code: string, purpose: SmsPurpose): Promise<void>;
}

export interface ScanLoginProvider {
  /** What the QR code of scan sign-in `id` encodes (the messaging app's authorisation address). */
  qrContent(id: string): string;
  /**
   * Called when a QR code is shown. A real provider usually does nothing here: the messaging app
   * calls the server back, which then binds the user (see docs/operations.md).
   */
  announce(id: string, qrContent: string): Promise<void>;
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

/** Logs the code (and records it in the outbox when there is one). Never use in production. */
export class DevSmsProvider implements SmsProvider {
  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly outbox: DevOutbox | null,
  ) {}

  async send(phone: string, code: string, purpose: SmsPurpose): Promise<void> {
    const text = `[VAP] Your ${SMS_TEXT[purpose]} code is ${code}, valid for 10 minutes.`;
    this.log.info({ phone, purpose, code }, 'development SMS provider: code not sent, logged');
    this.outbox?.record({ to: phone, kind: 'sms', text, code });
  }
}

/** The path where the development scan provider's sign-ins are confirmed. */
export const DEV_SCAN_CONFIRM_LINK = '/webapi/v0/pms/users/login_wechat/confirm';

/** QR codes that no real app reads; the confirm link goes to the log and the outbox. */
export class DevScanLoginProvider implements ScanLoginProvider {
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
