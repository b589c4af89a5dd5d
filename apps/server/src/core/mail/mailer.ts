/**
 * What the product mails (the invoices of the finance area go to the invoice's e-mail address)
 * goes through one `EmailProvider`: SMTP through nodemailer, or the development one, which sends
 * nothing and keeps the mail in the development outbox. Chosen by EMAIL_PROVIDER
 * (docs/operations.md, "Providers").
 */
import type { DevOutboxEntry } from '@vap/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { createTransport, type Transporter } from 'nodemailer';
import type { EmailConfig } from '../config.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: { filename: string; content: Buffer; contentType?: string }[];
}

export interface EmailProvider {
  /** True for a provider that reaches no one (see the SMS provider's mark). */
  readonly development?: boolean;
  /** Hands the mail to the server that delivers it; rejects when it is not accepted. */
  send(mail: Mail): Promise<void>;
}

/** Where the development provider keeps what it "sent": the development outbox, when it is on. */
export interface MailOutbox {
  record(entry: Omit<DevOutboxEntry, 'at'>): void;
}

/** A server that takes longer than this to answer is treated as down. */
const SMTP_TIMEOUT_MS = 15_000;

export class SmtpEmailProvider implements EmailProvider {
  private readonly transport: Transporter;

  /** `url`: `smtp://user:password@host:587` (STARTTLS when offered) or `smtps://…:465`. */
  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transport = createTransport({
      url,
      connectionTimeout: SMTP_TIMEOUT_MS,
      greetingTimeout: SMTP_TIMEOUT_MS,
      socketTimeout: SMTP_TIMEOUT_MS,
    });
  }

  async send(mail: Mail): Promise<void> {
    const info = await this.transport.sendMail({ from: this.from, ...mail });
    // A server that takes the message but refuses its only recipient has delivered nothing.
    if ((info.accepted ?? []).length === 0) throw new Error('the SMTP server accepted no recipient');
  }

  /** Closes the pooled connections, if any. */
  close(): void {
    this.transport.close();
  }
}

/** Sends nothing; logs the recipient and subject, and keeps the mail in the outbox when it is on. */
export class DevEmailProvider implements EmailProvider {
  readonly development = true;

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly outbox: MailOutbox | null,
  ) {}

  async send(mail: Mail): Promise<void> {
    this.log.info({ to: mail.to, subject: mail.subject }, 'development e-mail provider: mail not sent');
    this.outbox?.record({ to: mail.to, kind: 'email', text: `${mail.subject}\n\n${mail.text}` });
  }
}

/** The provider EMAIL_PROVIDER chose. */
export function emailProviderOf(
  config: EmailConfig,
  log: FastifyBaseLogger,
  outbox: MailOutbox | null,
): EmailProvider {
  return config.provider === 'smtp'
    ? new SmtpEmailProvider(config.url, config.from)
    : new DevEmailProvider(log, outbox);
}
