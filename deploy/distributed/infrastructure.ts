/**
 * What the distributed launcher prepares before it starts any process: one PostgreSQL database per
 * service, the RabbitMQ virtual host with the user's permissions, and the secrets kept under DATA_DIR.
 */
import { execFileSync } from 'node:child_process';
import { createPublicKey, generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import amqp from 'amqplib';
import { Client } from 'pg';

export const serviceNames = ['auth', 'catalog', 'cart', 'order', 'media'] as const;
export type ServiceName = (typeof serviceNames)[number];

/** The URL of one service's database: the server of DATABASE_URL, database `<prefix>_<service>`. */
export function serviceDatabaseUrl(serverUrl: string, prefix: string, service: ServiceName): string {
  const url = new URL(serverUrl);
  url.pathname = `/${prefix}_${service}`;
  return url.toString();
}

/** Creates each service's database when it is missing; answers the names it created. */
export async function ensureDatabases(serverUrl: string, prefix: string): Promise<string[]> {
  if (!/^[a-z_][a-z0-9_]*$/.test(prefix)) throw new Error(`DB_PREFIX "${prefix}": only lower-case letters, digits and "_"`);
  const client = new Client({ connectionString: serverUrl });
  try {
    await client.connect();
  } catch (err) {
    throw new Error(`PostgreSQL at DATABASE_URL is not reachable: ${(err as Error).message}`);
  }
  const created: string[] = [];
  try {
    for (const service of serviceNames) {
      const name = `${prefix}_${service}`;
      const found = await client.query('select 1 from pg_database where datname = $1', [name]);
      if (found.rowCount) continue;
      try {
        await client.query(`create database "${name}"`);
        created.push(name);
      } catch (err) {
        // Two launchers starting at once: the other one made it.
        if ((err as { code?: string }).code !== '42P04') {
          throw new Error(`Cannot create database ${name} (${(err as Error).message}); create it yourself: createdb ${name}`);
        }
      }
    }
  } finally {
    await client.end();
  }
  return created;
}

/** The virtual host named by an amqp URL ("/" when the URL has no path). */
export function vhostOf(amqpUrl: string): string {
  const path = new URL(amqpUrl).pathname;
  return path.length > 1 ? decodeURIComponent(path.slice(1)) : '/';
}

function rabbitmqctlPresent(): boolean {
  try {
    execFileSync('rabbitmqctl', ['--help'], { stdio: 'ignore', timeout: 30_000 });
    return true;
  } catch (err) {
    // `--help` exits non-zero on some versions; only a missing command matters here.
    return (err as NodeJS.ErrnoException).code !== 'ENOENT';
  }
}

async function canConnect(amqpUrl: string): Promise<Error | undefined> {
  try {
    const conn = await amqp.connect(amqpUrl);
    await conn.close();
    return undefined;
  } catch (err) {
    return err as Error;
  }
}

/**
 * Makes sure the vhost of RABBITMQ_URL can be used. When the broker refuses it and `rabbitmqctl`
 * is on this machine (the broker runs here), the vhost is created and the URL's user given full
 * permissions on it; otherwise the error says which commands to run on the broker's machine.
 * The management HTTP API is not used: it is an optional plugin, often disabled.
 */
export async function ensureVhost(amqpUrl: string): Promise<'existed' | 'created'> {
  const first = await canConnect(amqpUrl);
  if (!first) return 'existed';
  const vhost = vhostOf(amqpUrl);
  const user = decodeURIComponent(new URL(amqpUrl).username) || 'guest';
  const commands = `rabbitmqctl add_vhost ${vhost} && rabbitmqctl set_permissions -p ${vhost} ${user} ".*" ".*" ".*"`;
  // The login passed but opening the vhost did not (530 NOT_ALLOWED: no such vhost, or no
  // permission on it; amqplib words it "Expected ConnectionOpenOk"). Anything else (refused
  // connection, wrong password) is not something creating a vhost would fix.
  if (!/NOT_ALLOWED|\b530\b|ConnectionOpenOk/.test(String(first.message)) || vhost === '/') {
    throw new Error(`RabbitMQ at RABBITMQ_URL is not reachable: ${first.message}`);
  }
  if (!rabbitmqctlPresent()) {
    throw new Error(`RabbitMQ refused virtual host "${vhost}" (${first.message}). Create it on the broker's machine:\n  ${commands}`);
  }
  execFileSync('rabbitmqctl', ['add_vhost', vhost], { stdio: 'ignore', timeout: 60_000 });
  execFileSync('rabbitmqctl', ['set_permissions', '-p', vhost, user, '.*', '.*', '.*'], { stdio: 'ignore', timeout: 60_000 });
  const again = await canConnect(amqpUrl);
  if (again) throw new Error(`RabbitMQ still refuses virtual host "${vhost}" after creating it: ${again.message}`);
  return 'created';
}

export interface LauncherSecrets {
  privateKey: string;
  publicKey: string;
  internalToken: string;
}

/**
 * The RS256 pair (DATA_DIR/keys/jwt-private.pem, as in embedded mode) and the internal token
 * (DATA_DIR/keys/internal-api-token), made on first start and reused afterwards, so tokens and
 * sessions survive a restart. The folder is readable by its owner only.
 */
export function loadOrCreateSecrets(dataDir: string): LauncherSecrets {
  const dir = join(dataDir, 'keys');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const keyFile = join(dir, 'jwt-private.pem');
  if (!existsSync(keyFile)) {
    const { privateKey } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    writeFileSync(keyFile, privateKey, { mode: 0o600 });
  }
  const tokenFile = join(dir, 'internal-api-token');
  if (!existsSync(tokenFile)) writeFileSync(tokenFile, randomBytes(24).toString('hex'), { mode: 0o600 });
  const privateKey = readFileSync(keyFile, 'utf8');
  const publicKey = createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString();
  return { privateKey, publicKey, internalToken: readFileSync(tokenFile, 'utf8').trim() };
}
