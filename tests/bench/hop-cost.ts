/**
 * What one message between two processes costs on this machine, apart from any work of the shop:
 * the CPU per request, on each side, of
 *
 * - an HTTP request over a kept-alive connection (Node's http client) to a bare node:http server
 *   and to an Express 5 server; and through a hop to the bare server: a bare node:http forwarder,
 *   the gateway's proxy alone, that proxy behind an Express mount, and the shop's whole gateway (its
 *   edge steps, route table and proxy; every service the bare server);
 * - a PostgreSQL round trip of a named prepared `select $1::int` (pg, as the services use it), with
 *   the backend's CPU;
 * - a Redis GET (ioredis, as the services' token check uses it), with the Redis server's CPU.
 *
 * Every figure is CPU time from /proc (this process: process.cpuUsage()), over `requests` requests
 * sent 8 at a time after a warm-up. The sum of a scenario's messages is the floor under its CPU per
 * request, whatever the code between them does (decision 0088).
 *
 *   DATABASE_URL=… REDIS_URL=… npx tsx tests/bench/hop-cost.ts [requests, default 20000]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Redis from 'ioredis';
import { Client, Pool } from 'pg';

const CONCURRENCY = 8;
const BODY = JSON.stringify({ success: true, cart: { items: [{ productId: '8d4c2a8e-6f1b-4c55-9a55-2f2a0d1c9b10', name: 'Blue Kurta', quantity: 2, size: 'M', price: 79900 }] } });

/** CPU ms of a process (Linux /proc: user + system, 100 ticks a second). */
function cpuMsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const ownCpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** The servers of the HTTP rows, each in its own process: `--serve bare|express|forward <port> [target port]`. */
async function serve(kind: string, targetPort?: number) {
  // An exit, not a kill: a server run with --cpu-prof writes its profile.
  process.on('SIGINT', () => process.exit(0));
  const answer = (res: http.ServerResponse) => {
    res.setHeader('Content-Type', 'application/json');
    res.end(BODY);
  };
  let server: http.Server;
  if (kind === 'express') {
    const { default: express } = await import('express');
    const app = express();
    app.set('etag', false);
    app.get('/', (_req, res) => {
      res.type('json').send(BODY);
    });
    server = http.createServer(app);
  } else if (kind === 'gateway') {
    // The shop's gateway (as in distributed mode: no rate limit, as the bench runs it), every service a bare server.
    const { createGateway } = await import('../../gateway/src/app');
    const { createLogger } = await import('@shop/platform');
    const target = `http://127.0.0.1:${targetPort}`;
    const gateway = await createGateway({
      urls: { auth: target, catalog: target, cart: target, order: target, media: target },
      logger: createLogger('gateway', 'silent'),
      production: true,
      rateLimitPerMinute: 0,
    });
    server = http.createServer(gateway.app);
  } else if (kind === 'proxyonly') {
    const { createProxy } = await import('../../gateway/src/proxy');
    const { createLogger } = await import('@shop/platform');
    const proxy = createProxy(`http://127.0.0.1:${targetPort}`, 10_000, createLogger('gateway', 'silent'), undefined);
    server = http.createServer((req, res) => proxy(req, res));
  } else if (kind === 'expressproxy') {
    const { createProxy } = await import('../../gateway/src/proxy');
    const { createLogger } = await import('@shop/platform');
    const { default: express } = await import('express');
    const proxy = createProxy(`http://127.0.0.1:${targetPort}`, 10_000, createLogger('gateway', 'silent'), undefined);
    const app = express();
    app.use('/api/v1', (req, res) => proxy(req, res));
    server = http.createServer(app);
  } else if (kind === 'forward') {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
    server = http.createServer((req, res) => {
      const upstream = http.request({ agent, host: '127.0.0.1', port: targetPort, method: req.method, path: req.url, headers: req.headers }, (answerOf) => {
        res.writeHead(answerOf.statusCode ?? 502, answerOf.headers);
        answerOf.pipe(res);
      });
      upstream.on('error', () => {
        res.statusCode = 502;
        res.end();
      });
      req.pipe(upstream);
    });
  } else {
    server = http.createServer((_req, res) => answer(res));
  }
  server.listen(0, '127.0.0.1', () => process.stdout.write(`${(server.address() as AddressInfo).port}\n`));
}

function startServer(kind: string, targetPort?: number): Promise<{ child: ChildProcess; port: number }> {
  // SERVICE_NODE_ARGS: extra Node flags for the servers, as the main bench takes them.
  const nodeArgs = (process.env.SERVICE_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', __filename, '--serve', kind, ...(targetPort ? [String(targetPort)] : [])], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.stdout!.once('data', (chunk: Buffer) => resolve({ child, port: Number(String(chunk).trim()) }));
  });
}

