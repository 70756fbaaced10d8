/**
 * Backup and restore of the embedded shop's DATA_DIR (decision 0101).
 *
 * `npm run backup -- <file>`: a running shop is asked over its ops channel (loopback only, a
 * fresh token at each start in DATA_DIR/keys/ops.json) and writes the file itself, its database
 * dumped between two queries; a stopped shop's folder is read directly.
 * `npm run restore -- <file>`: checks the whole file, then unpacks it into an empty DATA_DIR.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createWriteStream, existsSync, readFileSync } from 'node:fs';
import { chmod, mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PGlite } from '@electric-sql/pglite';
import type { EventEnvelope } from '@shop/proto-contracts';
import { filesUnder, DamagedBackupError, readBackup, safeRelativePath, verifyBackup, writeBackup, type BackupManifest, type BackupSource } from './backup-archive';

/** The file a running shop announces its ops channel in (port, token, pid); removed when it stops. */
export const OPS_FILE = 'ops.json';
/** Where restore leaves the events that were on their way at the backup's moment, for the shop's next start. */
export const RESTORED_EVENTS_FILE = 'restored-events.json';

type Deliveries = Array<{ queue: string; event: EventEnvelope }>;
/** The in-process bus's recording of deliveries (InProcessBus.recordDeliveries). */
export interface DeliveryRecorder {
  recordDeliveries(): { stop(): Deliveries };
  redeliver(queue: string, event: EventEnvelope): Promise<void>;
}

