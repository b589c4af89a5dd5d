/**
 * Vitest global setup: one migrated database per engine for the whole run, which every test
 * database then starts from — PGlite from a dump of its data directory, PostgreSQL as a template.
 * A fresh PGlite runs initdb (about 2.5 s) and the migrations (about 0.5 s); loading a dump takes
 * about 0.7 s, and copying a PostgreSQL template costs less than migrating.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../core/db/client.js';
import { migratedPgliteImage } from '../core/db/pglite-image.js';
import { createPostgresDatabase } from './postgres-databases.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding a dump of a migrated PGlite data directory. */
    pgliteImage: string;
    /** A migrated PostgreSQL database to copy, when TEST_DATABASE_URL is set. */
    postgresTemplate: string | null;
  }
}

export default async function setup(project: TestProject) {
  const directory = await mkdtemp(join(tmpdir(), 'vap-test-images-'));
  const imageFile = join(directory, 'pglite.tar');
  await writeFile(imageFile, new Uint8Array(await (await migratedPgliteImage()).arrayBuffer()));
  project.provide('pgliteImage', imageFile);

  const adminUrl = process.env.TEST_DATABASE_URL;
  const template = adminUrl ? await createPostgresDatabase(adminUrl, { prefix: 'vap_template' }) : null;
  if (template) {
    const database = await openDatabase({ engine: 'postgres', url: template.url, max: 2 });
    await database.migrate();
    // Closed, as PostgreSQL copies no database another session is connected to.
    await database.close();
  }
  project.provide('postgresTemplate', template?.name ?? null);

  return async () => {
    await rm(directory, { recursive: true, force: true });
    await template?.drop();
  };
}
