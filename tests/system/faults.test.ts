import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { gatewayClientHeaders } from '@shop/platform';
import { MAX_STOCK } from '@shop/proto-contracts';
import { ShopClient } from '../support/http-client';
import { services, startDistributedShop, type DistributedShop, type ServiceName } from '../support/distributed-shop';
import { startPrivatePostgres, startPrivateRabbitMQ, type PrivatePostgres, type PrivateRabbitMQ } from '../support/private-infrastructure';
import { verifyEmailFromMailLog } from '../support/verify-email';

/**
 * The faults an operator meets, each under a bounded workload of concurrent shoppers who retry with
 * an Idempotency-Key as the web app does: kill -9 of order and of catalog mid-checkout, RabbitMQ
 * stopped for 20 s, kill -9 of cart for 15 s, PostgreSQL restarted. After each, the shop must have
 * healed by itself: every acknowledged order stored exactly once, stock conserved per product and
 * size, ordered cart lines gone and re-added ones kept, one confirmation mail per order, outboxes
 * published, no message left in any queue (retry and dead-letter included), every process alive
 * and ready. The shop runs on a PostgreSQL cluster and a RabbitMQ node of this test's own.
 */
const SHOPPERS = 8;
const RESERVATION_TIMEOUT_SECONDS = 10;
/** How long the shop may take to heal after a fault before the test fails. */
const CONVERGENCE_MS = 60_000;

const shipping = { address: '7 Residency Road', city: 'Bengaluru', state: 'Karnataka', country: 'India', pinCode: '560025', phoneNo: '+91 98450 12345' };

interface Product {
  id: string;
  size: string | null;
}

interface Shopper {
  client: ShopClient;
  /** What each product's cart line must be once events are through: gone (ordered) or kept (re-added since). */
  expectedLines: Map<string, 'gone' | 'kept'>;
}

interface Attempt {
  at: number;
  failed: boolean;
}

/** What a fault run measured; printed at the end. */
interface FaultFigures {
  fault: string;
  acknowledged: number;
  stored: number;
  lost: number;
  duplicated: number;
  stockErrors: number;
  stuckMessages: number;
  /** From the end of the fault until every process answers ready again. */
  readyMs: number;
  /** From the end of the workload until every check holds (events through, stock released, mails sent). */
  healedMs: number;
  clientErrorRate: string;
  notes: string;
}

