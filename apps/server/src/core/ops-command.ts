import { resolve } from 'node:path';
import type { Config } from './config.js';
import type { Database } from './db/client.js';

/** What a command is given besides its arguments. */
export interface OpsContext {
  database: Database;
  config: Config;
  /**
   * The first line of the command's standard input: how a secret reaches a command, since
   * arguments show in `ps` and in the shell's history. Absent where there is no input.
   */
  readStdin?: () => Promise<string>;
}

/** One operator command of `npm run ops`; it answers what to print, or throws a message. */
export interface OpsCommand {
  /** The arguments, e.g. `<companyId> approve|reject`. */
  usage: string;
  summary: string;
  run(args: readonly string[], context: OpsContext): Promise<string>;
}

/**
 * A command on the embedded database's files themselves (backup, restore): it runs under the
 * DATA_DIR lock like the others, with no database opened for it.
 */
export interface DataDirCommand {
  usage: string;
  summary: string;
  withoutDatabase: true;
  run(args: readonly string[], context: { config: Config }): Promise<string>;
}

/**
 * A path a command was given, resolved where the operator ran `npm run ops` (npm starts the script
 * in the server package's folder and names the first one INIT_CWD), as DATA_DIR is.
 */
export const fromWorkingDir = (path: string) => resolve(process.env.INIT_CWD || process.cwd(), path);

/** The one argument a command takes; `refusal` (what to give) when it is given none or more. */
export function onlyArgument(args: readonly string[], refusal: string): string {
  const [only, extra] = args;
  if (!only || extra !== undefined) throw new Error(refusal);
  return only;
}
