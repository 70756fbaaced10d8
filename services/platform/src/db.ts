import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { Pool } from 'pg';

/** The drizzle handle services use; same API over PostgreSQL and PGlite. */
export type Db = NodePgDatabase<Record<string, never>>;
/** What a transaction callback receives. Inside a transaction always use it, never the outer Db. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'postgres' | 'pglite';
  /** Runs a multi-statement SQL script in one transaction (migrations). */
  runScript(script: string): Promise<void>;
  /** Cheap liveness probe for /readyz. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Opens one embedded PGlite (with pg_trgm) in a directory; shared by all services in embedded mode. */
export async function openPglite(dataDir?: string): Promise<PGlite> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pglite = new PGlite({ dataDir, extensions: { pg_trgm } });
  await pglite.waitReady;
  return pglite;
}

export function pgliteDatabase(pglite: PGlite, { ownsClient = false } = {}): Database {
  return {
    db: drizzlePglite(pglite) as unknown as Db,
    kind: 'pglite',
    async runScript(script) {
      await pglite.transaction(async (tx) => {
        await tx.exec(script);
      });
    },
    async ping() {
      await pglite.query('select 1');
    },
    async close() {
      if (ownsClient) await pglite.close();
    },
  };
}

export function postgresDatabase(url: string, { max = 10 } = {}): Database {
  const pool = new Pool({ connectionString: url, max });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', () => undefined);
  return {
    db: drizzlePg(pool),
    kind: 'postgres',
    async runScript(script) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        await client.query(script);
        await client.query('commit');
      } catch (err) {
        await client.query('rollback').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    async ping() {
      await pool.query('select 1');
    },
    async close() {
      await pool.end();
    },
  };
}

/**
 * PostgreSQL when DATABASE_URL is set; otherwise the shared PGlite given by the embedded launcher,
 * or a PGlite of the service's own under dataDir.
 */
export async function openDatabase(opts: { url?: string; pglite?: PGlite; dataDir?: string }): Promise<Database> {
  if (opts.url) return postgresDatabase(opts.url);
  if (opts.pglite) return pgliteDatabase(opts.pglite);
  return pgliteDatabase(await openPglite(opts.dataDir), { ownsClient: true });
}
