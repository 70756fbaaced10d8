import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Redis from 'ioredis';
import { Client } from 'pg';
import { ShopClient } from '../support/http-client';
import { startOtlpReceiver, type ReceivedSpan } from '../support/otlp-receiver';
import { pollUntil } from '../support/poll';
import { freePort, repoRoot } from '../support/processes';

/**
 * `npm run start:distributed` as an operator runs it: its own databases, virtual host, Redis
 * namespace and ports; an order through the gateway; a killed service comes back; metrics of a
 * service and of the gateway; one order's trace across gateway, order, catalog and the cart's
 * OrderPlaced consumer (spans sent to an in-process OTLP receiver); Ctrl-C stops every process.
 */
const pgServer = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const rabbitBase = process.env.RABBITMQ_URL ?? 'amqp://guest:guest@127.0.0.1:5672';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

const id = randomBytes(4).toString('hex');
const prefix = `shop_launch_${id}`;
const vhost = `shop_launch_${id}`;
const namespace = `launch${id}.`;
const services = ['auth', 'catalog', 'cart', 'order', 'media'] as const;

/** Five consecutive free ports (the launcher numbers the services from a base). */
async function freePortRun(): Promise<number> {
  for (;;) {
    const base = 20_000 + Math.floor(Math.random() * 30_000);
    const ports = await Promise.all([0, 1, 2, 3, 4].map(async (i) => isFree(base + i)));
    if (ports.every(Boolean)) return base;
  }
}
async function isFree(port: number): Promise<boolean> {
  const { createServer } = await import('node:net');
  return new Promise((resolve) => {
    const s = createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });
}

