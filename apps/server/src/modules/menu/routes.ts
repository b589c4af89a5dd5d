/**
 * GET /v1/pms/menus (spec §7.1 "loads permission menus"): the addresses of the catalogue's pages.
 * Any signed-in user may read them: they name no data, and the console needs them to answer an
 * address of a page the role lacks with 'not permitted' instead of sending it to /index.
 */
import { apiErrorSchema, CATALOGUE_PATH, catalogueMenusSchema, pageAddresses } from '@vap/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { MenuCatalogue } from '../../core/menu/catalogue.js';
import { menuTree } from '../../core/menu/tree.js';

export const menuModule: FastifyPluginAsyncZod<{ catalogue: MenuCatalogue }> = async (app, { catalogue }) => {
  app.get(
    CATALOGUE_PATH,
    {
      config: { access: 'user' },
      schema: {
        tags: ['account'],
        summary: "The addresses of the catalogue's pages, for telling 'not permitted' from 'not found'",
        security: [{ bearer: [] }],
        response: { 200: catalogueMenusSchema, 401: apiErrorSchema },
      },
    },
    async () => {
      const tree = menuTree(await catalogue.all(), 'all');
      return { pages: Array.isArray(tree) ? pageAddresses(tree) : [] };
    },
  );
};
