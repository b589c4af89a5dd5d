import type { Config } from './config.js';
import type { Database } from './db/client.js';

/** One operator command of `npm run ops`; it answers what to print, or throws a message. */
export interface OpsCommand {
  /** The arguments, e.g. `<companyId> approve|reject`. */
  usage: string;
  summary: string;
  run(args: readonly string[], context: { database: Database; config: Config }): Promise<string>;
}
