/**
 * Databases of a test's own on the PostgreSQL server of TEST_DATABASE_URL: created empty, or as a
 * copy of another database, and dropped when the test is done. A copy is PostgreSQL's
 * `CREATE DATABASE … TEMPLATE`: the server copies the template's files, so a copy of a migrated
 * database holds its tables and rows without a migration being run. The server refuses to copy a
 * database while another session is connected to it.
 */
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';

export interface PostgresDatabase {
  /** The database's name on the server. */
  name: string;
  /** TEST_DATABASE_URL with this database's name: what a server's DATABASE_URL or a client takes. */
  url: string;
  /** Drops the database, closing the sessions still connected to it. */
  drop(): Promise<void>;
}

export interface PostgresDatabaseOptions {
  /** The start of the database's name (a random suffix follows), saying which test made it. */
  prefix?: string;
  /** A database to copy instead of starting empty. */
  copyOf?: string | null;
}

/** The address of another database on the same PostgreSQL server. */
export function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** Creates a database on the server of `adminUrl`, through a connection of its own kept to drop it. */
export async function createPostgresDatabase(
  adminUrl: string,
  { prefix = 'vap_test', copyOf = null }: PostgresDatabaseOptions = {},
): Promise<PostgresDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database ${name}${copyOf ? ` template ${copyOf}` : ''}`);
  } catch (error) {
    await admin.end();
    throw error;
  }
  return {
    name,
    url: withDatabaseName(adminUrl, name),
    async drop() {
      try {
        await admin.unsafe(`drop database if exists ${name} with (force)`);
      } finally {
        await admin.end();
      }
    },
  };
}

/** TEST_DATABASE_URL, for the tests that run only where a PostgreSQL server is given. */
export function testDatabaseUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  return url;
}