describe('faults under load (own PostgreSQL and RabbitMQ)', () => {
  let pg: PrivatePostgres;
  let mq: PrivateRabbitMQ;
  let shop: DistributedShop;
  let products: Product[];
  let shoppers: Shopper[];
  const initialStock = new Map<string, number>();
  const figures: FaultFigures[] = [];
  const acked = new Map<string, string>(); // idempotency key → order id, every fault so far

  const db = async <T,>(service: ServiceName, text: string): Promise<T[]> => {
    const c = new Client({ connectionString: shop.databaseUrl(service) });
    await c.connect();
    try {
      return (await c.query(text)).rows as T[];
    } finally {
      await c.end();
    }
  };

  const stockKey = (productId: string, size: string | null) => `${productId}|${size ?? ''}`;

  async function currentStock(): Promise<Map<string, number>> {
    const rows = await db<{ id: string; stock: number; stock_detail: Record<string, number> }>('catalog', 'select id, stock, stock_detail from catalog.products');
    const stock = new Map<string, number>();
    for (const r of rows) {
      stock.set(stockKey(r.id, null), r.stock);
      for (const [size, n] of Object.entries(r.stock_detail)) stock.set(stockKey(r.id, size), n);
    }
    return stock;
  }

  beforeAll(async () => {
    [pg, mq] = await Promise.all([startPrivatePostgres(), startPrivateRabbitMQ()]);
    shop = await startDistributedShop(
      { catalog: { DEMO_CATALOG: 'false' }, order: { RESERVATION_TIMEOUT_SECONDS: String(RESERVATION_TIMEOUT_SECONDS) } },
      { infrastructure: { postgresUrl: pg.url, rabbitmqUrl: mq.url, rabbitmqctl: mq.rabbitmqctl } },
    );
    const admin = new ShopClient(shop.base);
    expect((await admin.post('/api/v1/login', { email: 'admin@shop.test', password: 'Admin#12345' })).status).toBe(200);
    const create = async (body: Record<string, unknown>) => {
      const res = await admin.post('/api/v1/admin/product/create', { price: 499, discount: 10, description: 'Made for the fault drill.', category: 10, subcat: 'shirts', ...body });
      expect(res.status).toBe(201);
      return res.body.product._id as string;
    };
    // The catalog's maximum stock: no drill may sell a line out, or its orders would be refused for
    // want of stock rather than placed. The suite places over 6,000 orders on a quiet 2-core VM, a
    // quarter of them for each line, and more on a faster machine (3,000 units ran out in 2026).
    const tee = await create({ id: 'FAULT-TEE', name: 'Drill Cotton Tee', stock: MAX_STOCK, size: ['S', 'M'], stockDetail: { S: MAX_STOCK / 2, M: MAX_STOCK / 2 } });
    const mug = await create({ id: 'FAULT-MUG', name: 'Drill Steel Mug', stock: MAX_STOCK });
    const cap = await create({ id: 'FAULT-CAP', name: 'Drill Cap', stock: MAX_STOCK });
    products = [{ id: tee, size: 'S' }, { id: mug, size: null }, { id: tee, size: 'M' }, { id: cap, size: null }];
    for (const [key, n] of await currentStock()) initialStock.set(key, n);

    // Shoppers sign up at auth as the gateway would forward them, each from its own address
    // (sign-up is limited per address), then shop through the gateway with their cookies.
    shoppers = [];
    for (let i = 0; i < SHOPPERS; i++) {
      const atAuth = new ShopClient(shop.urls.auth);
      const res = await atAuth.post('/api/v1/register', { name: `Drill Shopper ${i}`, email: `drill${i}@shop.test`, phone: `98450${String(10000 + i).slice(-5)}`, password: 'drill-pass-1' }, gatewayClientHeaders(shop.internalToken, `10.15.0.${i + 1}`));
      expect(res.status).toBe(201);
      const client = new ShopClient(shop.base);
      for (const [name, value] of atAuth.cookies) client.cookies.set(name, value);
      // Verified, so each acknowledged order gets its one confirmation mail (decision 0042).
      await verifyEmailFromMailLog(shop.databaseUrl('auth'), client, `drill${i}@shop.test`);
      shoppers.push({ client, expectedLines: new Map() });
    }
  }, 240_000);

  afterAll(async () => {
    if (figures.length) {
      // The figures of every fault, for the record (README / the issue's closing note).
      console.log(`Fault suite figures (${SHOPPERS} shoppers, reservation timeout ${RESERVATION_TIMEOUT_SECONDS} s)\n${formatTable(figures)}`);
    }
    await shop?.stop().catch(() => undefined);
    for (const stop of [() => pg?.stop(), () => mq?.stop()]) {
      try {
        stop();
      } catch {
        /* gone already */
      }
    }
  }, 60_000);

  /**
   * The workload: every shopper, until `until`, puts a product in the cart, orders it with an
   * Idempotency-Key (retrying the same key through failures, as the web app does), and every other
   * round puts it back in the cart right after. Answers the acknowledged orders and every attempt.
   */
  function runWorkload(until: () => boolean) {
    const attempts: Attempt[] = [];
    const keys: string[] = [];
    let inFlight = 0;

    async function call(send: () => Promise<{ status: number; body: any }>): Promise<{ status: number; body: any }> {
      const giveUpAt = Date.now() + 90_000;
      for (;;) {
        inFlight += 1;
        let reply: { status: number; body: any } | undefined;
        try {
          reply = await send();
        } catch {
          reply = undefined; // connection refused or reset: the process is down
        } finally {
          inFlight -= 1;
        }
        const failed = !reply || reply.status >= 500;
        attempts.push({ at: Date.now(), failed });
        if (!failed) return reply!;
        if (Date.now() > giveUpAt) throw new Error(`a request kept failing: ${reply ? `${reply.status} ${JSON.stringify(reply.body)}` : 'no answer'}`);
        await new Promise((r) => setTimeout(r, 250));
      }
    }

    async function shop1(s: Shopper, index: number) {
      for (let round = 0; !until(); round++) {
        const p = products[(index + round) % products.length]!;
        const line = { productId: p.id, quantity: 1, ...(p.size ? { properties: { size: p.size } } : {}) };
        const added = await call(() => s.client.post('/api/v1/addToCart', line));
        expect(added.status).toBe(200);
        const key = randomUUID();
        const placed = await call(() => s.client.post('/api/v1/new/order', { shippingInfo: shipping, orderItems: [{ product: p.id, quantity: 1, ...(p.size ? { size: p.size } : {}) }] }, { 'Idempotency-Key': key }));
        // An order is always placed in the end (retrying through 5xx, as the web app does); the body names any other answer.
        expect({ status: placed.status, body: placed.status === 200 || placed.status === 201 ? 'an order' : placed.body }).toEqual({ status: placed.status, body: 'an order' });
        acked.set(key, placed.body.order._id);
        keys.push(key);
        s.expectedLines.set(p.id, 'gone');
        if (round % 2 === 0) {
          expect((await call(() => s.client.post('/api/v1/addToCart', line))).status).toBe(200);
          s.expectedLines.set(p.id, 'kept');
        }
      }
    }

    const done = Promise.all(shoppers.map((s, i) => shop1(s, i)));
    return { done, attempts, keys, inFlight: () => inFlight };
  }

  /** Everything the issue asks to hold once a fault is over; answers what does not hold yet. */
  async function problems(keys: string[]): Promise<{ problems: string[]; lost: number; stored: number; duplicated: number; stockErrors: number; stuckMessages: number }> {
    const found: string[] = [];
    for (const name of [...services, 'gateway'] as const) {
      if (shop.processes[name].child.exitCode !== null || shop.processes[name].child.signalCode) found.push(`${name} is not running`);
    }
    for (const s of services) {
      const ready = await fetch(`${shop.urls[s]}/readyz`).then((r) => r.status, () => 0);
      if (ready !== 200) found.push(`${s} not ready (${ready})`);
    }
    const gatewayReady = await fetch(`${shop.base}/readyz`).then((r) => r.status, () => 0);
    if (gatewayReady !== 200) found.push(`gateway not ready (${gatewayReady})`);

    const orders = await db<{ id: string; idempotency_key: string | null; status: string }>('order', 'select id, idempotency_key, status from "order".orders');
    const byKey = new Map<string, string[]>();
    for (const o of orders) if (o.idempotency_key) byKey.set(o.idempotency_key, [...(byKey.get(o.idempotency_key) ?? []), o.id]);
    let lost = 0;
    let duplicated = 0;
    let stored = 0;
    for (const key of keys) {
      const ids = byKey.get(key) ?? [];
      stored += ids.length;
      if (!ids.includes(acked.get(key)!)) lost += 1;
      if (ids.length > 1) duplicated += ids.length - 1;
    }
    if (lost) found.push(`${lost} acknowledged orders not stored`);
    if (duplicated) found.push(`${duplicated} duplicated orders`);

    const sold = await db<{ product_id: string; size: string | null; n: number }>(
      'order',
      `select i.product_id, i.size, sum(i.quantity)::int as n from "order".order_items i join "order".orders o on o.id = i.order_id where o.status <> 'cancelled' group by 1, 2`,
    );
    const expected = new Map(initialStock);
    for (const r of sold) {
      expected.set(stockKey(r.product_id, null), expected.get(stockKey(r.product_id, null))! - r.n);
      if (r.size) expected.set(stockKey(r.product_id, r.size), expected.get(stockKey(r.product_id, r.size))! - r.n);
    }
    const now = await currentStock();
    let stockErrors = 0;
    for (const [key, n] of expected) if (now.get(key) !== n) stockErrors += 1;
    if (stockErrors) found.push(`stock not conserved for ${stockErrors} product/size pairs`);

    // Counted by the order's full id in the mail's tracking link: the subject's short number (#ABC123,
    // the id's last six hex digits) is shared by two of a couple of thousand orders about once in ten runs.
    const mails = await db<{ order_id: string | null }>(
      'order',
      `select substring(body from '/orders/([0-9a-f-]{36})') as order_id from "order".mail_log where subject like '%is confirmed'`,
    );
    const mailCount = new Map<string, number>();
    for (const m of mails) if (m.order_id) mailCount.set(m.order_id, (mailCount.get(m.order_id) ?? 0) + 1);
    const wrongMails = [...acked.values()].filter((id) => mailCount.get(id) !== 1).length;
    if (wrongMails) found.push(`${wrongMails} orders without exactly one confirmation mail`);

    for (const s of services) {
      const [{ n }] = await db<{ n: number }>(s, `select count(*)::int as n from "${s}".outbox where published_at is null`);
      if (n) found.push(`${s} outbox holds ${n}`);
    }
    const queues = await mq.queueDepths(shop.vhost);
    const stuckMessages = queues.reduce((sum, q) => sum + q.messages, 0);
    if (stuckMessages) found.push(`messages in queues: ${queues.filter((q) => q.messages).map((q) => `${q.queue}=${q.messages}`).join(', ')}`);

    let wrongLines = 0;
    for (const s of shoppers) {
      const cart = await s.client.get('/api/v1/loadCart');
      if (cart.status !== 200) {
        found.push(`cart unavailable (${cart.status})`);
        break;
      }
      const inCart = new Set((cart.body.cartItems as Array<{ id: string }>).map((l) => l.id));
      for (const [productId, want] of s.expectedLines) if (inCart.has(productId) !== (want === 'kept')) wrongLines += 1;
    }
    if (wrongLines) found.push(`${wrongLines} cart lines not as ordered/re-added`);
    return { problems: found, lost, stored, duplicated, stockErrors, stuckMessages };
  }

  /**
   * Runs the workload around a fault, then waits until everything holds again (failing with what
   * does not after CONVERGENCE_MS) and records the figures.
   */
  async function drill(fault: string, opts: { workloadMs: number; inject(w: ReturnType<typeof runWorkload>): Promise<{ from: number; to: number; notes?: () => string }> }) {
    const started = Date.now();
    const startedAt = new Date(started).toISOString();
    const workload = runWorkload(() => Date.now() > started + opts.workloadMs);
    const window = await opts.inject(workload);
    const allReady = async () => {
      const states = await Promise.all([...services.map((s) => shop.urls[s]), shop.base].map((url) => fetch(`${url}/readyz`).then((r) => r.status, () => 0)));
      return states.every((status) => status === 200);
    };
    while (!(await allReady()) && Date.now() < window.to + CONVERGENCE_MS) await new Promise((r) => setTimeout(r, 100));
    const readyMs = Date.now() - window.to;
    await workload.done;
    const workloadEnded = Date.now();
    let last: Awaited<ReturnType<typeof problems>>;
    const deadline = Date.now() + CONVERGENCE_MS;
    for (;;) {
      last = await problems(workload.keys);
      if (last.problems.length === 0 || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    // The fault's window, at least 5 s: a restart that takes a moment still breaks what follows it.
    const windowEnd = Math.max(window.to, window.from + 5_000);
    const during = workload.attempts.filter((a) => a.at >= window.from && a.at <= windowEnd);
    // Stock of checkouts that could not finish, given back through OrderCancelled.
    const [{ n: givenBack }] = await db<{ n: number }>(
      'order',
      `select count(*)::int as n from "order".outbox where type = 'OrderCancelled' and payload->>'reason' like 'checkout-%' and occurred_at >= '${startedAt}'`,
    );
    const errors = during.filter((a) => a.failed).length;
    const row: FaultFigures = {
      fault,
      acknowledged: workload.keys.length,
      stored: last.stored,
      lost: last.lost,
      duplicated: last.duplicated,
      stockErrors: last.stockErrors,
      stuckMessages: last.stuckMessages,
      readyMs,
      healedMs: Date.now() - workloadEnded,
      clientErrorRate: `${errors}/${during.length} (${during.length ? ((100 * errors) / during.length).toFixed(1) : '0.0'} %)`,
      notes: [`checkouts given back ${givenBack}`, window.notes?.()].filter(Boolean).join(', '),
    };
    figures.push(row);
    console.log(`${fault}: ${JSON.stringify(row)}`);
    expect(last.problems).toEqual([]);
    expect(row.acknowledged).toBeGreaterThan(0);
  }

  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  /** Waits (at most 3 s) until some checkouts are on their way, so a kill lands mid-checkout. */
  async function midCheckout(w: ReturnType<typeof runWorkload>) {
    const until = Date.now() + 3_000;
    while (w.inFlight() < 3 && Date.now() < until) await sleep(5);
  }

  /** kill -9 of a service while checkouts are on their way, then started again as a supervisor would. */
  const killMidCheckout = (service: 'order' | 'catalog') =>
    drill(`kill -9 ${service}`, {
      workloadMs: 9_000,
      async inject(w) {
        await sleep(2_000);
        await midCheckout(w);
        const from = Date.now();
        await shop.kill(service);
        await shop.start(service);
        return { from, to: Date.now() };
      },
    });

  test('kill -9 of the order service mid-checkout', () => killMidCheckout('order'), 180_000);

  test('RabbitMQ stopped for 20 s: readiness stays green, orders are accepted, the backlog drains', async () => {
    let notReady = 0;
    let acceptedDuring = 0;
    let drained: Promise<number> | undefined;
    await drill('RabbitMQ stopped 20 s', {
      // Shoppers stop when the broker returns, so the drain below is the outage's backlog alone.
      workloadMs: 21_500,
      async inject(w) {
        await sleep(1_500);
        const from = Date.now();
        mq.stopApp();
        const ackedBefore = w.keys.length;
        const probe = setInterval(() => {
          for (const url of [...services.map((s) => shop.urls[s]), shop.base]) {
            void fetch(`${url}/readyz`).then((r) => r.status !== 200 && (notReady += 1), () => (notReady += 1));
          }
        }, 500);
        await sleep(20_000);
        clearInterval(probe);
        acceptedDuring = w.keys.length - ackedBefore;
        mq.startApp();
        const to = Date.now();
        drained = drainTime(to);
        return { from, to, notes: () => `orders accepted during the outage ${acceptedDuring}, not-ready answers ${notReady}` };
      },
    });
    const drainMs = await drained!;
    figures.at(-1)!.notes += `, backlog drained ${(drainMs / 1000).toFixed(1)} s after the broker's return`;
    console.log(`RabbitMQ outage backlog drained in ${drainMs} ms`);
    expect(notReady).toBe(0);
    expect(acceptedDuring).toBeGreaterThan(0);
  }, 180_000);

  /** From `since` until every outbox is published and every queue is empty (the backlog of an outage). */
  async function drainTime(since: number): Promise<number> {
    for (;;) {
      const backlog = (await mq.queueDepths(shop.vhost)).reduce((sum, q) => sum + q.messages, 0);
      let unpublished = 0;
      for (const s of services) unpublished += (await db<{ n: number }>(s, `select count(*)::int as n from "${s}".outbox where published_at is null`))[0]!.n;
      if ((backlog === 0 && unpublished === 0) || Date.now() > since + CONVERGENCE_MS) return Date.now() - since;
      await sleep(100);
    }
  }

  test('kill -9 of the cart service for 15 s', async () => {
    await drill('kill -9 cart 15 s', {
      workloadMs: 19_000,
      async inject() {
        await sleep(1_500);
        const from = Date.now();
        await shop.kill('cart');
        await sleep(15_000);
        await shop.start('cart');
        return { from, to: Date.now() };
      },
    });
  }, 180_000);

  test('kill -9 of the catalog service mid-checkout', () => killMidCheckout('catalog'), 180_000);

  test('PostgreSQL restarted, no service restarted by hand', async () => {
    await drill('PostgreSQL restart', {
      workloadMs: 9_000,
      async inject() {
        await sleep(2_000);
        const from = Date.now();
        await pg.restart();
        return { from, to: Date.now() };
      },
    });
  }, 180_000);
});

function formatTable(rows: FaultFigures[]): string {
  const head = ['fault', 'acked', 'stored', 'lost', 'dup', 'stock err', 'stuck msg', 'ready again', 'healed', 'client errors during fault', 'notes'];
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const body = rows.map((r) => [r.fault, r.acknowledged, r.stored, r.lost, r.duplicated, r.stockErrors, r.stuckMessages, seconds(r.readyMs), seconds(r.healedMs), r.clientErrorRate, r.notes].map(String));
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n');
}
