/**
 * The platform operator's commands: `npm run ops -- <command> [arguments]` (docs/operations.md).
 * They work on the same database as the server (DATABASE_URL or the PGlite of DATA_DIR); on PGlite
 * the server must be stopped first, as the data directory is locked by one process at a time.
 */

import { databaseCommands } from './core/backup-commands.js';
import { loadConfig } from './core/config.js';
import { lockDataDir, restrictNewFileModes } from './core/data-dir.js';
import { openDatabase } from './core/db/client.js';
import { mailCommands } from './core/mail/commands.js';
import type { DataDirCommand, OpsCommand } from './core/ops-command.js';
import { algmallCommands } from './modules/algmall/index.js';
import { campaignCommands } from './modules/campaigns/index.js';
import { companyCommands } from './modules/company/index.js';
import { factoryCommands } from './modules/devices/index.js';
import { financeCommands } from './modules/finance/index.js';
import { pluginCommands } from './modules/menu/index.js';
import { noticeCommands } from './modules/notices/index.js';
import { resourceCommands } from './modules/resources/index.js';

const commands: Record<string, OpsCommand | DataDirCommand> = {
  ...databaseCommands,
  ...mailCommands,
  ...companyCommands,
  ...factoryCommands,
  ...financeCommands,
  ...noticeCommands,
  ...pluginCommands,
  ...algmallCommands,
  ...resourceCommands,
  ...campaignCommands,
};

const isDataDirCommand = (command: OpsCommand | DataDirCommand): command is DataDirCommand =>
  'withoutDatabase' in command;

/** The first line of standard input (a password piped in, or typed at the terminal). */
async function readStdin(): Promise<string> {
  const { createInterface } = await import('node:readline');
  const lines = createInterface({ input: process.stdin, terminal: false });
  try {
    for await (const line of lines) return line;
    return '';
  } finally {
    lines.close();
  }
}

function usage(): string {
  const lines = Object.entries(commands).map(
    ([name, command]) => `  ${name} ${command.usage}\n      ${command.summary}`,
  );
  return `Usage: npm run ops -- <command> [arguments]\n\nCommands:\n${lines.join('\n')}`;
}

async function main(argv: readonly string[]): Promise<number> {
  const [name, ...args] = argv;
  const command = name ? commands[name] : undefined;
  if (!command) {
    console.error(name ? `Unknown command "${name}".\n\n${usage()}` : usage());
    return 2;
  }
  const config = loadConfig();
  // The object store and the embedded database live in DATA_DIR: one process at a time.
  restrictNewFileModes();
  const lock = lockDataDir(config.dataDir, (line) => console.warn(line));
  if (isDataDirCommand(command)) {
    try {
      console.log(await command.run(args, { config }));
      return 0;
    } catch (error) {
      console.error((error as Error).message);
      return 1;
    } finally {
      lock.release();
    }
  }
  const database = await openDatabase(
    config.databaseUrl
      ? { engine: 'postgres', url: config.databaseUrl }
      : { engine: 'pglite', dataDir: config.dataDir },
  ).catch((error: unknown) => {
    lock.release();
    throw error;
  });
  try {
    await database.migrate();
    const output = await command.run(args, { database, config, readStdin });
    console.log(output);
    return 0;
  } catch (error) {
    console.error((error as Error).message);
    return 1;
  } finally {
    await database.close();
    lock.release();
  }
}

process.exitCode = await main(process.argv.slice(2)).catch((error: unknown) => {
  // A configuration error or a DATA_DIR held by a running server: one clear line.
  console.error((error as Error).message);
  return 1;
});
