/**
 * The cart service alone: adds to a line already in the cart and cart reads, sent 8 at a time to
 * the service in this process (real PostgreSQL: DATABASE_URL; the catalog a stand-in), with the CPU
 * per request of this process (the service and its client) and of the PostgreSQL backends of its
 * database, and PostgreSQL transactions per request (`pg_stat_database.xact_commit`; the cart's hot
 * statements are each their own transaction, so this counts them). Without the gateway and the
 * other services, a change to the cart's statements shows here apart from the rest of the shop.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx tests/bench/cart-alone.ts [requests per round, default 3000]
 */
import http from 'node:http';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import jwt from 'jsonwebtoken';
import { Client } from 'pg';
import { createRuntime, listen } from '@shop/platform';
import { createTestEnvironment } from '@shop/platform/src/testing';
import { createCartService } from '../../services/cart/src/app';
import { StandInCatalog } from '../../services/cart/src/testing/stand-in-catalog';

const CONCURRENCY = 8;
const SHOPPERS = 16;

/** CPU ms of the backends connected to one database (Linux /proc, 100 ticks a second). */
async function backendCpuMs(admin: Client, database: string): Promise<number> {
  const { rows } = await admin.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [database]);
  let ticks = 0;
  for (const { pid } of rows) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // a backend that ended meanwhile
    }
  }
  return ticks * 10;
}

async function main() {
  if (!process.env.DATABASE_URL) throw new Error('DATABASE_URL is required (the bench measures real PostgreSQL)');
  const requests = Number(process.argv[2] ?? 3000);
  const catalog = new StandInCatalog();
  await catalog.start();
  const env = await createTestEnvironment();
  // As the cart runs in production (main.ts): named prepared statements.
  const runtime = await createRuntime('cart', env.settings, { publicKey: env.keys.publicKey, shared: env.shared, namedStatements: true });
  const service = await createCartService(runtime, { catalogUrl: () => catalog.url });
  const server = await listen(service.app, 0);
  const port = (server.address() as AddressInfo).port;
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const product = catalog.define({ stock: 1_000_000 });
  const tokens = Array.from({ length: SHOPPERS }, (_, i) => {
    const userId = `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`;
    return jwt.sign({ sub: userId, role: 'user', email: `${userId}@example.in`, name: 'Bench shopper', av: 0 }, env.keys.privateKey, { algorithm: 'RS256', issuer: 'shop-auth', expiresIn: '30m' });
  });
  const call = (i: number, method: string, path: string, body?: unknown) =>
    new Promise<number>((resolve, reject) => {
      const data = body === undefined ? undefined : JSON.stringify(body);
      const headers: http.OutgoingHttpHeaders = { authorization: `Bearer ${tokens[i % SHOPPERS]}` };
      if (data) Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) });
      const req = http.request({ agent, host: '127.0.0.1', port, method, path, headers }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', reject);
      req.end(data);
    });

  const database = new URL(env.settings.DATABASE_URL!).pathname.slice(1);
  const admin = new Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  const transactions = async () => Number((await admin.query<{ n: string }>('select xact_commit as n from pg_stat_database where datname = $1', [database])).rows[0]!.n);
  // PostgreSQL publishes a backend's counts within about a second of its last transaction.
  const settle = () => new Promise((resolve) => setTimeout(resolve, 1500));

  async function round(label: string, one: (i: number) => Promise<number>) {
    let next = 0;
    let failed = 0;
    const worker = async () => {
      while (next < requests) if ((await one(next++)) >= 300) failed += 1;
    };
    await settle();
    const [x0, pg0, cpu0, t0] = [await transactions(), await backendCpuMs(admin, database), process.cpuUsage(), Date.now()];
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const [cpu, wall, pg1] = [process.cpuUsage(cpu0), Date.now() - t0, await backendCpuMs(admin, database)];
    await settle();
    const x1 = await transactions();
    const per = (n: number) => (n / requests).toFixed(3);
    console.log(
      `${label}: ${requests} in ${wall} ms, ${failed} failed; process ${per((cpu.user + cpu.system) / 1000)} ms, PostgreSQL ${per(pg1 - pg0)} ms, ${per(x1 - x0)} transactions per request`,
    );
  }

  try {
    for (let i = 0; i < SHOPPERS; i++) await call(i, 'POST', '/api/v1/addToCart', { productId: product._id, quantity: 1 });
    for (const n of [1, 2]) {
      // Quantities 1–3 in turn: each add changes the shopper's one line (never past the 100 per line).
      await round(`addToCart, round ${n}`, (i) => call(i, 'POST', '/api/v1/addToCart', { productId: product._id, quantity: 1 + (i % 3) }));
      await round(`loadCart, round ${n}`, (i) => call(i, 'GET', '/api/v1/loadCart'));
    }
  } finally {
    await admin.end();
    agent.destroy();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await service.stop();
    await env.cleanup();
    await catalog.stop();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
