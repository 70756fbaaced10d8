import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from 'pg';
import { createLogger, postgresDatabase, type Database } from '@shop/platform';
import { checkConsistency, checkedServices, type ConsistencyReport, type ServiceDatabases } from '../../deploy/backup/consistency-check';
import { ShopClient } from '../support/http-client';
import { startDistributedShop, type DistributedShop, type ServiceName } from '../support/distributed-shop';
import { pollUntil } from '../support/poll';

/**
 * The distributed shop backed up service by service at different moments while orders are placed
 * (decision 0102), restored into fresh databases with the same scripts, then checked: the check
 * finds every case that crosses services, repairs it, finds nothing on a second run, and the
 * restored shop serves the orders with the stock the live shop had.
 */
const root = resolve(__dirname, '../..');
const work = mkdtempSync(join(tmpdir(), 'shop-restore-'));
mkdirSync(join(work, 'no-media'));
const shipping = { address: '22 Marine Drive', city: 'Mumbai', state: 'Maharashtra', country: 'India', pinCode: '400020', phoneNo: '+91 98200 12345' };
const ADMIN = { email: 'admin@shop.test', password: 'Admin#12345' };

function run(command: string, args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) =>
    execFile(command, args, { cwd: root, env: { ...process.env, ...env } }, (err, stdout, stderr) => done({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr })),
  );
}

/** The operator's per-service scripts, as their own processes. */
async function backup(shop: DistributedShop, service: ServiceName, dir: string) {
  const res = await run('bash', ['deploy/backup/backup-service.sh', service, dir], { DATABASE_URL: shop.databaseUrl(service), MEDIA_DIR: join(work, 'no-media') });
  expect(res).toMatchObject({ code: 0 });
}
async function restore(databaseUrl: string, service: ServiceName, dir: string) {
  const res = await run('bash', ['deploy/backup/restore-service.sh', service, dir], { DATABASE_URL: databaseUrl, MEDIA_DIR: join(work, 'restored-media') });
  expect(res).toMatchObject({ code: 0 });
}

/** `npm run check:consistency -- --json …` against the five databases given one by one. */
async function checkCli(databaseUrl: (s: ServiceName) => string, ...args: string[]): Promise<{ code: number; report: ConsistencyReport }> {
  const env = Object.fromEntries(checkedServices.map((s) => [`${s.toUpperCase()}_DATABASE_URL`, databaseUrl(s)]));
  const res = await run(join(root, 'node_modules/.bin/tsx'), ['deploy/backup/check-consistency.ts', '--json', ...args], env);
  if (res.code > 1) throw new Error(res.stderr);
  return { code: res.code, report: JSON.parse(res.stdout) as ConsistencyReport };
}

async function withDatabases<T>(shop: Pick<DistributedShop, 'databaseUrl'>, body: (dbs: ServiceDatabases) => Promise<T>): Promise<T> {
  const opened: Database[] = checkedServices.map((s) => postgresDatabase(shop.databaseUrl(s), { max: 2 }));
  try {
    return await body(Object.fromEntries(checkedServices.map((s, i) => [s, opened[i]!.db])) as ServiceDatabases);
  } finally {
    await Promise.all(opened.map((d) => d.close()));
  }
}

/** The check in-process, on the five databases of a shop. */
const checkOn = (databaseUrl: (s: ServiceName) => string, o: { repair: boolean }) =>
  withDatabases({ databaseUrl }, (dbs) => checkConsistency(dbs, { repair: o.repair, now: new Date(), checkoutWindowMs: 120_000, logger: createLogger('test', 'silent') }));

/** Every event that crosses services has been handled by its consumer in the live shop. */
const settled = (shop: DistributedShop) =>
  pollUntil(async () => {
    const report = await checkOn(shop.databaseUrl, { repair: false });
    return report.findings.length === 0 && report.waitingEvents === 0 ? true : undefined;
  }, 30_000);

async function sql<T>(url: string, text: string): Promise<T[]> {
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(text)).rows as T[];
  } finally {
    await c.end();
  }
}

afterAll(() => rmSync(work, { recursive: true, force: true }));

