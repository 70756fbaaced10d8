import { mkdirSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { createHash } from 'node:crypto';
import { Pool, types as pgTypes, type PoolClient, type QueryConfig } from 'pg';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import type { Column } from 'drizzle-orm';
import type { Logger } from './logger';
import { GOODBYE_MS, settleOrCut } from './shutdown';

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
  const { PGlite } = requirePglite<typeof import('@electric-sql/pglite')>('@electric-sql/pglite');
  const { pg_trgm } = requirePglite<typeof import('@electric-sql/pglite/contrib/pg_trgm')>('@electric-sql/pglite/contrib/pg_trgm');
  const pglite = new PGlite({ dataDir, extensions: { pg_trgm } });
  await pglite.waitReady;
  return pglite;
}

/**
 * PGlite (embedded mode only) is loaded when first used: the container image leaves it out
 * (decision 0051), and a process there without DATABASE_URL says so instead of failing at import.
 */
function requirePglite<T>(id: string): T {
  try {
    return require(id) as T;
  } catch (err) {
    if ((err as { code?: string }).code === 'MODULE_NOT_FOUND') {
      throw new Error('DATABASE_URL is required: PGlite, the embedded database, is not installed here (the container image runs distributed mode only)');
    }
    throw err;
  }
}

export function pgliteDatabase(pglite: PGlite, { ownsClient = false } = {}): Database {
  const { drizzle: drizzlePglite } = requirePglite<typeof import('drizzle-orm/pglite')>('drizzle-orm/pglite');
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
  {
    max = 10,
    logger,
    namedStatements = false,
    pipelined = false,
  }: { max?: number; logger?: Pick<Logger, 'warn'>; namedStatements?: boolean; pipelined?: boolean } = {},
): Database {
  // A connection attempt gives up after 5 s, so a request during an outage fails (503) rather than hangs.
  // Pipelined: a connection writes each statement at once, without waiting for the answer to the
  // one before (foldedTransaction sends several in one write; awaited one by one, nothing changes).
  const pool = new Pool({ connectionString: url, max, connectionTimeoutMillis: 5_000, ...(pipelined ? { pipeline: true } : {}) });
  if (namedStatements) pool.on('connect', prepareStatements);
  // A client that loses its connection (a restart: 57P01, "Connection terminated unexpectedly")
  // emits 'error'; unheard, that event would end the process. Idle clients report through the
  // pool, checked-out ones through their own listener; the query in flight fails on its own, and
  // the pool opens fresh connections once the database is back.
  const onError = (err: Error) => logger?.warn({ err: String(err) }, 'database connection lost');
  // Every open connection of both pools, so close() can cut those whose server stopped answering.
  const connections = new Set<PoolClient>();
  const track = (client: PoolClient) => {
    connections.add(client);
    client.once('end', () => connections.delete(client));
  };
  pool.on('error', onError);
  pool.on('connect', (client) => {
    client.on('error', onError);
    track(client);
  });
  // Readiness asks on a connection of its own: a pool busy with a backlog is not a database down.
  const probe = new Pool({ connectionString: url, max: 1, connectionTimeoutMillis: 2_000, idleTimeoutMillis: 60_000 });
  probe.on('error', onError);
  probe.on('connect', (client) => {
    client.on('error', onError);
    track(client);
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
      // pool.end() resolves when each socket has closed, which needs the server's answer to the
      // Terminate; a server that stopped answering (or a query still waiting on one) would hold it
      // for the operating system's TCP timeout (decision 0079).
      const answered = await settleOrCut(Promise.all([pool.end(), probe.end()]), GOODBYE_MS, () => {
        for (const client of connections) socketOf(client)?.destroy();
      });
      if (!answered) logger?.warn({ waitedMs: GOODBYE_MS, connections: connections.size }, 'PostgreSQL did not answer the close; connections cut');
    },
  };
}

/**
 * PostgreSQL when DATABASE_URL is set; otherwise the shared PGlite given by the embedded launcher,
 * or a PGlite of the service's own under dataDir.
 */
export async function openDatabase(opts: { url?: string; pglite?: PGlite; dataDir?: string; logger?: Logger; namedStatements?: boolean; pipelined?: boolean }): Promise<Database> {
  if (opts.url) return postgresDatabase(opts.url, { logger: opts.logger, namedStatements: opts.namedStatements, pipelined: opts.pipelined });
  if (opts.pglite) return pgliteDatabase(opts.pglite);
  return pgliteDatabase(await openPglite(opts.dataDir), { ownsClient: true });
}

