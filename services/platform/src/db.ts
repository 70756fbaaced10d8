import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { createHash } from 'node:crypto';
import { Pool, type PoolClient, type QueryConfig } from 'pg';
import type { Logger } from './logger';

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
  /** Connections of the PostgreSQL pool (metrics); PGlite has none. */
  poolStats?(): { total: number; idle: number; waiting: number };
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

/** SQLSTATE classes and socket errors that mean "the database is not reachable right now". */
const unavailableCodes = new Set(['57P01', '57P02', '57P03', '53300', 'ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
const unavailableMessages = /Connection terminated|connection error|not queryable|timeout exceeded when trying to connect|terminating connection|the database system is (starting up|shutting down|in recovery mode)/i;

/**
 * Whether an error means the database is unreachable (restarting, down, connection lost) rather
 * than that the request was wrong: such work is worth retrying and a caller gets a 503.
 * Drizzle wraps driver errors, so the cause chain is followed.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth += 1) {
    if (typeof e.code === 'string' && (unavailableCodes.has(e.code) || e.code.startsWith('08'))) return true;
    if (typeof e.message === 'string' && unavailableMessages.test(e.message)) return true;
  }
  return false;
}

/** Distinct statement texts that get a server-side prepared statement; later new texts run unnamed. */
const NAMED_STATEMENTS = 2_000;
const statementNames = new Map<string, string>();

/** The prepared-statement name of a statement text (one per text, the same on every connection), or undefined once full. */
function statementName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < NAMED_STATEMENTS) {
    name = `s${createHash('sha1').update(text).digest('base64url')}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * Runs every parameterised statement of this client as a named prepared statement: PostgreSQL
 * parses and plans a statement text once per connection instead of on every execution (the hot
 * paths run the same dozen texts over and over). Texts are bounded (NAMED_STATEMENTS).
 */
function prepareStatements(client: PoolClient) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (config: unknown, ...rest: unknown[]) => {
    if (config && typeof config === 'object' && typeof (config as QueryConfig).text === 'string' && !(config as QueryConfig).name) {
      const name = statementName((config as QueryConfig).text);
      if (name) return query({ ...(config as QueryConfig), name }, ...rest);
    }
    return query(config, ...rest);
  };
}

export function postgresDatabase(
  url: string,
  { max = 10, logger, namedStatements = false }: { max?: number; logger?: Pick<Logger, 'warn'>; namedStatements?: boolean } = {},
): Database {
  // A connection attempt gives up after 5 s, so a request during an outage fails (503) rather than hangs.
  const pool = new Pool({ connectionString: url, max, connectionTimeoutMillis: 5_000 });
  if (namedStatements) pool.on('connect', prepareStatements);
  // A client that loses its connection (a restart: 57P01, "Connection terminated unexpectedly")
  // emits 'error'; unheard, that event would end the process. Idle clients report through the
  // pool, checked-out ones through their own listener; the query in flight fails on its own, and
  // the pool opens fresh connections once the database is back.
  const onError = (err: Error) => logger?.warn({ err: String(err) }, 'database connection lost');
  pool.on('error', onError);
  pool.on('connect', (client) => {
    client.on('error', onError);
  });
  // Readiness asks on a connection of its own: a pool busy with a backlog is not a database down.
  const probe = new Pool({ connectionString: url, max: 1, connectionTimeoutMillis: 2_000, idleTimeoutMillis: 60_000 });
  probe.on('error', onError);
  probe.on('connect', (client) => {
    client.on('error', onError);
  });
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
      await probe.query('select 1');
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async close() {
      await Promise.all([pool.end(), probe.end()]);
    },
  };
}

/**
 * PostgreSQL when DATABASE_URL is set; otherwise the shared PGlite given by the embedded launcher,
 * or a PGlite of the service's own under dataDir.
 */
export async function openDatabase(opts: { url?: string; pglite?: PGlite; dataDir?: string; logger?: Logger; namedStatements?: boolean }): Promise<Database> {
  if (opts.url) return postgresDatabase(opts.url, { logger: opts.logger, namedStatements: opts.namedStatements });
  if (opts.pglite) return pgliteDatabase(opts.pglite);
  return pgliteDatabase(await openPglite(opts.dataDir), { ownsClient: true });
}
