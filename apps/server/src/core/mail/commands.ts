/** `npm run ops -- mail:test <address>`: proves the e-mail settings before anything needs them. */
import type { DataDirCommand } from '../ops-command.js';
import { SmtpEmailProvider } from './mailer.js';

export const mailCommands: Record<string, DataDirCommand> = {
  'mail:test': {
    usage: '<address>',
    summary: 'Sends a test e-mail to <address> through EMAIL_PROVIDER (SMTP_URL, MAIL_FROM).',
    withoutDatabase: true,
    async run(args, { config }) {
      const [to, ...rest] = args;
      if (!to || rest.length > 0 || !to.includes('@')) throw new Error('Usage: mail:test <address>');
      if (config.email.provider !== 'smtp') {
        throw new Error('EMAIL_PROVIDER is dev: nothing is sent. Set EMAIL_PROVIDER=smtp and SMTP_URL.');
      }
      const provider = new SmtpEmailProvider(config.email.url, config.email.from);
      try {
        await provider.send({
          to,
          subject: 'VAP test e-mail',
          text: 'The VAP platform server can send e-mail with these settings.',
        });
      } catch (error) {
        throw new Error(`The SMTP server did not take the test e-mail: ${(error as Error).message}`);
      } finally {
        provider.close();
      }
      // The address's host only: SMTP_URL carries the password.
      return `Sent a test e-mail to ${to} from ${config.email.from} through ${new URL(config.email.url).host}.`;
    },
  },
};