/** A statement run by {@link fixedStatement}: its rows as the driver reads them. */
export type FixedStatement<Row = Record<string, unknown>> = (db: Db | Tx, params: readonly unknown[]) => Promise<Row[]>;

/**
 * A statement whose SQL text is written once (`$1`, `$2`… for its parameters): a call only binds
 * the parameters and runs it on the handle given (inside a transaction, that transaction's
 * connection), without drizzle building the text again. For the hot paths; rows come back as the
 * driver reads them, the same on PostgreSQL and PGlite (column names as in the SQL; timestamps as
 * text; json parsed; see rowsAs). On PostgreSQL it is a named statement: parsed and planned once per
 * connection, whether or not the service names its other statements.
 */
export function fixedStatement<Row = Record<string, unknown>>(text: string): FixedStatement<Row> {
  // Named (on PostgreSQL, prepared once per connection) whether or not the service names its other statements.
  const name = `s${createHash('sha1').update(text).digest('base64url')}`;
  const run: FixedStatement<Row> = async (db, params) => {
    const result = await db._.session.prepareQuery({ sql: text, params: params as unknown[] }, undefined, name, false).execute();
    return (result as { rows: Row[] }).rows;
  };
  fixedTexts.set(run as FixedStatement<unknown>, { text, name });
  return run;
}

/** The text and prepared-statement name of each fixed statement (foldedTransaction sends them itself). */
const fixedTexts = new WeakMap<FixedStatement<unknown>, { text: string; name: string }>();

/**
 * Sent first in a transaction, makes its fixed statements run on their generic plans (decision
 * 0089). PostgreSQL plans a prepared statement again for every call while the plan made for the
 * call's own values looks cheaper than the one made for any values, and for `id = any($1)` or a
 * `limit $2` it always does: planning then cost as much as running. Only for statements whose best
 * plan does not depend on the values.
 */
export const genericPlans = fixedStatement('set local plan_cache_mode = force_generic_plan');

/** One fixed statement on its generic plan: BEGIN, {@link genericPlans}, the statement and COMMIT, sent together. */
export function onGenericPlan<Row>(db: Db, statement: FixedStatement<Row>, params: readonly unknown[]): Promise<Row[]> {
  return foldedTransaction(db, async (f) => {
    const [, rows] = await f.send([[genericPlans, []], [statement, params]] as const, { commit: true });
    return rows;
  });
}

/** One statement of a batch sent by {@link FoldedTransaction.send}: a fixed statement and its parameters. */
export type Folded<Row = Record<string, unknown>> = readonly [FixedStatement<Row>, readonly unknown[]];

/** Rows of each statement of a batch, in order. */
type RowsOf<T extends readonly Folded<unknown>[]> = { [K in keyof T]: T[K] extends Folded<infer R> ? R[] : never };

/** What the body of {@link foldedTransaction} works with. */
export interface FoldedTransaction {
  /**
   * Sends fixed statements together — one write, one wait on PostgreSQL — in the transaction (the
   * first batch carries its BEGIN; `commit` adds its COMMIT, which ends it: nothing may follow).
   * Each statement still runs on its own snapshot, in order. Answers the rows of each; the first
   * failure is thrown (the statements after it did nothing, the transaction is rolled back).
   */
  send<T extends readonly Folded<unknown>[]>(statements: readonly [...T], opts?: { commit?: boolean }): Promise<RowsOf<T>>;
  /** The transaction as drizzle's handle, for statements of other kinds (after the first send). */
  readonly tx: Tx;
}

/** Timestamps and intervals as text, as drizzle's node-postgres driver reads them (fixedStatement's rows). */
const RAW_TEXT_TYPES = new Set([1184, 1114, 1082, 1186, 1231, 1115, 1185, 1187, 1182]);
const driverTypes = {
  getTypeParser: (typeId: number, format?: 'text' | 'binary') => (RAW_TEXT_TYPES.has(typeId) ? (value: string) => value : pgTypes.getTypeParser(typeId, format)),
};

/**
 * A transaction whose statements go to PostgreSQL in batches (decision 0038): BEGIN with the first
 * statements, COMMIT with the last ones, and statements that do not wait on each other's answers
 * together — each batch one write and one wait instead of one per statement (on a pipelined pool;
 * on another pool the same statements simply go one by one). On PGlite it is an ordinary
 * transaction running the same statements in the same order. Commits when the body returns (if a
 * send did not already); rolls back when it throws.
 */
