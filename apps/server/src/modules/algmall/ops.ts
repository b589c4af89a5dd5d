/**
 * Operator commands of the algorithm mall (`npm run ops -- <command>`, docs/operations.md): load the
 * vendor's products from a file.
 */
import { loadReport } from '../../core/list-file.js';
import { fromWorkingDir, type OpsCommand, onlyArgument } from '../../core/ops-command.js';
import { ProductCatalogue } from './products.js';
import { readProductsFile } from './products-file.js';

export const algmallCommands: Record<string, OpsCommand> = {
  'algmall:products': {
    usage: '<products.json>',
    summary:
      "Loads the algorithm mall's products from a JSON list, by code: new codes added, changed ones updated, the same file again changes nothing. Bad rows are reported (exit 1) and the others loaded.",
    async run(args, { database }) {
      const path = onlyArgument(args, 'Give the path of one products file');
      const { rows, refused } = await readProductsFile(fromWorkingDir(path));
      return loadReport('product', rows.length, await new ProductCatalogue(database.db).load(rows), refused);
    },
  },
};
