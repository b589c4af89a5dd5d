/**
 * Operator commands of the algorithm mall (`npm run ops -- <command>`, docs/operations.md): load the
 * vendor's products from a file.
 */
import { fromWorkingDir, type OpsCommand, onlyArgument } from '../../core/ops-command.js';
import { ProductCatalogue } from './products.js';
import { type RefusedRow, readProductsFile } from './products-file.js';

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

const refusal = (row: RefusedRow) =>
  `  row ${row.index}${row.code === undefined ? '' : ` (${row.code})`}: ${row.problems.join('; ')}`;

export const algmallCommands: Record<string, OpsCommand> = {
  'algmall:products': {
    usage: '<products.json>',
    summary:
      "Loads the algorithm mall's products from a JSON list, by code: new codes added, changed ones updated, the same file again changes nothing. Bad rows are reported (exit 1) and the others loaded.",
    async run(args, { database }) {
      const path = onlyArgument(args, 'Give the path of one products file');
      const { rows, refused } = await readProductsFile(fromWorkingDir(path));
      const { added, updated, unchanged } = await new ProductCatalogue(database.db).load(rows);
      const loaded = `${count(rows.length, 'product')} loaded: ${added} added, ${updated} updated, ${unchanged} unchanged.`;
      if (refused.length === 0) return loaded;
      // The good rows are stored; the exit status still tells a script that the file was not clean.
      throw new Error(
        `${loaded}\n${count(refused.length, 'row')} refused:\n${refused.map(refusal).join('\n')}`,
      );
    },
  },
};