export async function foldedTransaction<T>(db: Db, body: (f: FoldedTransaction) => Promise<T>): Promise<T> {
  const session = db._.session as unknown as { client: unknown; dialect: unknown; schema: unknown; options: unknown };
  if (!(session.client instanceof Pool)) {
    return db.transaction((tx) =>
      body({
        tx,
        send: async (statements) => {
          const rows: unknown[] = [];
          for (const [statement, params] of statements) rows.push(await statement(tx, params));
          return rows as never;
        },
      }),
    );
  }
  const client = await session.client.connect();
  const handle = new NodePgTransaction(
    session.dialect as never,
    new NodePgSession(client, session.dialect as never, session.schema as never, session.options as never),
    session.schema as never,
  ) as unknown as Tx;
  // An object: the body's sends change it while this function awaits (no narrowing across them).
  const at: { state: 'idle' | 'open' | 'ended' } = { state: 'idle' };
  let lost: unknown;
  const write = (configs: QueryConfig[]): Promise<unknown>[] => {
    // A connection without pipelining takes a statement only once the one before is answered
    // (pg queues the rest itself today, with a deprecation warning; pg 9 will not): one by one.
    // Each is sent even after one failed, as on a pipelined connection: PostgreSQL refuses the
    // statements after a failure and answers the batch's COMMIT with ROLLBACK, which ends the
    // transaction before the connection goes back to the pool.
    if (!(client as unknown as { pipeline?: boolean }).pipeline) {
      let previous: Promise<unknown> = Promise.resolve();
      return configs.map((config) => (previous = previous.catch(() => undefined).then(() => client.query(config))));
    }
    const stream = (client as unknown as { connection?: { stream?: { cork?: () => void; uncork?: () => void } } }).connection?.stream;
    stream?.cork?.();
    try {
      return configs.map((config) => client.query(config));
    } finally {
      stream?.uncork?.();
    }
  };
  // A COMMIT is answered ROLLBACK when a statement of the transaction failed: never a success then,
  // even if the body caught that failure and went on.
  const committed = (command: string) => {
    if (command !== 'COMMIT') throw new Error(`foldedTransaction: the transaction was rolled back (${command} to COMMIT)`);
  };
  const folded: FoldedTransaction = {
    get tx() {
      if (at.state !== 'open') throw new Error('foldedTransaction: send the first statements before using tx');
      return handle;
    },
    async send(statements, opts) {
      if (at.state === 'ended') throw new Error('foldedTransaction: the transaction has ended');
      const configs: QueryConfig[] = statements.map(([statement, params]) => {
        const fixed = fixedTexts.get(statement as FixedStatement<unknown>);
        if (!fixed) throw new Error('foldedTransaction sends fixed statements only');
        return { name: fixed.name, text: fixed.text, values: params as unknown[], types: driverTypes } as QueryConfig;
      });
      const begin = at.state === 'idle';
      if (begin) configs.unshift({ text: 'begin' });
      if (opts?.commit) configs.push({ text: 'commit' });
      at.state = opts?.commit ? 'ended' : 'open';
      const results = await Promise.allSettled(write(configs));
      const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
      if (failed) {
        if (isDatabaseUnavailable(failed.reason)) lost = failed.reason;
        throw failed.reason;
      }
      const values = results.map((r) => (r as PromiseFulfilledResult<{ rows: unknown[]; command: string }>).value);
      if (opts?.commit) committed(values[values.length - 1]!.command);
      return values.map((v) => v.rows).slice(begin ? 1 : 0, opts?.commit ? -1 : undefined) as never;
    },
  };
  try {
    const result = await body(folded);
    if (at.state === 'open') {
      at.state = 'ended';
      committed((await client.query('commit')).command);
    }
    return result;
  } catch (err) {
    if (at.state === 'open') {
      at.state = 'ended';
      await client.query('rollback').catch((rollbackErr) => {
        lost = rollbackErr;
      });
    }
    if (isDatabaseUnavailable(err)) lost = err;
    throw err;
  } finally {
    // A connection that failed is not given back to others.
    client.release(lost ? (lost as Error) : undefined);
  }
}

/**
 * Rows of a {@link fixedStatement} that selects these columns (by their SQL names), read as a
 * drizzle select of them reads them: the same keys and values (dates, numbers, json) on both drivers.
 */
export function rowsAs<T>(columns: Record<string, Column>, rows: readonly Record<string, unknown>[]): T[] {
  const entries = Object.entries(columns);
  return rows.map((raw) => {
    const row: Record<string, unknown> = {};
    for (const [key, column] of entries) {
      const value = raw[column.name];
      row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    return row as T;
  });
}

/** The socket under a pg client (`client.connection.stream`), to cut a connection whose server stopped answering. */
function socketOf(client: PoolClient): { destroy(): void } | undefined {
  return (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream;
}
