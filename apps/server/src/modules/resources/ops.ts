/**
 * Operator commands of the resources (`npm run ops -- <command>`, docs/operations.md): load the
 * vendor's resources and their files from a list, list them, remove one.
 */
import { loadReport } from '../../core/list-file.js';
import type { OpsCommand, OpsContext } from '../../core/ops-command.js';
import { fromWorkingDir } from '../../core/ops-command.js';
import { objectBackendOf } from '../../core/storage/configured-backend.js';
import { ResourceCatalogue, type VendorResourceRow } from './catalogue.js';
import { readResourcesFile, storeVendorFile } from './resources-file.js';

/** The catalogue without the server's store: the commands store vendor files through the backend. */
const catalogueOf = ({ database }: OpsContext) => new ResourceCatalogue(database.db);

export const resourceCommands: Record<string, OpsCommand> = {
  'resources:load': {
    usage: '<resources.json>',
    summary:
      "Loads the vendor's resources from a JSON list (each row's file relative to the list) into the object store and the download page, by code: new codes added, changed ones updated, the same file again changes nothing. Bad rows are reported (exit 1) and the others loaded.",
    async run(args, context) {
      const [path, extra] = args;
      if (!path || extra !== undefined) throw new Error('Give the path of one resources file');
      const { rows, refused } = await readResourcesFile(fromWorkingDir(path));
      const backend = await objectBackendOf(context.config.objectStore, context.config.dataDir);
      const stored: VendorResourceRow[] = [];
      for (const { row, file } of rows) {
        stored.push({ ...row, ...(await storeVendorFile(backend, file, row.size)) });
      }
      return loadReport('resource', rows.length, await catalogueOf(context).load(stored), refused);
    },
  },
  'resources:list': {
    usage: '',
    summary: "Lists the vendor's resources: code, category, version, size, md5, downloads.",
    async run(args, context) {
      if (args.length > 0) throw new Error('resources:list takes no arguments');
      const rows = await catalogueOf(context).vendor();
      if (rows.length === 0) return 'No vendor resources.';
      return rows
        .map(
          (row) => `${row.code}\t${row.category}\t${row.version}\t${row.size}\t${row.md5}\t${row.downloads}`,
        )
        .join('\n');
    },
  },
  'resources:remove': {
    usage: '<code>',
    summary: 'Removes a vendor resource by code (its share links stop working; its file stays in the store).',
    async run(args, context) {
      const [code, extra] = args;
      if (!code || extra !== undefined) throw new Error('Give the code of one resource');
      if (!(await catalogueOf(context).removeVendor(code))) throw new Error(`No vendor resource ${code}`);
      return `Removed ${code}.`;
    },
  },
};
