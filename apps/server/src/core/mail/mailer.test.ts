import Fastify from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { capturedLog } from '../../testing/kept-log.js';
import { loadConfig } from '../config.js';
import { mailCommands } from './commands.js';
import { DevEmailProvider, emailProviderOf, type MailOutbox, SmtpEmailProvider } from './mailer.js';

interface Received {
  from: string;
  to: string[];
  user: string | undefined;
  message: string;
}

/** The far end, local: an SMTP sink that keeps every message it accepts. */
function smtpSink() {
  const received: Received[] = [];
  const logins: { user: string; password: string }[] = [];
  const server = new SMTPServer({
    // Plain SMTP on the loopback: no certificate to trust; the provider code is the same.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: true,
    onAuth(auth, _session, done) {
      logins.push({ user: auth.username ?? '', password: auth.password ?? '' });
      done(null, { user: auth.username });
    },
    onRcptTo(address, _session, done) {
      if (address.address.endsWith('@refused.example')) done(new Error('mailbox unavailable'));
      else done();
    },
    onData(stream, session, done) {
      let message = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        message += chunk;
      });
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          user: session.user as string | undefined,
          message,
        });
        done();
      });
    },
  });
  return {
    received,
    logins,
    start: () =>
      new Promise<number>((done) =>
        server.listen(0, '127.0.0.1', () => done((server.server.address() as { port: number }).port)),
      ),
    stop: () => new Promise<void>((done) => server.close(() => done())),
  };
}

const sink = smtpSink();
let port = 0;
beforeAll(async () => {
  port = await sink.start();
});
afterAll(() => sink.stop());
beforeEach(() => {
  sink.received.length = 0;
  sink.logins.length = 0;
});

describe('e-mail over SMTP (nodemailer, against a local SMTP sink)', () => {
  it('delivers the mail from MAIL_FROM, signed in with the address’s credentials', async () => {
    const provider = new SmtpEmailProvider(
      `smtp://billing%40vap.example:smtp-pass@127.0.0.1:${port}`,
      'VAP <billing@vap.example>',
    );
    await provider.send({
      to: 'finance@customer.example',
      subject: '发票 INV-2026-0001',
      text: 'The invoice is attached.',
      attachments: [
        {
          filename: 'INV-2026-0001.pdf',
          content: Buffer.from('%PDF-1.4 test'),
          contentType: 'application/pdf',
        },
      ],
    });
    provider.close();
    expect(sink.logins).toEqual([{ user: 'billing@vap.example', password: 'smtp-pass' }]);
    const [mail] = sink.received;
    expect(mail?.from).toBe('billing@vap.example');
    expect(mail?.to).toEqual(['finance@customer.example']);
    expect(mail?.message).toMatch(/^From: VAP <billing@vap\.example>$/m);
    expect(mail?.message).toMatch(/^To: finance@customer\.example$/m);
    expect(mail?.message).toMatch(/^Subject: =\?UTF-8\?/m);
    expect(mail?.message).toContain('The invoice is attached.');
    expect(mail?.message).toContain('filename=INV-2026-0001.pdf');
  });

  it('fails when the server refuses the recipient', async () => {
    const provider = new SmtpEmailProvider(`smtp://127.0.0.1:${port}`, 'noreply@vap.example');
    await expect(provider.send({ to: 'nobody@refused.example', subject: 's', text: 't' })).rejects.toThrow();
    provider.close();
    expect(sink.received).toHaveLength(0);
  });

  it('is the provider EMAIL_PROVIDER=smtp chooses', async () => {
    const log = Fastify().log;
    const provider = emailProviderOf(
      { provider: 'smtp', url: `smtp://127.0.0.1:${port}`, from: 'a@vap.example' },
      log,
      null,
    );
    expect(provider).toBeInstanceOf(SmtpEmailProvider);
    expect(provider.development).toBeUndefined();
    await provider.send({ to: 'b@customer.example', subject: 'hello', text: 'world' });
    expect(sink.received[0]?.to).toEqual(['b@customer.example']);
  });
});

describe('the development e-mail provider', () => {
  it('sends nothing, logs the recipient and subject only, and keeps the mail in the outbox', async () => {
    const { log, lines } = capturedLog();
    const kept: Parameters<MailOutbox['record']>[0][] = [];
    const provider = emailProviderOf({ provider: 'dev', from: 'a@vap.example' }, log, {
      record: (entry) => kept.push(entry),
    });
    expect(provider).toBeInstanceOf(DevEmailProvider);
    expect(provider.development).toBe(true);
    await provider.send({ to: 'finance@customer.example', subject: 'Invoice', text: 'secret body' });
    expect(lines()).toContain('finance@customer.example');
    expect(lines()).not.toContain('secret body');
    expect(kept).toEqual([{ to: 'finance@customer.example', kind: 'email', text: 'Invoice\n\nsecret body' }]);
    expect(sink.received).toHaveLength(0);
  });
});

describe('npm run ops -- mail:test', () => {
  const run = (env: Record<string, string>, args: string[]) =>
    mailCommands['mail:test']?.run(args, { config: loadConfig(env) });

  it('sends a test e-mail through the configured server and names its host, not its password', async () => {
    const url = `smtp://ops:smtp-pass@127.0.0.1:${port}`;
    const output = await run({ EMAIL_PROVIDER: 'smtp', SMTP_URL: url, MAIL_FROM: 'VAP <ops@vap.example>' }, [
      'me@vap.example',
    ]);
    expect(output).toBe(
      `Sent a test e-mail to me@vap.example from VAP <ops@vap.example> through 127.0.0.1:${port}.`,
    );
    expect(sink.received[0]?.to).toEqual(['me@vap.example']);
  });

  it('says why nothing is sent with the development provider or a refused address', async () => {
    await expect(run({}, ['me@vap.example'])).rejects.toThrow('EMAIL_PROVIDER is dev: nothing is sent');
    await expect(
      run({ EMAIL_PROVIDER: 'smtp', SMTP_URL: `smtp://127.0.0.1:${port}` }, ['x@refused.example']),
    ).rejects.toThrow(/^The SMTP server did not take the test e-mail/);
  });
});