test('databases dumped at different moments come back consistent after the check, and the restored shop serves the orders', async () => {
  const early = join(work, 'early');
  const dumps = join(work, 'dumps');
  let live: DistributedShop | undefined = await startDistributedShop({ catalog: { DEMO_CATALOG: 'false' } });
  const ids: Record<string, string> = {};
  let liveStock: Record<string, number> = {};
  try {
    const admin = new ShopClient(live.base);
    expect((await admin.post('/api/v1/login', ADMIN)).status).toBe(200);
    const product = async (code: string) => {
      const res = await admin.post('/api/v1/admin/product/create', { id: code, name: `Cotton Kurta ${code}`, price: 899, discount: 10, description: 'Hand-block printed cotton kurta.', category: 10, subcat: 'ethnic_wear', stock: 10 });
      expect(res.status).toBe(201);
      return res.body.product._id as string;
    };
    const shopper = async (name: string, email: string, phone: string) => {
      const client = new ShopClient(live!.base);
      expect((await client.post('/api/v1/register', { name, email, phone, password: 'shopper-pass-1' })).status).toBe(201);
      return client;
    };
    const order = async (buyer: ShopClient, productId: string, quantity: number) => {
      const res = await buyer.post('/api/v1/new/order', { shippingInfo: shipping, orderItems: [{ product: productId, quantity }] });
      expect(res.status).toBe(201);
      return res.body.order._id as string;
    };
    const status = async (id: string, ...steps: string[]) => {
      for (const s of steps) expect((await admin.put(`/api/v1/admin/order/${id}`, { status: s })).status).toBe(200);
    };
    ids.kurta = await product('RESTORE-1');
    ids.shirt = await product('RESTORE-2');
    const asha = await shopper('Asha Rao', 'asha@shop.test', '9820011111');
    const ravi = await shopper('Ravi Iyer', 'ravi@shop.test', '9820022222');

    ids.delivered = await order(asha, ids.shirt, 1);
    await status(ids.delivered, 'shipped', 'delivered'); // invoice 1
    ids.shipped = await order(ravi, ids.shirt, 1);
    await status(ids.shipped, 'shipped');
    ids.cancelled = await order(ravi, ids.shirt, 1);
    ids.deleted = await order(asha, ids.shirt, 1);
    expect((await asha.post('/api/v1/addToCart', { productId: ids.kurta, quantity: 2 })).status).toBe(200);
    await settled(live);

    // Moment 1: the order database (kept only for its invoice counter, restored later from this older dump) and the cart.
    await Promise.all([backup(live, 'order', early), backup(live, 'cart', dumps)]);
    await status(ids.shipped, 'delivered'); // invoice 2
    await settled(live);
    // Moment 2: the catalog.
    await backup(live, 'catalog', dumps);
    expect((await ravi.post(`/api/v1/order/${ids.cancelled}/cancel`)).status).toBe(200);
    expect((await admin.delete(`/api/v1/admin/order/${ids.deleted}`)).status).toBe(200);
    ids.fromCart = await order(asha, ids.kurta, 2);
    ids.direct = await order(ravi, ids.kurta, 1);
    await settled(live);
    // Moment 3: the order, auth and media databases.
    await Promise.all((['order', 'auth', 'media'] as const).map((s) => backup(live!, s, dumps)));
    liveStock = { kurta: (await admin.get(`/api/v1/product/${ids.kurta}`)).body.product.stock, shirt: (await admin.get(`/api/v1/product/${ids.shirt}`)).body.product.stock };
    expect(liveStock).toEqual({ kurta: 7, shirt: 8 });
  } finally {
    await live.stop();
    live = undefined;
  }

  let first: { code: number; report: ConsistencyReport } | undefined;
  const restored = await startDistributedShop(
    { catalog: { DEMO_CATALOG: 'false' } },
    {
      async beforeStart(databaseUrl) {
        await Promise.all(checkedServices.map((s) => restore(databaseUrl(s), s, dumps)));
        // The invoice counter as an older dump had it (a table restored from another backup).
        await sql(databaseUrl('order'), 'truncate "order".invoice_counters');
        expect(await run('pg_restore', ['--data-only', '--schema=order', '--table=invoice_counters', `--dbname=${databaseUrl('order')}`, join(early, 'order.dump')], {})).toMatchObject({ code: 0 });

        // Listed only, nothing repaired, with --dry-run (the same check, in-process here: one process start less).
        const dry = await checkOn(databaseUrl, { repair: false });
        expect(dry.findings.length).toBeGreaterThan(0);
        expect(dry.findings.every((f) => !f.repaired)).toBe(true);
        first = await checkCli(databaseUrl);
        // Stock as the live shop had it at the end, though the catalog's dump is older than the orders'.
        const stock = await sql<{ id: string; stock: number }>(databaseUrl('catalog'), 'select id, stock from catalog.products order by stock');
        expect(Object.fromEntries(stock.map((r) => [r.id === ids.kurta ? 'kurta' : 'shirt', r.stock]))).toEqual(liveStock);
      },
    },
  );
  try {
    const findings = first!.report.findings;
    const kinds = (kind: string) => findings.filter((f) => f.kind === kind);
    const about = (kind: string, id: string) => kinds(kind).some((f) => f.repaired && (f.subject.includes(id.slice(0, 8)) || f.detail.includes(id.slice(0, 8))));
    expect(first!.code).toBe(0);
    expect(findings.every((f) => f.repaired)).toBe(true);
    // Orders placed after the catalog's dump: their stock reserved again.
    expect(kinds('order-without-reservation')).toHaveLength(2);
    expect(about('order-without-reservation', ids.fromCart) && about('order-without-reservation', ids.direct)).toBe(true);
    // Cancelled and deleted after the catalog's dump: the stock they held goes back.
    expect(about('reservation-held-for-cancelled-order', ids.cancelled)).toBe(true);
    expect(about('reservation-without-order', ids.deleted)).toBe(true);
    // The cart's dump is older than the order placed from it.
    expect(kinds('cart-holds-ordered-lines')).toHaveLength(1);
    expect(about('cart-holds-ordered-lines', ids.fromCart)).toBe(true);
    // Events the live shop relayed after a consumer's dump: OrderPlaced to the cart, OrderCancelled to the catalog.
    expect(kinds('event-not-relayed').map((f) => f.subject.split(' ')[0]).sort()).toEqual(expect.arrayContaining(['OrderCancelled', 'OrderCancelled', 'OrderPlaced']));
    expect(about('event-not-relayed', ids.direct)).toBe(true);
    expect(kinds('document-counter-behind')).toEqual([expect.objectContaining({ repaired: true, detail: expect.stringContaining('counter is at 1 but number 2 was issued') })]);

    // Running, the restored shop relays what was re-queued; the check then finds nothing.
    let second: ConsistencyReport | undefined;
    await pollUntil(async () => {
      second = await checkOn(restored.databaseUrl, { repair: false });
      return second.findings.length === 0 && second.waitingEvents === 0 ? true : undefined;
    }, 30_000).catch(() => undefined);
    expect(second).toEqual({ findings: [], waitingEvents: 0 });

    const admin = new ShopClient(restored.base);
    expect((await admin.post('/api/v1/login', ADMIN)).status).toBe(200);
    const asha = new ShopClient(restored.base);
    expect((await asha.post('/api/v1/login', { email: 'asha@shop.test', password: 'shopper-pass-1' })).status).toBe(200);
    const mine = (await asha.get('/api/v1/orders/user')).body.orders.map((o: { _id: string }) => o._id).sort();
    expect(mine).toEqual([ids.delivered, ids.fromCart].sort());
    expect((await asha.get('/api/v1/loadCart')).body.cartItems).toEqual([]);
    // The re-queued OrderCancelled events put nothing back twice.
    expect((await admin.get(`/api/v1/product/${ids.shirt}`)).body.product.stock).toBe(liveStock.shirt);
    expect((await admin.get(`/api/v1/product/${ids.kurta}`)).body.product.stock).toBe(liveStock.kurta);
    // The next invoice takes the next number, not one issued before the restore.
    for (const s of ['shipped', 'delivered']) expect((await admin.put(`/api/v1/admin/order/${ids.fromCart}`, { status: s })).status).toBe(200);
    const numbers = await sql<{ order_id: string; sequence: number }>(restored.databaseUrl('order'), 'select order_id, sequence from "order".invoices order by sequence');
    expect(numbers.map((n) => [n.order_id, n.sequence])).toEqual([
      [ids.delivered, 1],
      [ids.shipped, 2],
      [ids.fromCart, 3],
    ]);
  } finally {
    await restored.stop();
  }
}, 240_000);