/** The shop's version as the backup records it, and the PGlite (data format) it was made with. */
function versions() {
  const platform = JSON.parse(readFileSync(join(dirname(require.resolve('@shop/platform')), '..', 'package.json'), 'utf8')) as { version: string };
  const pglite = JSON.parse(readFileSync(join(dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json'), 'utf8')) as { version: string };
  return { shopVersion: platform.version, pgliteVersion: pglite.version };
}

/**
 * The entries of a backup in the order that keeps them consistent: the database first (PGlite
 * runs one query at a time, and its dump waits for the one running and holds the next), then the
 * keys, then the pictures. Pictures are only ever added, under a name that is the hash of their
 * bytes, and each is on disk (renamed into place) before the product that names it is saved; so
 * every picture the dumped database names was on disk before the dump and is found by the walk
 * after it. Pictures added during the walk may come along too; nothing names them yet.
 */
async function* backupSources(pglite: PGlite, dataDir: string, mediaDir: string, bus?: DeliveryRecorder): AsyncGenerator<BackupSource> {
  // Events the dump shows as published may not have reached their consumers yet: the ones on
  // their way from before the dump until after it come along, to be delivered again after a restore.
  const recording = bus?.recordDeliveries();
  const dump = await pglite.dumpDataDir('none');
  const deliveries = recording?.stop() ?? [];
  yield { path: 'pglite.tar', bytes: new Uint8Array(await dump.arrayBuffer()) };
  yield { path: 'events.json', bytes: Buffer.from(JSON.stringify(deliveries)) };
  yield* filesUnder(join(dataDir, 'keys'), 'keys', (name) => name === OPS_FILE);
  // `.tmp` files are pictures being written; each is renamed into place when whole.
  yield* filesUnder(mediaDir, 'media', (name) => name.endsWith('.tmp'));
}

function backupStream(pglite: PGlite, dataDir: string, mediaDir: string, bus?: DeliveryRecorder): Readable {
  return writeBackup(backupSources(pglite, dataDir, mediaDir, bus), { createdAt: new Date().toISOString(), ...versions() });
}

/**
 * At a restored shop's first start, once every consumer has subscribed: the events recorded at the
 * backup's moment are delivered again (consumers drop those they had handled); the file goes when
 * all are handled, so a start cut short delivers them again at the next.
 */
export async function redeliverRestoredEvents(dataDir: string, bus: DeliveryRecorder): Promise<number> {
  const file = join(dataDir, RESTORED_EVENTS_FILE);
  if (!existsSync(file)) return 0;
  const deliveries = JSON.parse(readFileSync(file, 'utf8')) as Deliveries;
  void Promise.all(deliveries.map(({ queue, event }) => bus.redeliver(queue, event)))
    .then(() => rm(file, { force: true }))
    .catch(() => undefined);
  return deliveries.length;
}

/**
 * The running shop's ops channel: `POST /backup` on 127.0.0.1 (never the shop's HOST or PORT),
 * with the token from DATA_DIR/keys/ops.json, which only the shop's user can read. Anything else
 * gets 404; a wrong or missing token 401.
 */
export async function serveOpsChannel(opts: { pglite: PGlite; bus?: DeliveryRecorder; dataDir: string; mediaDir: string; logger: { info: (o: object, m: string) => void; error: (o: object, m: string) => void } }) {
  const token = randomBytes(32).toString('hex');
  const expected = Buffer.from(`Bearer ${token}`);
  const server: Server = createServer((req, res) => {
    if (req.method !== 'POST' || req.url !== '/backup') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    const given = Buffer.from(req.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      res.writeHead(401, { 'content-type': 'text/plain' }).end('A valid ops token is required\n');
      return;
    }
    const started = Date.now();
    res.writeHead(200, { 'content-type': 'application/gzip' });
    pipeline(backupStream(opts.pglite, opts.dataDir, opts.mediaDir, opts.bus), res).then(
      () => opts.logger.info({ ms: Date.now() - started }, 'backup written'),
      (err: unknown) => {
        opts.logger.error({ err: String(err) }, 'backup failed');
        res.destroy();
      },
    );
  });
  await new Promise<void>((done, fail) => server.once('error', fail).listen(0, '127.0.0.1', () => done()));
  const port = (server.address() as AddressInfo).port;
  const keysDir = join(opts.dataDir, 'keys');
  const file = join(keysDir, OPS_FILE);
  await mkdir(keysDir, { recursive: true, mode: 0o700 });
  await writeFile(file, JSON.stringify({ port, token, pid: process.pid }), { mode: 0o600 });
  await chmod(file, 0o600);
  return {
    port,
    async close() {
      await rm(file, { force: true });
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}

/** DATA_DIR and MEDIA_DIR as the shop reads them. */
function foldersOf(env: Record<string, string | undefined>) {
  const dataDir = resolve(env.DATA_DIR || './data');
  // The media service's rule (mediaDirOf), written out so the command starts without loading it.
  return { dataDir, mediaDir: resolve(env.MEDIA_DIR || join(dataDir, 'media')) };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

interface OpsFile {
  port: number;
  token: string;
  pid: number;
}

function opsFileOf(dataDir: string): OpsFile | undefined {
  const file = join(dataDir, 'keys', OPS_FILE);
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as OpsFile;
  } catch {
    return undefined;
  }
}

/**
 * The process id of a shop that runs on this DATA_DIR, if one does: its file names a live process
 * and something listens on its ops port. A crashed shop leaves a stale file, whose process id may
 * be some other process's by now: nothing listens on its port (connection refused), not counted.
 * A port that answers slowly (a shop under load) counts as running: opening the folder beside a
 * running shop would corrupt it.
 */
export async function runningShopOn(dataDir: string): Promise<number | undefined> {
  const ops = opsFileOf(dataDir);
  if (!ops || !isAlive(ops.pid)) return undefined;
  try {
    const answer = await fetch(`http://127.0.0.1:${ops.port}/backup`, { method: 'POST', signal: AbortSignal.timeout(5_000) });
    await answer.body?.cancel();
    return ops.pid;
  } catch (err) {
    const code = ((err as { cause?: { code?: string } }).cause ?? {}).code;
    return code === 'ECONNREFUSED' ? undefined : ops.pid;
  }
}

/** A problem the operator can fix: printed as it is, exit code 1. */
export class OperatorError extends Error {}

/** Writes a backup of the shop on DATA_DIR to `file` (through a `.partial` beside it), checks it, and answers its manifest. */
export async function backup(file: string, env: Record<string, string | undefined> = process.env): Promise<BackupManifest & { via: 'running shop' | 'stopped shop' }> {
  const target = resolve(file);
  const { dataDir, mediaDir } = foldersOf(env);
  if (!existsSync(join(dataDir, 'pglite'))) throw new OperatorError(`There is no shop in DATA_DIR ${dataDir} (no pglite folder)`);
  if (existsSync(target)) throw new OperatorError(`${target} exists already; give a new file name`);
  const partial = `${target}.partial`;
  const ops = opsFileOf(dataDir);
  const running = ops !== undefined && (await runningShopOn(dataDir)) !== undefined;
  try {
    if (running && ops) {
      let answer: Response;
      try {
        answer = await fetch(`http://127.0.0.1:${ops.port}/backup`, { method: 'POST', headers: { authorization: `Bearer ${ops.token}` } });
      } catch (err) {
        throw new OperatorError(`The shop (process ${ops.pid}) on DATA_DIR ${dataDir} stopped answering its ops channel (${(err as Error).message})`);
      }
      if (answer.status !== 200 || !answer.body) throw new OperatorError(`The shop refused the backup: ${answer.status} ${(await answer.text()).trim()}`);
      await pipeline(Readable.fromWeb(answer.body as import('node:stream/web').ReadableStream), createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
    } else {
      // No shop runs on this folder: open its database here (only one process may).
      const pglite = await openDatabase(join(dataDir, 'pglite'));
      try {
        await pipeline(backupStream(pglite, dataDir, mediaDir), createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
      } finally {
        await pglite.close();
      }
    }
    const manifest = await verifyBackup(partial);
    await rename(partial, target);
    return { ...manifest, via: running ? 'running shop' : 'stopped shop' };
  } catch (err) {
    await rm(partial, { force: true });
    throw err;
  }
}

async function openDatabase(dir: string, loadDataDir?: Blob): Promise<PGlite> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { PGlite } = require('@electric-sql/pglite') as typeof import('@electric-sql/pglite');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { pg_trgm } = require('@electric-sql/pglite/contrib/pg_trgm') as typeof import('@electric-sql/pglite/contrib/pg_trgm');
  const pglite = new PGlite({ dataDir: dir, extensions: { pg_trgm }, ...(loadDataDir ? { loadDataDir } : {}) });
  await pglite.waitReady;
  return pglite;
}

/** A folder restore may write into: absent or empty. */
async function assertEmpty(dir: string, name: string) {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    if ((err as NodeJS.ErrnoException).code === 'ENOTDIR') throw new OperatorError(`${name} ${dir} is a file, not a folder`);
    throw err;
  }
  if (names.length > 0) throw new OperatorError(`${name} ${dir} is not empty (${names.length} entr${names.length === 1 ? 'y' : 'ies'}): restore writes only into an empty folder; move what is there away first`);
}

/**
 * Restores `file` into DATA_DIR (and MEDIA_DIR): both must be empty or absent; the whole file is
 * checked against its manifest first, so a damaged file writes nothing. Then the keys and pictures
 * are written and the database loaded (PGlite's loadDataDir) and opened once.
 */
export async function restore(file: string, env: Record<string, string | undefined> = process.env): Promise<BackupManifest> {
  const source = resolve(file);
  const { dataDir, mediaDir } = foldersOf(env);
  if (!existsSync(source)) throw new OperatorError(`There is no backup file ${source}`);
  await assertEmpty(dataDir, 'DATA_DIR');
  await assertEmpty(mediaDir, 'MEDIA_DIR');
  let manifest: BackupManifest;
  try {
    manifest = await verifyBackup(source);
  } catch (err) {
    if (err instanceof DamagedBackupError) throw new OperatorError(`The backup file ${source} is damaged: ${err.message}. Nothing was written.`);
    throw err;
  }
  const [major, minor] = manifest.pgliteVersion.split('.');
  const here = versions().pgliteVersion.split('.');
  if (major !== here[0] || minor !== here[1]) throw new OperatorError(`The backup was made with PGlite ${manifest.pgliteVersion}; this shop has ${versions().pgliteVersion}, whose data format may differ. Restore it with the shop version that made it. Nothing was written.`);

  const dataDirExisted = existsSync(dataDir);
  const mediaDirExisted = existsSync(mediaDir);
  try {
    await mkdir(dataDir, { recursive: true });
    await mkdir(mediaDir, { recursive: true });
    await mkdir(join(dataDir, 'keys'), { recursive: true, mode: 0o700 });
    let database: Blob | undefined;
    for await (const entry of readBackup(source)) {
      if (entry.path === 'manifest.json') {
        for await (const _ of entry.chunks);
      } else if (entry.path === 'events.json') {
        const parts: Buffer[] = [];
        for await (const chunk of entry.chunks) parts.push(chunk);
        const deliveries = JSON.parse(Buffer.concat(parts).toString('utf8')) as Deliveries;
        if (deliveries.length > 0) await writeFile(join(dataDir, RESTORED_EVENTS_FILE), JSON.stringify(deliveries), { mode: 0o600 });
      } else if (entry.path === 'pglite.tar') {
        const parts: Buffer[] = [];
        for await (const chunk of entry.chunks) parts.push(chunk);
        database = new Blob(parts);
      } else if (entry.path === `keys/${OPS_FILE}`) {
        // A running shop's address and token belong to that shop, never to a restored folder.
        for await (const _ of entry.chunks);
      } else {
        const [root, target, mode] = entry.path.startsWith('keys/') ? [join(dataDir, 'keys'), safeRelativePath(entry.path, 'keys'), 0o600] : [mediaDir, safeRelativePath(entry.path, 'media'), 0o644];
        const path = join(root, target);
        await mkdir(dirname(path), { recursive: true });
        await pipeline(Readable.from(entry.chunks), createWriteStream(path, { flags: 'wx', mode }) as Writable);
      }
    }
    if (!database) throw new OperatorError('The backup file has no database');
    const pglite = await openDatabase(join(dataDir, 'pglite'), database);
    try {
      await pglite.query('select 1');
    } finally {
      await pglite.close();
    }
    return manifest;
  } catch (err) {
    // What this restore wrote goes again, so that a second attempt finds empty folders.
    await emptyOut(mediaDir, mediaDirExisted);
    await emptyOut(dataDir, dataDirExisted);
    throw err;
  }
}

async function emptyOut(dir: string, keepFolder: boolean) {
  if (!keepFolder) return rm(dir, { recursive: true, force: true });
  for (const name of await readdir(dir).catch(() => [] as string[])) await rm(join(dir, name), { recursive: true, force: true });
}

const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

/** Command line: `backup <file>` or `restore <file>`; an operator's problem is printed without a stack. */
export async function main(command: 'backup' | 'restore', argv: string[]) {
  const file = argv[0];
  if (!file || argv.length > 1) {
    process.stderr.write(`Usage: npm run ${command} -- <file>\n`);
    process.exit(2);
  }
  try {
    const started = Date.now();
    if (command === 'backup') {
      const made = await backup(file);
      const media = made.entries.filter((e) => e.path.startsWith('media/')).length;
      const size = made.entries.reduce((n, e) => n + e.size, 0);
      process.stdout.write(`Backup of the ${made.via} written to ${resolve(file)} and checked: database, keys, ${media} picture files (${megabytes(size)} before compression) in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
    } else {
      const made = await restore(file);
      process.stdout.write(`Restored the backup of ${made.createdAt} into DATA_DIR ${foldersOf(process.env).dataDir}; start the shop on it with npm start\n`);
    }
  } catch (err) {
    process.stderr.write(`${err instanceof OperatorError ? err.message : err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  }
}

if (require.main === module) {
  const [command, ...rest] = process.argv.slice(2);
  if (command !== 'backup' && command !== 'restore') {
    process.stderr.write('Usage: tsx deploy/embedded/backup.ts backup|restore <file>\n');
    process.exit(2);
  }
  void main(command, rest);
}
