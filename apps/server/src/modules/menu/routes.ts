/**
 * GET /v1/pms/menus (spec §7.1 "loads permission menus"): the addresses of the catalogue's pages.
 * Any signed-in user may read them: they name no data, and the console needs them to answer an
 * address of a page the role lacks with 'not permitted' instead of sending it to /index.
 */
import { OPERATIONS_CALLS, pageAddresses } from '@vap/contracts';
import type { FastifyInstance } from 'fastify';
import { serve } from '../../core/http/calls.js';
import type { MenuCatalogue } from '../../core/menu/catalogue.js';
import { menuTree } from '../../core/menu/tree.js';

export async function menuRoutes(app: FastifyInstance, { catalogue }: { catalogue: MenuCatalogue }) {
  await serve(app, OPERATIONS_CALLS.catalogue, async () => {
    const tree = menuTree(await catalogue.all(), 'all');
    return { pages: Array.isArray(tree) ? pageAddresses(tree) : [] };
  });
}
