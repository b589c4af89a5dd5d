/** The calls of operations: health, liveness, the menu catalogue's page addresses. */
import { CATALOGUE_PATH, OPERATIONS_PATHS } from './api-paths.js';
import { declareCalls } from './calls.js';

const schemas = async () => ({ ...(await import('./operations.js')), ...(await import('./menu.js')) });

export const OPERATIONS_CALLS = declareCalls(schemas, ['operations'], {
  healthz: {
    method: 'GET',
    path: OPERATIONS_PATHS.healthz,
    access: 'public',
    errors: [503],
    summary: 'Liveness and database reachability',
    schemas: (s) => ({ response: s.healthSchema }),
  },
  livez: {
    method: 'GET',
    path: OPERATIONS_PATHS.livez,
    access: 'public',
    summary: 'Liveness of the server process alone, without a database round trip',
    schemas: (s) => ({ response: s.livenessSchema }),
  },
  // The open-platform debug page is driven by it (spec §7). Not an operation of itself.
  apiDocument: {
    method: 'GET',
    path: OPERATIONS_PATHS.apiDocument,
    access: 'public',
    hidden: true,
    summary: 'The OpenAPI document of /webapi',
    schemas: (s) => ({ response: s.openApiDocumentSchema }),
  },
  // Any signed-in user may read them: they name no data, and the console needs them to answer an
  // address of a page the role lacks with 'not permitted' instead of sending it to /index.
  catalogue: {
    method: 'GET',
    path: CATALOGUE_PATH,
    access: 'user',
    tags: ['account'],
    summary: "The addresses of the catalogue's pages, for telling 'not permitted' from 'not found'",
    schemas: (s) => ({ response: s.catalogueMenusSchema }),
  },
});
