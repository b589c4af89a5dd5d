/**
 * `owner:create <phone or e-mail> <company name> [--password-stdin]`: the first owner of a
 * deployment that starts without the demo (production), or any new company with its owner. The
 * password never comes from the arguments (they show in `ps` and in the shell's history): it is
 * the first line of standard input with `--password-stdin`, or generated and printed once.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  companyNameSchema,
  isEmail,
  isMainlandPhone,
  OWNER_ROLE_ID,
  PASSWORD_MIN_LENGTH,
  VERIFY_STATUS,
} from '@vap/contracts';
import { eq, sql } from 'drizzle-orm';
import { PasswordHasher } from '../../core/auth/passwords.js';
import { companies, users } from '../../core/db/schema.js';
import { writtenRow } from '../../core/db/written-row.js';
import type { OpsCommand } from '../../core/ops-command.js';
import { createDefaultRole } from '../system/index.js';

const USAGE = 'Usage: owner:create <phone or e-mail> <company name> [--password-stdin]';
const PASSWORD_MAX_LENGTH = 128;

/** 144 random bits, in letters, digits, `-` and `_`: 24 characters. */
const generatePassword = () => randomBytes(18).toString('base64url');

export const createOwner: OpsCommand = {
  usage: '<phone or e-mail> <company name> [--password-stdin]',
  summary:
    'Creates a company, its default role and its owner; the password is read from stdin with --password-stdin, otherwise generated and printed once.',
  async run(args, { database, config, readStdin }) {
    const fromStdin = args.includes('--password-stdin');
    const [account, name, ...rest] = args.filter((arg) => arg !== '--password-stdin');
    if (!account || name === undefined || rest.length > 0) throw new Error(USAGE);
    const phone = isMainlandPhone(account) ? account : null;
    const email = !phone && isEmail(account) ? account.toLowerCase() : null;
    if (!phone && !email)
      throw new Error(`"${account}" is neither a mainland phone number nor an e-mail address.`);
    const companyName = companyNameSchema.safeParse(name);
    if (!companyName.success) throw new Error(`"${name}" is not a valid company name.`);

    let password: string;
    if (fromStdin) {
      if (!readStdin) throw new Error('--password-stdin: this command has no standard input here.');
      password = (await readStdin()).trim();
      if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) {
        throw new Error(
          `The password on standard input must have ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters.`,
        );
      }
    } else {
      password = generatePassword();
    }
    // Stored as the console sends it (spec §7.1): argon2id of the password's md5 hex digest.
    const passwordHash = await new PasswordHasher(config.argon2Concurrency).hash(
      createHash('md5').update(password).digest('hex'),
    );

    const created = await database.db.transaction(async (tx) => {
      const taken = await tx
        .select({ id: users.id })
        .from(users)
        .where(phone ? eq(users.phone, phone) : eq(sql`lower(${users.email})`, email as string))
        .limit(1);
      if (taken.length > 0) throw new Error(`An account ${account} exists already; nothing was created.`);
      const company = await writtenRow(
        tx
          .insert(companies)
          .values({ name: companyName.data, verifyStatus: VERIFY_STATUS.notVerified })
          .returning({ id: companies.id }),
        'the company was not created',
      );
      await createDefaultRole(tx, company.id);
      const owner = await writtenRow(
        tx
          .insert(users)
          .values({ companyId: company.id, phone, email, passwordHash, roleId: OWNER_ROLE_ID })
          .returning({ id: users.id }),
        'the owner was not created',
      );
      return { companyId: company.id, userId: owner.id };
    });

    const lines = [
      `Created company ${created.companyId} (${companyName.data}) and its owner ${account} (user ${created.userId}).`,
    ];
    if (!fromStdin) lines.push(`Password (shown this once, stored only as a hash): ${password}`);
    return lines.join('\n');
  },
};
