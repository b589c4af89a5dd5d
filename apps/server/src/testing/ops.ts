/** The operator's commands (`npm run ops -- <name>`) as the tests run them, on their own database. */
import { type Config, loadConfig } from '../core/config.js';
import type { Database } from '../core/db/client.js';
import type { OpsCommand } from '../core/ops-command.js';

/**
 * Runs a command of `commands` by name as ops.ts does, on the test's `database()`, with `config()`
 * (the defaults unless given) and, when the test gives one, `stdin` as the first line of input.
 */
export function opsRunner(
  commands: Readonly<Record<string, OpsCommand>>,
  database: () => Database,
  config: () => Config = () => loadConfig({}),
) {
  return (name: string, args: readonly string[], stdin?: string): Promise<string> => {
    const command = commands[name];
    if (!command) throw new Error(`no command ${name}`);
    return command.run(args, {
      database: database(),
      config: config(),
      ...(stdin === undefined ? {} : { readStdin: async () => stdin }),
    });
  };
}
