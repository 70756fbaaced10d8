import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { freePort } from './processes';

/**
 * A PostgreSQL cluster and a RabbitMQ node of a test's own, on free ports in temp folders, for
 * fault tests that stop or restart them: the machine's shared servers are never touched. As root
 * (CI), each server runs as its system user (postgres, rabbitmq); otherwise as the current user.
 */
const root = userInfo().uid === 0;

function ownedBy(user: string, dir: string) {
  if (root) execFileSync('chown', ['-R', user, dir]);
  return dir;
}

/** Runs a server's command as its system user (as root) with the given environment. */
function runAs(user: string, command: string, args: string[], env: Record<string, string> = {}, timeoutMs = 120_000): string {
  const pairs = Object.entries(env).map(([k, v]) => `${k}=${v}`);
  const [cmd, argv] = root ? ['runuser', ['-u', user, '--', 'env', ...pairs, command, ...args]] : [command, args];
  const run = spawnSync(cmd, argv, { encoding: 'utf8', env: { ...process.env, ...env }, timeout: timeoutMs });
  if (run.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${run.status}): ${run.stderr || run.stdout}`);
  return run.stdout;
}

/** runAs without blocking: for commands a test runs while it also watches the shop. */
async function runAsAsync(user: string, command: string, args: string[], env: Record<string, string> = {}): Promise<string> {
  const pairs = Object.entries(env).map(([k, v]) => `${k}=${v}`);
  const [cmd, argv] = root ? ['runuser', ['-u', user, '--', 'env', ...pairs, command, ...args]] : [command, args];
  const { stdout } = await promisify(execFile)(cmd, argv, { encoding: 'utf8', env: { ...process.env, ...env }, timeout: 60_000 });
  return stdout;
}

function postgresBin(): string {
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base) ? readdirSync(base).filter((v) => existsSync(join(base, v, 'bin', 'initdb'))).sort((a, b) => Number(b) - Number(a)) : [];
  if (!versions.length) throw new Error('PostgreSQL server binaries (initdb, pg_ctl) not found under /usr/lib/postgresql');
  return join(base, versions[0]!, 'bin');
}

export interface PrivatePostgres {
  url: string;
  /** pg_ctl restart -m fast: every connection is terminated (57P01), the server is back when it resolves. */
  restart(): Promise<void>;
  stop(): void;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBin();
  const dir = ownedBy('postgres', mkdtempSync(join(tmpdir(), 'shop-fault-pg-')));
  const data = join(dir, 'data');
  const port = await freePort();
  runAs('postgres', join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c max_connections=300`;
  const pgCtl = (...args: string[]) => runAs('postgres', join(bin, 'pg_ctl'), ['-D', data, '-l', join(dir, 'log'), '-w', ...args]);
  pgCtl('-o', options, 'start');
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    // Not blocking the test meanwhile: its shoppers keep calling through the restart.
    restart: async () => void (await runAsAsync('postgres', join(bin, 'pg_ctl'), ['-D', data, '-l', join(dir, 'log'), '-w', '-m', 'fast', '-o', options, 'restart'])),
    stop() {
      try {
        pgCtl('-m', 'immediate', 'stop');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

export interface PrivateRabbitMQ {
  url: string;
  node: string;
  rabbitmqctl(args: string[]): string;
  /** Messages (ready and unacknowledged) in every queue of a virtual host, without blocking the test. */
  queueDepths(vhost: string): Promise<Array<{ queue: string; messages: number }>>;
  /** Stops the broker application (connections drop, the node stays up to start it again). */
  stopApp(): void;
  startApp(): void;
  stop(): void;
}

export async function startPrivateRabbitMQ(): Promise<PrivateRabbitMQ> {
  const dir = mkdtempSync(join(tmpdir(), 'shop-fault-mq-'));
  const [port, distPort] = [await freePort(), await freePort()];
  const node = `shopfault${port}@localhost`;
  // Its own config: the machine's (listening on 5672, its node name) must not apply to this node.
  writeFileSync(join(dir, 'rabbitmq.conf'), `listeners.tcp.local = 127.0.0.1:${port}\nloopback_users = none\n`);
  writeFileSync(join(dir, 'rabbitmq-env.conf'), 'ERL_EPMD_ADDRESS=127.0.0.1\n');
  writeFileSync(join(dir, 'enabled_plugins'), '[].\n');
  ownedBy('rabbitmq', dir);
  // The CLI and the node must share an Erlang cookie: the rabbitmq user's as root, a private one otherwise.
  const home = root ? '/var/lib/rabbitmq' : dir;
  const env = {
    HOME: home,
    RABBITMQ_NODENAME: node,
    RABBITMQ_DIST_PORT: String(distPort),
    RABBITMQ_CONFIG_FILE: join(dir, 'rabbitmq.conf'),
    RABBITMQ_CONF_ENV_FILE: join(dir, 'rabbitmq-env.conf'),
    RABBITMQ_ENABLED_PLUGINS_FILE: join(dir, 'enabled_plugins'),
    RABBITMQ_MNESIA_BASE: join(dir, 'mnesia'),
    RABBITMQ_LOG_BASE: join(dir, 'log'),
    RABBITMQ_PID_FILE: join(dir, 'pid'),
  };
  const ctl = (args: string[], timeoutMs?: number) => runAs('rabbitmq', '/usr/lib/rabbitmq/bin/rabbitmqctl', ['-n', node, ...args], { HOME: home }, timeoutMs);
  runAs('rabbitmq', '/usr/lib/rabbitmq/bin/rabbitmq-server', ['-detached'], env);
  // The node registers with epmd a moment after -detached returns; await_startup fails until then.
  const until = Date.now() + 90_000;
  for (;;) {
    try {
      ctl(['await_startup', '--timeout', '60']);
      break;
    } catch (err) {
      if (Date.now() > until) throw err;
      await new Promise((r) => setTimeout(r, 1_000));
    }
  }
  return {
    url: `amqp://guest:guest@127.0.0.1:${port}`,
    node,
    rabbitmqctl: (args) => ctl(args),
    async queueDepths(vhost) {
      const out = await runAsAsync('rabbitmq', '/usr/lib/rabbitmq/bin/rabbitmqctl', ['-n', node, 'list_queues', '-p', vhost, '-q', '--no-table-headers', 'name', 'messages'], { HOME: home });
      return out
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((line) => {
          const [queue, messages] = line.trim().split(/\s+/);
          return { queue: queue!, messages: Number(messages) };
        });
    },
    stopApp: () => void ctl(['stop_app']),
    startApp: () => void ctl(['start_app']),
    stop() {
      try {
        ctl(['stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
