/**
 * The extensions PGlite loads at every opening of a data directory. PostgreSQL finds an extension's
 * library on disk when a statement first needs it; PGlite only has the ones it was created with, so
 * a data directory whose migrations created an extension (0030: `pg_trgm`, for the device list's
 * `like` filters) must be opened with it wherever it is opened: the server, the tests' images, a
 * backup and a restore.
 */
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

export const PGLITE_EXTENSIONS = { pg_trgm };
