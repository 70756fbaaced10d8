import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { gatewayClientHeaders } from '@shop/platform';
import { ShopClient } from '../support/http-client';
import { startDistributedShop, type DistributedShop, type ServiceName } from '../support/distributed-shop';
import { freePort, startProcess, waitForHttp } from '../support/processes';

/**
 * SIGTERM under load, as `docker stop` / Kubernetes send it to a container's PID 1: the order
 * service, the gateway and the embedded shop each run as PID 1 of their own PID namespace (a signal without a handler
 * does nothing there) and in development mode (where Apollo would install its own signal handler).
 * While shoppers place orders, one request is deliberately still being received when the signal
 * arrives. What a caller and an operator see must hold: every request that got an answer got a
 * successful one (the others were refused: the process no longer listened), the request in flight
 * is answered, every acknowledged order is stored once, and the process exits by itself with 0.
 */
const SHOPPERS = 6;
const shipping = { address: '7 Residency Road', city: 'Bengaluru', state: 'Karnataka', country: 'India', pinCode: '560025', phoneNo: '+91 98450 12345' };

interface Outcome {
  status?: number;
  error?: string;
  orderId?: string;
}

describe('SIGTERM under load (processes as PID 1)', () => {
  let shop: DistributedShop;
  let productId: string;
  const cookies: string[] = [];
  const figures: string[] = [];

  beforeAll(async () => {
    shop = await startDistributedShop(
      { catalog: { DEMO_CATALOG: 'false' }, order: { NODE_ENV: 'development' }, gateway: { NODE_ENV: 'development' } },
      { pid1: true },
    );
    const admin = new ShopClient(shop.base);
    expect((await admin.post('/api/v1/login', { email: 'admin@shop.test', password: 'Admin#12345' })).status).toBe(200);
    const created = await admin.post('/api/v1/admin/product/create', { id: 'STOP-MUG', name: 'Shutdown Mug', price: 299, discount: 0, description: 'Ordered while processes stop.', category: 10, subcat: 'shirts', stock: 100_000 });
    expect({ status: created.status, body: created.status === 201 ? undefined : created.body }).toEqual({ status: 201, body: undefined });
    productId = created.body.product._id;
    for (let i = 0; i < SHOPPERS; i++) {
      const atAuth = new ShopClient(shop.urls.auth);
      const res = await atAuth.post('/api/v1/register', { name: `Stop Shopper ${i}`, email: `stop${i}@shop.test`, phone: `98451${String(10000 + i).slice(-5)}`, password: 'stop-pass-12' }, gatewayClientHeaders(shop.internalToken, `10.16.0.${i + 1}`));
      expect(res.status).toBe(201);
      cookies.push([...atAuth.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    }
  }, 240_000);

  afterAll(async () => {
    if (figures.length) console.log(`Shutdown figures\n${figures.join('\n')}`);
    await shop?.stop();
  }, 60_000);

  const orderBody = () => JSON.stringify({ shippingInfo: shipping, orderItems: [{ product: productId, quantity: 1 }] });

  /** One order over a fresh request; an answer or the network error (refused: nobody listens). */
  async function placeOrder(base: string, cookie: string): Promise<Outcome> {
    try {
      const res = await fetch(`${base}/api/v1/new/order`, { method: 'POST', headers: { 'content-type': 'application/json', cookie, 'idempotency-key': randomUUID() }, body: orderBody() });
      const body = (await res.json().catch(() => undefined)) as { order?: { _id: string } } | undefined;
      return { status: res.status, orderId: body?.order?._id };
    } catch (err) {
      return { error: String((err as { cause?: { code?: string } }).cause?.code ?? err) };
    }
  }

  /** An order whose body is still arriving: headers now, the rest when `finish()` is called. */
  const slowOrder = (base: string, cookie: string) => slowPost(base, '/api/v1/new/order', orderBody(), cookie);

  /** A POST whose body is still arriving: headers now, the rest when `finish()` is called. */
  function slowPost(base: string, path: string, text: string, cookie: string) {
    const body = Buffer.from(text);
    const url = new URL(`${base}${path}`);
    let finish!: () => void;
    const answered = new Promise<Outcome>((resolve) => {
      const req = request(
        { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { 'content-type': 'application/json', 'content-length': body.length, cookie, 'idempotency-key': randomUUID() } },
        (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode, orderId: (JSON.parse(text || '{}') as { order?: { _id: string } }).order?._id }));
        },
      );
      req.on('error', (err) => resolve({ error: String(err) }));
      req.write(body.subarray(0, 20));
      finish = () => req.end(body.subarray(20));
    });
    return { answered, finish: () => finish() };
  }

  async function storedOrders(ids: string[]): Promise<Map<string, number>> {
    const c = new Client({ connectionString: shop.databaseUrl('order') });
    await c.connect();
    try {
      const rows = (await c.query<{ id: string; n: number }>('select id, count(*)::int as n from "order".orders where id = any($1) group by id', [ids])).rows;
      return new Map(rows.map((r) => [r.id, r.n]));
    } finally {
      await c.end();
    }
  }

  async function stopUnderLoad(name: ServiceName | 'gateway', base: string) {
    const proc = shop.processes[name];
    const exited = new Promise<number | null>((resolve) => proc.child.once('exit', (code) => resolve(code)));
    let gone = false;
    void exited.then(() => (gone = true));
    const outcomes: Outcome[] = [];
    // Shoppers keep ordering until the process is gone.
    const workers = cookies.map(async (cookie) => {
      while (!gone) {
        const outcome = await placeOrder(base, cookie);
        outcomes.push(outcome);
        // Refused: nobody listens any more; try again shortly (until the process is gone).
        if (outcome.error) await new Promise((r) => setTimeout(r, 20));
      }
    });
    // Orders are flowing; one more is being received when the signal arrives.
    while (outcomes.filter((o) => o.status === 201).length < 2 * SHOPPERS) await new Promise((r) => setTimeout(r, 20));
    const slow = slowOrder(base, cookies[0]!);
    await new Promise((r) => setTimeout(r, 100));
    const signalled = Date.now();
    proc.signal('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    slow.finish();
    const inFlight = await slow.answered;
    const code = await exited;
    const stopMs = Date.now() - signalled;
    await Promise.all(workers);

    const answered = outcomes.filter((o) => o.status !== undefined);
    const refused = outcomes.filter((o) => o.error !== undefined);
    figures.push(`${name}: exit ${code} after ${stopMs} ms; ${answered.length} orders answered (${answered.filter((o) => o.status === 201).length} placed), ${refused.length} refused after it stopped listening (${[...new Set(refused.map((o) => o.error))].join(', ')}); request in flight at the signal: ${inFlight.status ?? inFlight.error}`);

    expect(inFlight.status).toBe(201);
    expect(answered.filter((o) => o.status !== 201)).toEqual([]);
    expect(code).toBe(0);
    const placed = [...answered, inFlight].map((o) => o.orderId!).filter(Boolean);
    const stored = await storedOrders(placed);
    expect(placed.filter((id) => stored.get(id) !== 1)).toEqual([]);
    // Back as a supervisor would start it, for the next check.
    await shop.start(name);
  }

  test('the order service finishes its requests and exits 0', async () => {
    await stopUnderLoad('order', shop.urls.order);
  }, 120_000);

  test('the gateway finishes its requests and exits 0', async () => {
    await stopUnderLoad('gateway', shop.base);
  }, 120_000);

  test('the embedded shop (one process, PGlite) finishes its requests and exits 0', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const dataDir = mkdtempSync(join(tmpdir(), 'shop-stop-'));
    const proc = startProcess(
      'embedded',
      'deploy/embedded/main.ts',
      { NODE_ENV: 'development', LOG_LEVEL: 'warn', PORT: String(port), DATA_DIR: dataDir, WEB_DIST: join(dataDir, 'no-web'), DEMO_CATALOG: 'false', ADMIN_EMAIL: 'admin@stop.test', ADMIN_PASSWORD: 'Admin#12345', RATE_LIMIT_PER_MINUTE: '0' },
      { pid1: true },
    );
    try {
      await waitForHttp(`${base}/readyz`, proc, 180_000);
      const exited = new Promise<number | null>((resolve) => proc.child.once('exit', (code) => resolve(code)));
      let gone = false;
      void exited.then(() => (gone = true));
      const outcomes: Outcome[] = [];
      const workers = [0, 1, 2, 3].map(async () => {
        while (!gone) {
          try {
            const res = await fetch(`${base}/api/v1/products`);
            await res.arrayBuffer();
            outcomes.push({ status: res.status });
          } catch (err) {
            outcomes.push({ error: String((err as { cause?: { code?: string } }).cause?.code ?? err) });
            await new Promise((r) => setTimeout(r, 20));
          }
        }
      });
      while (outcomes.length < 20) await new Promise((r) => setTimeout(r, 20));
      // A login whose body is still arriving when the signal comes.
      const login = slowPost(base, '/api/v1/login', JSON.stringify({ email: 'admin@stop.test', password: 'Admin#12345' }), '');
      await new Promise((r) => setTimeout(r, 100));
      const signalled = Date.now();
      proc.signal('SIGTERM');
      await new Promise((r) => setTimeout(r, 300));
      login.finish();
      const inFlight = await login.answered;
      const code = await exited;
      const stopMs = Date.now() - signalled;
      await Promise.all(workers);
      const answered = outcomes.filter((o) => o.status !== undefined);
      figures.push(`embedded: exit ${code} after ${stopMs} ms; ${answered.length} listings answered, ${outcomes.length - answered.length} refused after it stopped listening; login in flight at the signal: ${inFlight.status ?? inFlight.error}`);
      expect(inFlight.status).toBe(200);
      expect(answered.filter((o) => o.status !== 200)).toEqual([]);
      expect(code).toBe(0);
    } finally {
      await proc.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 240_000);
});
