import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { gatewayClientHeaders } from '@shop/platform';
import { ShopClient } from '../support/http-client';
import { services, startDistributedShop, type DistributedShop, type ServiceName } from '../support/distributed-shop';

/**
 * Two replicas of every service and of the gateway, each pair behind a round-robin balancer (what
 * a Kubernetes Service or a compose alias is), on one database per service, one virtual host and
 * one Redis. Shoppers order with an Idempotency-Key and retry through failures as the web app does;
 * one order replica and one gateway replica are killed -9 mid-load and not started again. Then
 * every acknowledged order is stored exactly once, stock is conserved, a product with less stock
 * than demand sells exactly its stock, events are through (outboxes and queues empty), both
 * replicas consumed from every queue, a catalog change purges the cached answer of the other
 * gateway, and the rate limit counts across both gateways (Redis).
 */
const SHOPPERS = 6;
const RATE_LIMIT = 120;
const RESERVATION_TIMEOUT_SECONDS = 5;
const shipping = { address: '7 Residency Road', city: 'Bengaluru', state: 'Karnataka', country: 'India', pinCode: '560025', phoneNo: '+91 98450 12345' };

describe('two replicas of every process', () => {
  let shop: DistributedShop;
  let admin: ShopClient;
  const shoppers: ShopClient[] = [];
  const figures: string[] = [];

  const db = async <T,>(service: ServiceName, text: string, params: unknown[] = []): Promise<T[]> => {
    const c = new Client({ connectionString: shop.databaseUrl(service) });
    await c.connect();
    try {
      return (await c.query(text, params)).rows as T[];
    } finally {
      await c.end();
    }
  };
  const stockOf = async (id: string) => (await db<{ stock: number }>('catalog', 'select stock from catalog.products where id = $1', [id]))[0]!.stock;
  const createProduct = async (code: string, stock: number) => {
    const res = await admin.post('/api/v1/admin/product/create', { id: code, name: `Replica ${code}`, price: 349, discount: 0, description: 'Sold by two replicas.', category: 10, subcat: 'shirts', stock });
    expect(res.status).toBe(201);
    return res.body.product._id as string;
  };
  /** Retries what got no answer or a 5xx (a replica went away) with the same request, as the web app does. */
  async function persist(send: () => Promise<{ status: number; body: any }>, retries: { n: number }) {
    for (let i = 0; ; i++) {
      const reply = await send().catch(() => undefined);
      if (reply && reply.status < 500) return reply;
      retries.n += 1;
      if (i > 200) throw new Error(`no answer after retries: ${reply?.status} ${JSON.stringify(reply?.body)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  beforeAll(async () => {
    shop = await startDistributedShop(
      {
        catalog: { DEMO_CATALOG: 'false' },
        // Stock held by a checkout whose order replica died before writing the order goes back then (decision 0020).
        order: { RESERVATION_TIMEOUT_SECONDS: String(RESERVATION_TIMEOUT_SECONDS) },
        // Clients are told apart by the address the load balancer in front says (TRUST_PROXY).
        gateway: { RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT), TRUST_PROXY: 'loopback' },
      },
      { replicas: 2 },
    );
    admin = new ShopClient(shop.base);
    expect((await admin.post('/api/v1/login', { email: 'admin@shop.test', password: 'Admin#12345' }, { 'x-forwarded-for': '10.17.1.1' })).status).toBe(200);
    for (let i = 0; i < SHOPPERS; i++) {
      const atAuth = new ShopClient(shop.urls.auth);
      const res = await atAuth.post('/api/v1/register', { name: `Replica Shopper ${i}`, email: `replica${i}@shop.test`, phone: `98452${String(10000 + i).slice(-5)}`, password: 'replica-pass-1' }, gatewayClientHeaders(shop.internalToken, `10.17.0.${i + 1}`));
      expect(res.status).toBe(201);
      const client = new ShopClient(shop.base);
      for (const [name, value] of atAuth.cookies) client.cookies.set(name, value);
      shoppers.push(client);
    }
  }, 240_000);

  afterAll(async () => {
    if (figures.length) console.log(`Replica figures\n${figures.join('\n')}`);
    await shop?.stop();
  }, 60_000);

  test('every durable queue has a consumer in each replica', () => {
    const out = execFileSync('rabbitmqctl', ['-q', 'list_queues', '-p', shop.vhost, 'name', 'consumers'], { encoding: 'utf8' });
    const main = out
      .trim()
      .split('\n')
      .map((l) => l.trim().split(/\s+/))
      .filter(([name]) => name && name.startsWith(shop.namespace) && !/\.(retry|dlq)$/.test(name) && !name.includes('gateway'));
    expect(main.length).toBeGreaterThan(0);
    expect(main.filter(([, consumers]) => consumers !== '2')).toEqual([]);
  });

  test('the rate limit counts across both gateways', async () => {
    let allowed = 0;
    let limited = 0;
    for (let i = 0; i < RATE_LIMIT + 40; i++) {
      // Alternately to each gateway replica, as a balancer would; one client address.
      const res = await fetch(`${shop.replicaUrl('gateway', i % 2 === 0 ? 1 : 2)}/api/v1/categories`, { headers: { 'x-forwarded-for': '10.17.9.9' } });
      await res.arrayBuffer();
      if (res.status === 429) limited += 1;
      else if (res.status === 200) allowed += 1;
    }
    figures.push(`rate limit ${RATE_LIMIT}/min over two gateways: ${allowed} allowed, ${limited} refused`);
    expect(allowed).toBe(RATE_LIMIT);
    expect(limited).toBe(40);
  });

  test("a catalog change made through one gateway purges the other gateway's cached answer", async () => {
    const id = await createProduct('REPLICA-CACHE', 10);
    const other = shop.replicaUrl('gateway', 2);
    const read = async () => {
      const res = await fetch(`${other}/api/v1/product/${id}`, { headers: { 'x-forwarded-for': '10.17.2.2' } });
      return { cache: res.headers.get('x-cache'), price: ((await res.json()) as { product: { price: number } }).product.price };
    };
    // Cached once the product's own creation event has been through (it purges too).
    let primed = await read();
    for (let i = 0; i < 100 && primed.cache !== 'HIT'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      primed = await read();
    }
    expect(primed).toEqual({ cache: 'HIT', price: 349 });
    const cachedAt = Date.now();
    const changed = await fetch(`${shop.replicaUrl('gateway', 1)}/api/v1/admin/product/${id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; '), 'x-forwarded-for': '10.17.1.1' },
      body: JSON.stringify({ price: 399 }),
    });
    expect(changed.status).toBe(200);
    let seen = await read();
    while (seen.price !== 399) {
      await new Promise((r) => setTimeout(r, 50));
      seen = await read();
    }
    // Without the purge the other gateway would answer 349 from its cache for s-maxage (10 s).
    const after = Date.now() - cachedAt;
    figures.push(`new price seen at the other gateway ${after} ms after the change`);
    expect(after).toBeLessThan(10_000);
  });

  test('one order replica and one gateway replica killed mid-load: no order lost or doubled, no oversell', async () => {
    const tee = await createProduct('REPLICA-TEE', 5000);
    const scarce = await createProduct('REPLICA-SCARCE', 5);
    const retries = { n: 0 };
    const acked = new Map<string, string>();
    const scarceOutcomes: number[] = [];
    let stop = false;
    const workers = shoppers.map(async (client, index) => {
      for (let round = 0; !stop; round++) {
        // Everyone also tries the scarce product once: 6 shoppers, 5 in stock.
        const product = round === 1 ? scarce : tee;
        const key = randomUUID();
        // Each round from its own address: the per-address limit (RATE_LIMIT a minute, its own test
        // above) would otherwise refuse a shopper who orders faster than that, as a faster shop lets them.
        const from = `10.17.${10 + index}.${(round % 250) + 1}`;
        const placed = await persist(() => client.post('/api/v1/new/order', { shippingInfo: shipping, orderItems: [{ product, quantity: 1 }] }, { 'Idempotency-Key': key, 'x-forwarded-for': from }), retries);
        if (product === scarce) scarceOutcomes.push(placed.status);
        if (placed.status === 201 || placed.status === 200) acked.set(key, placed.body.order._id);
        else expect({ product, status: placed.status, body: placed.body }).toMatchObject({ product: scarce });
      }
    });
    await new Promise((r) => setTimeout(r, 2_500));
    await shop.kill('order', 2);
    await shop.kill('gateway', 2);
    await new Promise((r) => setTimeout(r, 4_000));
    stop = true;
    await Promise.all(workers);

    const soldOf = async (id: string) =>
      (await db<{ n: number }>('order', `select coalesce(sum(i.quantity), 0)::int as n from "order".order_items i join "order".orders o on o.id = i.order_id where o.status <> 'cancelled' and i.product_id = $1`, [id]))[0]!.n;
    // Healed: outboxes published, queues empty (retry and dead-letter included), and the stock of a
    // checkout cut short by the kill given back (after the reservation timeout).
    for (let i = 0; ; i++) {
      const outboxes = await Promise.all(services.map(async (s) => (await db<{ n: number }>(s, `select count(*)::int as n from "${s}".outbox where published_at is null`))[0]!.n));
      const queued = execFileSync('rabbitmqctl', ['-q', 'list_queues', '-p', shop.vhost, 'messages'], { encoding: 'utf8' }).trim().split('\n').map(Number).filter((n) => n > 0);
      const conserved = (await stockOf(tee)) + (await soldOf(tee)) === 5000 && (await stockOf(scarce)) + (await soldOf(scarce)) === 5;
      if (outboxes.every((n) => n === 0) && queued.length === 0 && conserved) break;
      if (i > 600) throw new Error(`not healed: outboxes ${outboxes}, queued ${queued}, stock conserved ${conserved}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const orders = await db<{ id: string; idempotency_key: string }>('order', 'select id, idempotency_key from "order".orders where idempotency_key = any($1)', [[...acked.keys()]]);
    const byKey = new Map<string, string[]>();
    for (const o of orders) byKey.set(o.idempotency_key, [...(byKey.get(o.idempotency_key) ?? []), o.id]);
    const lost = [...acked].filter(([key, id]) => !byKey.get(key)?.includes(id)).length;
    const doubled = [...byKey.values()].filter((ids) => ids.length > 1).length;
    const served = Object.fromEntries(Object.entries(shop.balancers).map(([name, m]) => [name, [...m!.values()].join('/')]));
    figures.push(`kill -9 of order and gateway replica 2 under load: ${acked.size} orders acknowledged, ${lost} lost, ${doubled} doubled, ${retries.n} retries by shoppers; scarce product (5 in stock): ${scarceOutcomes.filter((s) => s === 201 || s === 200).length} sold of ${scarceOutcomes.length} tries; connections per replica ${JSON.stringify(served)}`);

    expect(acked.size).toBeGreaterThan(SHOPPERS);
    expect({ lost, doubled }).toEqual({ lost: 0, doubled: 0 });
    expect(scarceOutcomes.filter((s) => s === 201 || s === 200).length).toBe(5);
    expect(scarceOutcomes.filter((s) => s !== 201 && s !== 200).every((s) => s === 409)).toBe(true);
    expect(await stockOf(scarce)).toBe(0);
    expect(await soldOf(scarce)).toBe(5);
    expect(await stockOf(tee)).toBe(5000 - (await soldOf(tee)));
    // Both replicas of every service took connections.
    for (const name of services) expect([...shop.balancers[name]!.values()].filter((n) => n > 0).length).toBe(2);
  }, 120_000);
});