describe('npm run start:distributed', () => {
  let launcher: ChildProcess;
  let output = '';
  let receiver: Awaited<ReturnType<typeof startOtlpReceiver>>;
  let dataDir: string;
  let base: string;
  let servicePortBase: number;
  let metricsPort: number;
  const serviceUrl = (s: (typeof services)[number]) => `http://127.0.0.1:${servicePortBase + services.indexOf(s)}`;
  const pidsOf = (name: string) => [...output.matchAll(new RegExp(`\\] ${name} started \\(pid (\\d+)\\)`, 'g'))].map((m) => Number(m[1]));

  beforeAll(async () => {
    receiver = await startOtlpReceiver();
    dataDir = mkdtempSync(join(tmpdir(), 'shop-launch-'));
    const port = await freePort();
    metricsPort = await freePort();
    servicePortBase = await freePortRun();
    base = `http://127.0.0.1:${port}`;
    const rabbit = new URL(rabbitBase);
    rabbit.pathname = `/${vhost}`;
    launcher = spawn('npm', ['run', 'start:distributed'], {
      cwd: repoRoot,
      // Its own process group: the test sends Ctrl-C's SIGINT to the whole group, as a terminal does.
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? tmpdir(),
        DATABASE_URL: pgServer,
        DB_PREFIX: prefix,
        RABBITMQ_URL: rabbit.toString(),
        REDIS_URL: redisUrl,
        NAMESPACE: namespace,
        PORT: String(port),
        SERVICE_PORT_BASE: String(servicePortBase),
        METRICS_PORT: String(metricsPort),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        DEMO_CATALOG: 'false',
        ADMIN_EMAIL: 'admin@launch.test',
        ADMIN_PASSWORD: 'Admin#12345',
        RATE_LIMIT_PER_MINUTE: '0',
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
        OTEL_BSP_SCHEDULE_DELAY: '200',
      },
    });
    const keep = (c: Buffer) => {
      output += c.toString();
    };
    launcher.stdout!.on('data', keep);
    launcher.stderr!.on('data', keep);
    await pollUntil(async () => (output.includes('is ready at') ? true : launcher.exitCode !== null ? Promise.reject(new Error(output)) : undefined), 240_000);
  }, 260_000);

  afterAll(async () => {
    try {
      if (launcher?.pid) process.kill(-launcher.pid, 'SIGKILL');
    } catch {
      /* the group has ended */
    }
    await receiver?.close();
    const pg = new Client({ connectionString: pgServer });
    await pg.connect();
    for (const s of services) await pg.query(`drop database if exists ${prefix}_${s} with (force)`);
    await pg.end();
    try {
      execFileSync('rabbitmqctl', ['delete_vhost', vhost], { stdio: 'ignore' });
    } catch {
      /* not created */
    }
    const redis = new Redis(redisUrl);
    const left = await redis.keys(`${namespace}*`);
    if (left.length) await redis.del(...left);
    redis.disconnect();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  test('creates the databases and the virtual host, and keeps the key pair under DATA_DIR', async () => {
    expect(output).toContain(`created databases ${services.map((s) => `${prefix}_${s}`).join(', ')}`);
    expect(output).toContain('created RabbitMQ virtual host');
    const pg = new Client({ connectionString: pgServer });
    await pg.connect();
    const found = await pg.query('select datname from pg_database where datname like $1 order by datname', [`${prefix}_%`]);
    await pg.end();
    expect(found.rows.map((r) => r.datname)).toEqual([...services].sort().map((s) => `${prefix}_${s}`));
    const { statSync } = await import('node:fs');
    expect(statSync(join(dataDir, 'keys', 'jwt-private.pem')).mode & 0o077).toBe(0);
  });

  let orderId: string;
  test('an order placed through the gateway, counted in the order service metrics and the gateway metrics', async () => {
    const admin = new ShopClient(base);
    expect((await admin.post('/api/v1/login', { email: 'admin@launch.test', password: 'Admin#12345' })).status).toBe(200);
    const created = await admin.post('/api/v1/admin/product/create', {
      id: 'LAUNCH-1',
      name: 'Linen Shirt LAUNCH-1',
      price: 1299,
      discount: 20,
      description: 'Breathable linen shirt for Indian summers.',
      category: 10,
      subcat: 'shirts',
      stock: 5,
      size: ['M'],
      colors: ['White'],
      stockDetail: { M: 5 },
    });
    expect(created.status).toBe(201);
    const buyer = new ShopClient(base);
    expect((await buyer.post('/api/v1/register', { name: 'Meera Iyer', email: 'meera@launch.test', phone: '9840012345', password: 'meera-pass-12' })).status).toBe(201);
    expect((await buyer.post('/api/v1/addToCart', { productId: created.body.product._id, quantity: 1, properties: { size: 'M', color: 'White' } })).status).toBe(200);
    const placed = await buyer.post('/api/v1/new/order', {
      shippingInfo: { address: '12 Marina Road', city: 'Chennai', state: 'Tamil Nadu', country: 'India', pinCode: '600004', phoneNo: '+91 98400 12345' },
      orderItems: [{ product: created.body.product._id, quantity: 1, size: 'M' }],
    });
    expect(placed.status).toBe(201);
    orderId = placed.body.order._id;
    // The cart's OrderPlaced consumer empties the ordered line.
    await pollUntil(async () => ((await buyer.get('/api/v1/loadCart')).body.cartItems?.length === 0 ? true : undefined), 20_000);

    const orderMetrics = await (await fetch(`${serviceUrl('order')}/metrics`)).text();
    expect(orderMetrics).toContain('shop_orders_placed_total{service="order"} 1');
    expect(orderMetrics).toMatch(/http_requests_total\{service="order",method="POST",route="\/api\/v1\/new\/order",status="201"\} 1/);
    const gatewayMetrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    expect(gatewayMetrics).toMatch(/http_requests_total\{service="gateway",method="POST",route="\/api\/v1\/new\/order",status="201"\} 1/);
    expect(gatewayMetrics).toContain('http_request_duration_seconds_bucket{le="0.05",service="gateway",method="POST",route="/api/v1/new/order"}');
    // Never on the public port (there /metrics is just another SPA path).
    expect(await (await fetch(`${base}/metrics`)).text()).not.toContain('http_requests_total');
  });

  test("one order's trace spans the gateway, order, catalog and the cart's OrderPlaced consumer", async () => {
    expect(orderId).toBeDefined();
    const orderSpan = await pollUntil(async () => receiver.spans.find((s) => s.service === 'gateway' && s.name === 'POST /api/v1/new/order'), 20_000);
    const trace = await pollUntil(async () => {
      // Each process exports its spans in its own batches (every 2 s), so the cart's consumer span
      // can arrive before the order's or the catalog's: wait until every process has sent its part.
      const spans = receiver.spans.filter((s) => s.traceId === orderSpan.traceId);
      const from = new Set(spans.map((s) => s.service));
      const complete = spans.some((s) => s.service === 'cart' && s.name === 'process OrderPlaced') && ['catalog', 'gateway', 'order'].every((s) => from.has(s));
      return complete ? spans : undefined;
    }, 30_000);
    const services = new Set(trace.map((s) => s.service));
    expect([...services].sort()).toEqual(expect.arrayContaining(['cart', 'catalog', 'gateway', 'order']));
    const named = (service: string, name: string) => trace.find((s) => s.service === service && s.name === name);
    expect(named('order', 'POST /api/v1/new/order')).toBeDefined();
    expect(trace.some((s) => s.service === 'catalog' && /^POST \/internal\/v1\//.test(s.name))).toBe(true);
    expect(named('order', 'publish OrderPlaced')).toBeDefined();
    // The consumer's parent is the publication, itself under the order request: one connected tree.
    const byId = new Map(trace.map((s) => [s.spanId, s]));
    const consumer = named('cart', 'process OrderPlaced')!;
    const ancestry: ReceivedSpan[] = [];
    for (let s: ReceivedSpan | undefined = consumer; s; s = s.parentSpanId ? byId.get(s.parentSpanId) : undefined) ancestry.push(s);
    expect(ancestry.at(-1)!.spanId).toBe(orderSpan.spanId);
    // The tree, for a reader of the test output.
    const depth = (s: ReceivedSpan): number => (s.parentSpanId && byId.has(s.parentSpanId) ? depth(byId.get(s.parentSpanId)!) + 1 : 0);
    const ordered: ReceivedSpan[] = [];
    const visit = (s: ReceivedSpan) => {
      ordered.push(s);
      trace.filter((c) => c.parentSpanId === s.spanId).forEach(visit);
    };
    trace.filter((s) => !s.parentSpanId || !byId.has(s.parentSpanId)).forEach(visit);
    process.stdout.write(`trace ${orderSpan.traceId}:\n${ordered.map((s) => `${'  '.repeat(depth(s) + 1)}[${s.service}] ${s.name}`).join('\n')}\n`);
  });

  test('a killed service is started again and serves', async () => {
    const [first] = pidsOf('cart');
    expect(first).toBeGreaterThan(0);
    process.kill(first!, 'SIGKILL');
    const second = await pollUntil(async () => pidsOf('cart').find((p) => p !== first), 20_000);
    expect(second).not.toBe(first);
    expect(output).toMatch(/cart exited \(SIGKILL\); restarting in/);
    await pollUntil(async () => ((await fetch(`${serviceUrl('cart')}/readyz`).catch(() => undefined))?.ok ? true : undefined), 60_000);
    const buyer = new ShopClient(base);
    expect((await buyer.post('/api/v1/login', { email: 'meera@launch.test', password: 'meera-pass-12' })).status).toBe(200);
    expect((await buyer.get('/api/v1/loadCart')).status).toBe(200);
  });

  test('Ctrl-C stops every process', async () => {
    const pids = ['auth', 'catalog', 'cart', 'order', 'media', 'gateway'].map((n) => pidsOf(n).at(-1)!);
    const exited = new Promise<string>((resolve) => launcher.once('exit', (code, signal) => resolve(String(code ?? signal))));
    process.kill(-launcher.pid!, 'SIGINT');
    // npm itself ends by the signal it was sent; the launcher under it exits 0 once all are stopped.
    expect(['0', 'SIGINT']).toContain(await exited);
    const alive = (pid: number) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    await pollUntil(async () => (pids.some(alive) ? undefined : true), 15_000);
    expect(output).toContain('stopping every process');
    // Every process exited by itself with 0 (none needed SIGKILL).
    expect(output).toContain('every process stopped');
  });
});
