/**
 * Operator commands of the notices area (`npm run ops -- <command>`, docs/operations.md):
 * publish a notice to everyone, list the notices, send one user a message.
 */
import { readFile } from 'node:fs/promises';
import { NOTICE_CONTENT_MAX_LENGTH, NOTICE_TITLE_MAX_LENGTH } from '@vap/contracts';
import { fromWorkingDir, type OpsCommand } from '../../core/ops-command.js';
import { NoticeService } from './service.js';

/** `--name value` and `--name=value` options, plus the plain arguments in order. */
export function parseOptions(args: readonly string[], known: readonly string[]) {
  const options: Record<string, string> = {};
  const positional: string[] = [];
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] as string;
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const equals = arg.indexOf('=');
    const name = arg.slice(2, equals < 0 ? undefined : equals);
    if (!known.includes(name)) throw new Error(`Unknown option --${name}`);
    const value = equals < 0 ? args[++index] : arg.slice(equals + 1);
    if (value === undefined) throw new Error(`--${name} needs a value`);
    options[name] = value;
  }
  return { options, positional };
}

function title(value: string | undefined): string {
  const text = value?.trim() ?? '';
  if (!text) throw new Error('--title is required');
  if (text.length > NOTICE_TITLE_MAX_LENGTH) {
    throw new Error(`--title is at most ${NOTICE_TITLE_MAX_LENGTH} characters`);
  }
  return text;
}

function content(value: string): string {
  if (value.length > NOTICE_CONTENT_MAX_LENGTH) {
    throw new Error(`The content is at most ${NOTICE_CONTENT_MAX_LENGTH} characters`);
  }
  return value;
}

export const noticeCommands: Record<string, OpsCommand> = {
  'notice:publish': {
    usage: '--title "<title>" (--content "<p>html</p>" | --file notice.html)',
    summary: 'Publishes a notice to every user; its HTML is sanitised before it is stored.',
    async run(args, { database }) {
      const { options, positional } = parseOptions(args, ['title', 'content', 'file']);
      if (positional.length > 0) throw new Error(`Unexpected argument "${positional[0]}"`);
      const heading = title(options.title);
      if ((options.content === undefined) === (options.file === undefined)) {
        throw new Error('Give the body with either --content or --file');
      }
      const body =
        options.file === undefined
          ? options.content
          : await readFile(fromWorkingDir(options.file), 'utf8').catch((error: NodeJS.ErrnoException) => {
              throw new Error(`Cannot read ${options.file}: ${error.code ?? error.message}`);
            });
      const notice = await new NoticeService(database.db).publishNotice({
        title: heading,
        content: content(body ?? ''),
      });
      return `Published notice ${notice.id} "${notice.title}" at ${notice.publishedAt.toISOString()} to every user.`;
    },
  },
  'notice:list': {
    usage: '',
    summary: 'Lists the notices, newest first, with how many users have read each.',
    async run(args, { database }) {
      if (args.length > 0) throw new Error('notice:list takes no arguments');
      const rows = await new NoticeService(database.db).allNotices();
      if (rows.length === 0) return 'No notices yet.';
      return rows
        .map((row) => `${row.id}\t${row.publishedAt.toISOString()}\t${row.reads} read\t${row.title}`)
        .join('\n');
    },
  },
  'message:send': {
    usage: '<userId> --title "<title>" [--content "<p>html</p>"] [--kind system]',
    summary: 'Sends one user a message (notification center); its HTML is sanitised.',
    async run(args, { database }) {
      const { options, positional } = parseOptions(args, ['title', 'content', 'kind']);
      const [id, ...rest] = positional;
      if (rest.length > 0) throw new Error(`Unexpected argument "${rest[0]}"`);
      const userId = Number(id);
      if (!id || !Number.isInteger(userId) || userId < 1)
        throw new Error('Give the user id, e.g. message:send 1');
      const kind = options.kind?.trim();
      if (kind !== undefined && !/^[a-z][a-z0-9_-]{0,39}$/.test(kind)) {
        throw new Error('--kind is a lower-case word of at most 40 characters, e.g. system');
      }
      const message = await new NoticeService(database.db).sendMessage({
        userId,
        title: title(options.title),
        content: content(options.content ?? ''),
        ...(kind ? { kind } : {}),
      });
      if (!message) throw new Error(`No user ${userId}`);
      return `Sent message ${message.id} to user ${userId}.`;
    },
  },
};