/** Sends `n` requests, CONCURRENCY at a time. */
async function closedLoop(n: number, one: () => Promise<unknown>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next++ < n) await one();
    }),
  );
}

interface Row {
  message: string;
  'client µs': number;
  'server µs': number;
  'hop µs'?: number;
  'total µs': number;
}

/** CPU µs per request of this process and of the given processes, over `n` requests after a warm-up. */
async function measure(n: number, one: () => Promise<unknown>, serverPids: number[] | (() => Promise<number[]>)): Promise<{ client: number; servers: number[] }> {
  await closedLoop(Math.min(2000, n / 5), one);
  const pids = typeof serverPids === 'function' ? await serverPids() : serverPids;
  const clientBefore = ownCpuMs();
  const serversBefore = pids.map(cpuMsOf);
  await closedLoop(n, one);
  const client = ((ownCpuMs() - clientBefore) * 1000) / n;
  const servers = pids.map((pid, i) => ((cpuMsOf(pid) - serversBefore[i]!) * 1000) / n);
  return { client, servers };
}

const round = (us: number) => Math.round(us);

async function main() {
  const n = Number(process.argv[2] ?? 20_000);
  const rows: Row[] = [];
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const get = (port: number, path: string) =>
    new Promise<void>((resolve, reject) => {
      const req = http.get({ agent, host: '127.0.0.1', port, path }, (res) => {
        res.resume();
        res.on('end', resolve);
      });
      req.on('error', reject);
    });

  const bare = await startServer('bare');
  const express = await startServer('express');
  const hops = [
    ['HTTP request through a bare forwarding hop (node:http both ways)', 'forward'],
    ["HTTP request through the gateway's proxy alone", 'proxyonly'],
    ["HTTP request through the gateway's proxy behind an Express mount", 'expressproxy'],
    ["HTTP request through the shop's gateway (GET /api/v1/loadCart)", 'gateway'],
  ] as const;
  const hopServers = await Promise.all(hops.map(([, kind]) => startServer(kind, bare.port)));
  try {
    for (const [message, server] of [
      ['HTTP request, bare node:http server', bare],
      ['HTTP request, Express 5 server', express],
    ] as const) {
      const m = await measure(n, () => get(server.port, '/'), [server.child.pid!]);
      rows.push({ message, 'client µs': round(m.client), 'server µs': round(m.servers[0]!), 'total µs': round(m.client + m.servers[0]!) });
    }
    for (const [i, [message]] of hops.entries()) {
      const hop = hopServers[i]!;
      const m = await measure(n, () => get(hop.port, '/api/v1/loadCart'), [bare.child.pid!, hop.child.pid!]);
      rows.push({ message, 'client µs': round(m.client), 'server µs': round(m.servers[0]!), 'hop µs': round(m.servers[1]!), 'total µs': round(m.client + m.servers[0]! + m.servers[1]!) });
    }
  } finally {
    for (const s of [bare, express, ...hopServers]) s.child.kill();
  }

  if (process.env.DATABASE_URL) {
    const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: CONCURRENCY, application_name: 'hop-cost' });
    const admin = new Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    try {
      let i = 0;
      const one = () => pool.query({ name: 'hop', text: 'select $1::int as n', values: [i++ % 1000] });
      const m = await measure(n, one, async () => (await admin.query<{ pid: number }>("select pid from pg_stat_activity where application_name = 'hop-cost'")).rows.map((r) => r.pid));
      const backends = m.servers.reduce((a, b) => a + b, 0);
      rows.push({ message: 'PostgreSQL round trip (prepared select $1)', 'client µs': round(m.client), 'server µs': round(backends), 'total µs': round(m.client + backends) });
    } finally {
      await pool.end();
      await admin.end();
    }
  }

  if (process.env.REDIS_URL) {
    const redis = new Redis(process.env.REDIS_URL);
    try {
      await redis.set('hop-cost:key', '1', 'EX', 60);
      const serverPid = Number(/process_id:(\d+)/.exec(await redis.info('server'))?.[1]);
      const one = () => redis.get('hop-cost:key');
      const m = await measure(n, one, Number.isFinite(serverPid) ? [serverPid] : []);
      const server = m.servers[0] ?? 0;
      rows.push({ message: 'Redis GET (ioredis)', 'client µs': round(m.client), 'server µs': round(server), 'total µs': round(m.client + server) });
      await redis.del('hop-cost:key');
    } finally {
      redis.disconnect();
    }
  }

  console.log(`\nCPU µs per message, ${n} messages, ${CONCURRENCY} at a time (load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')})\n`);
  console.table(rows);
  console.log(JSON.stringify({ hopCost: rows }));
}

if (process.argv[2] === '--serve') void serve(process.argv[3]!, process.argv[4] ? Number(process.argv[4]) : undefined);
else
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
