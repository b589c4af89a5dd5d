/**
 * Folders shipped beside the server. This module sits directly in `src/`, which has the same depth
 * as the bundled `dist/main.js`, so the relative paths hold for both tests and the build.
 */
import { resolve } from 'node:path';

export const MIGRATIONS_DIR = resolve(import.meta.dirname, '../drizzle');
