import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import express from 'express';
import { listen, makeEvent, notFoundHandler } from '@shop/platform';
import { TestHttpClient } from '@shop/platform/src/testing';
import { productPayload, startCatalogService, type CatalogTestService } from '../testing/catalog-test-service';
import { CATALOG_QUEUES } from '../events/order-events';
import { stockReservationRoutes } from './stock-reservations.routes';

const TOKEN = 'test-internal-token-0123456789abcdef';
let svc: CatalogTestService;

beforeAll(async () => {
  svc = await startCatalogService({ internalToken: TOKEN });
});
afterAll(async () => {
  await svc?.close();
});

/** Calls an internal route as the order service does. */
const internal = (method: string, path: string, body?: unknown, token: string | null = TOKEN) =>
  new TestHttpClient(`${svc.url}/internal/v1`, { token: token ?? undefined }).call(method, path, body);

const reserve = (reservationId: string, items: unknown[]) => internal('POST', '/stock/reservations', { reservationId, items });
const release = (reservationId: string) => internal('DELETE', `/stock/reservations/${reservationId}`);

async function createProduct(overrides: Record<string, unknown> = {}) {
  const res = await svc.as('admin').post('/api/v1/admin/product/create', productPayload(overrides));
  if (res.status !== 201) throw new Error(`create failed: ${JSON.stringify(res.body)}`);
  return res.body.product as { _id: string; name: string; thumbnail: string | null };
}

/** A Men's shirt with sizes S (5) and M (3). */
const shirt = (overrides: Record<string, unknown> = {}) =>
  createProduct({ name: 'Linen Shirt', category: 10, subcat: 'shirts', price: 799.5, size: ['S', 'M'], stockDetail: { S: 5, M: 3 }, colors: ['Blue'], ...overrides });

async function stockOf(id: string) {
  const p = (await svc.visitor.get(`/api/v1/product/${id}`)).body.product;
  return { stock: p.stock as number, stockDetail: p.stockDetail as Record<string, number> };
}

const reservationRows = (id: string) => svc.rows(sql`select id, released_at from catalog.stock_reservations where id = ${id}`);

describe('access to the internal routes', () => {
  test('a missing or wrong token is a 401', async () => {
    expect((await reserve(randomUUID(), [])).status).toBe(400);
    expect((await internal('POST', '/stock/reservations', {}, null)).status).toBe(401);
    const wrong = await internal('DELETE', `/stock/reservations/${randomUUID()}`, undefined, 'not-the-token-at-all-0123456789');
    expect(wrong).toEqual({ status: 401, body: { success: false, message: expect.any(String) } });
  });

  test('without a configured token the routes do not exist (404)', async () => {
    const app = express();
    app.use('/internal/v1', stockReservationRoutes(svc.deps, undefined));
    app.use(notFoundHandler);
    const server = await listen(app, 0);
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/internal/v1/stock/reservations`, {
        method: 'POST',
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(res.status).toBe(404);
    } finally {
      server.close();
    }
  });
});

describe('POST /internal/v1/stock/reservations', () => {
  test('takes per-size and total stock, answers the current names, images, prices in paise and categories, and announces the products', async () => {
    const p = await shirt();
    const plain = await createProduct({ name: 'Steel Bottle', price: 350, stock: 4 });
    const id = randomUUID();
    const res = await reserve(id, [
      { productId: p._id, size: 'm', quantity: 2 },
      { productId: plain._id, quantity: 1, size: 'XL' },
      { productId: p._id, size: 'M', quantity: 1 },
    ]);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      success: true,
      reservationId: id,
      createdAt: expect.any(String),
      lines: [
        { productId: p._id, code: expect.any(String), name: 'Linen Shirt', image: p.thumbnail, size: 'M', color: 'Blue', quantity: 3, pricePaise: 79950, categoryId: '11', categoryName: 'Men', hsnCode: '6109', gstRateBp: 500 },
        {
          productId: plain._id,
          code: expect.any(String),
          name: 'Steel Bottle',
          image: plain.thumbnail,
          size: null,
          color: null,
          quantity: 1,
          pricePaise: 35000,
          categoryId: '2',
          categoryName: 'Home & Kitchen',
          // Each line carries the HSN code (the category's default here) and its rate now (decision 0046).
          hsnCode: '7323',
          gstRateBp: 500,
        },
      ],
    });
    expect(await stockOf(p._id)).toEqual({ stock: 5, stockDetail: { S: 5, M: 0 } });
    expect((await stockOf(plain._id)).stock).toBe(3);
    const events = await svc.rows<{ stock: number }>(
      sql`select (payload->>'stock')::int as stock from catalog.outbox where type = 'ProductChanged' and payload->>'productId' = ${p._id} order by occurred_at`,
    );
    expect(events.map((e) => e.stock)).toEqual([8, 5]);
  });

  test("a line of a colour with its own pictures carries that colour's card picture", async () => {
    const red = '/media/dddddddddddddddddddddddddddddddd/detail.webp';
    const p = await shirt({ name: 'Two Tone Shirt', colors: ['Blue', 'Red'], colorImages: { Red: [red] }, image: ['/media/eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee/detail.webp'] });
    const res = await reserve(randomUUID(), [
      { productId: p._id, size: 'S', color: 'Red', quantity: 1 },
    ]);
    expect(res.body.lines[0].image).toBe(red.replace('detail.webp', 'card.webp'));
    const blue = await reserve(randomUUID(), [{ productId: p._id, size: 'S', color: 'Blue', quantity: 1 }]);
    expect(blue.body.lines[0].image).toBe(p.thumbnail);
  });

  test('two colours of one size are two lines, each with its colour, taking from the one stock of that size', async () => {
    const p = await shirt({ name: 'Two Colour Tee', colors: ['Olive', 'Navy Blue'] });
    const res = await reserve(randomUUID(), [
      { productId: p._id, size: 'M', color: 'Olive', quantity: 1 },
      { productId: p._id, size: 'M', color: 'navy blue', quantity: 2 },
    ]);
    expect(res.status).toBe(201);
    expect(res.body.lines.map((l: { size: string; color: string; quantity: number }) => [l.size, l.color, l.quantity])).toEqual([
      ['M', 'Olive', 1],
      ['M', 'Navy Blue', 2],
    ]);
    expect(await stockOf(p._id)).toEqual({ stock: 5, stockDetail: { S: 5, M: 0 } });
    // Together over the size's stock is short, whichever colour asks.
    const short = await reserve(randomUUID(), [
      { productId: p._id, size: 'S', color: 'Olive', quantity: 3 },
      { productId: p._id, size: 'S', color: 'Navy Blue', quantity: 3 },
    ]);
    expect(short.status).toBe(409);
    expect(short.body.available).toBe(5);
  });

  test('is all or nothing: a short second line leaves every stock as it was, and the 409 names the product', async () => {
    const a = await shirt({ name: 'Kurta A' });
    const b = await shirt({ name: 'Kurta B' });
    const id = randomUUID();
    const res = await reserve(id, [
      { productId: a._id, size: 'S', quantity: 2 },
      { productId: b._id, size: 'M', quantity: 4 },
    ]);
    expect(res).toEqual({
      status: 409,
      body: { success: false, message: 'Only 3 items available in stock for Kurta B (size M)', productId: b._id, size: 'M', available: 3 },
    });
    expect(await stockOf(a._id)).toEqual({ stock: 8, stockDetail: { S: 5, M: 3 } });
    expect(await stockOf(b._id)).toEqual({ stock: 8, stockDetail: { S: 5, M: 3 } });
    expect(await reservationRows(id)).toHaveLength(0);
  });

  test('an unknown product is a 404; a size the product does not offer, or none for a sized product, is a 400', async () => {
    const p = await shirt();
    expect(await reserve(randomUUID(), [{ productId: randomUUID(), quantity: 1 }])).toEqual({ status: 404, body: { success: false, message: 'Product not found' } });
    const noSuchSize = await reserve(randomUUID(), [{ productId: p._id, size: 'XXL', quantity: 1 }]);
    expect(noSuchSize).toEqual({ status: 400, body: { success: false, message: 'Size XXL is not available for Linen Shirt' } });
    expect((await reserve(randomUUID(), [{ productId: p._id, quantity: 1 }])).status).toBe(400);
    const noSuchColour = await reserve(randomUUID(), [{ productId: p._id, size: 'S', color: 'Green', quantity: 1 }]);
    expect(noSuchColour).toEqual({ status: 400, body: { success: false, message: 'Colour Green is not available for Linen Shirt' } });
    expect((await reserve('not-a-uuid', [{ productId: p._id, size: 'S', quantity: 1 }])).status).toBe(400);
    expect((await reserve(randomUUID(), [{ productId: p._id, size: 'S', quantity: 0 }])).status).toBe(400);
    expect(await stockOf(p._id)).toEqual({ stock: 8, stockDetail: { S: 5, M: 3 } });
  });

  test('is idempotent by reservation id: the same id answers the first result without taking stock twice', async () => {
    const p = await shirt();
    const id = randomUUID();
    const first = await reserve(id, [{ productId: p._id, size: 'S', quantity: 2 }]);
    const again = await reserve(id, [{ productId: p._id, size: 'S', quantity: 2 }]);
    expect(first.status).toBe(201);
    expect(again).toEqual({ status: 200, body: first.body });
    expect(await stockOf(p._id)).toEqual({ stock: 6, stockDetail: { S: 3, M: 3 } });
  });

  test('the same reservation id sent 5 times at once takes the stock once', async () => {
    const p = await shirt();
    const id = randomUUID();
    const results = await Promise.all(Array.from({ length: 5 }, () => reserve(id, [{ productId: p._id, size: 'S', quantity: 2 }])));
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(results.map((r) => JSON.stringify(r.body))).size).toBe(1);
    expect(await stockOf(p._id)).toEqual({ stock: 6, stockDetail: { S: 3, M: 3 } });
  });

  test('a released reservation id cannot be reserved again', async () => {
    const p = await shirt();
    const id = randomUUID();
    await reserve(id, [{ productId: p._id, size: 'S', quantity: 1 }]);
    await release(id);
    expect((await reserve(id, [{ productId: p._id, size: 'S', quantity: 1 }])).status).toBe(409);
    expect(await stockOf(p._id)).toEqual({ stock: 8, stockDetail: { S: 5, M: 3 } });
  });

  test('releasing an id that was never reserved makes a late reservation under it a 409 that holds nothing', async () => {
    const p = await shirt();
    const id = randomUUID();
    expect(await release(id)).toEqual({ status: 200, body: { success: true, released: false } });
    expect((await reserve(id, [{ productId: p._id, size: 'S', quantity: 2 }])).status).toBe(409);
    expect(await stockOf(p._id)).toEqual({ stock: 8, stockDetail: { S: 5, M: 3 } });
  });

  test('20 concurrent checkouts racing for the last 5 units of a size: exactly 5 get one, stock ends at 0', async () => {
    const p = await shirt({ stockDetail: { S: 5, M: 2 } });
    const results = await Promise.all(Array.from({ length: 20 }, () => reserve(randomUUID(), [{ productId: p._id, size: 'S', quantity: 1 }])));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(15);
    expect(await stockOf(p._id)).toEqual({ stock: 2, stockDetail: { S: 0, M: 2 } });
    const [{ n }] = await svc.rows<{ n: number }>(sql`select count(*)::int as n from catalog.stock_reservations where lines @> ${JSON.stringify([{ productId: p._id }])}::jsonb`);
    expect(n).toBe(5);
  });
});

describe('releasing a reservation', () => {
  test('ProductChanged says stockOnly while the product stays in stock, and not when it sells out or comes back', async () => {
    const p = await createProduct({ name: 'Clay Diya', price: 40, stock: 3 });
    const events = async () =>
      (await svc.rows<{ stock: number; stock_only: boolean | null }>(
        sql`select (payload->>'stock')::int as stock, (payload->>'stockOnly')::boolean as stock_only from catalog.outbox
            where type = 'ProductChanged' and payload->>'productId' = ${p._id} order by 1`,
      )).map((e) => [e.stock, e.stock_only ?? false]);
    const first = randomUUID();
    await reserve(first, [{ productId: p._id, quantity: 2 }]);
    await reserve(randomUUID(), [{ productId: p._id, quantity: 1 }]);
    await release(first);
    // 1 → 0 (sold out), 3 → 1 (stock only), 0 → 2 (back in stock), created with 3 (a full change).
    expect(await events()).toEqual([
      [0, false],
      [1, true],
      [2, false],
      [3, false],
    ]);
  });

  test('DELETE puts the stock back exactly once; unknown and released reservations are a 200 no-op', async () => {
    const p = await shirt();
    const id = randomUUID();
    await reserve(id, [{ productId: p._id, size: 'M', quantity: 3 }]);
    expect(await stockOf(p._id)).toEqual({ stock: 5, stockDetail: { S: 5, M: 0 } });
    expect(await release(id)).toEqual({ status: 200, body: { success: true, released: true } });
    expect(await release(id)).toEqual({ status: 200, body: { success: true, released: false } });
    expect(await release(randomUUID())).toEqual({ status: 200, body: { success: true, released: false } });
    expect(await stockOf(p._id)).toEqual({ stock: 8, stockDetail: { S: 5, M: 3 } });
    expect((await release('nope')).status).toBe(400);
  });

  test('OrderCancelled delivered twice puts the stock back once, and not again after an HTTP release', async () => {
    const p = await shirt();
    const plain = await createProduct({ stock: 2 });
    const id = randomUUID();
    await reserve(id, [
      { productId: p._id, size: 'S', quantity: 4 },
      { productId: plain._id, quantity: 2 },
    ]);
    const event = makeEvent('order', 'OrderCancelled', { orderId: id, userId: randomUUID() });
    await svc.runtime.bus.publish(event);
    await svc.runtime.bus.publish(event);
    await processed(event.id);
    // A second, different event for the same order (staff cancel, then delete) finds it released.
    const other = makeEvent('order', 'OrderCancelled', { orderId: id, userId: randomUUID() });
    await svc.runtime.bus.publish(other);
    await processed(other.id);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await stockOf(p._id)).toEqual({ stock: 8, stockDetail: { S: 5, M: 3 } });
    expect((await stockOf(plain._id)).stock).toBe(2);
    expect(await release(id)).toEqual({ status: 200, body: { success: true, released: false } });
    const rows = await svc.rows(sql`select 1 from catalog.processed_events where consumer = ${CATALOG_QUEUES.orders} and event_id = ${event.id}`);
    expect(rows).toHaveLength(1);
  });

  test('a size staff removed meanwhile is skipped instead of breaking the stock totals', async () => {
    const p = await shirt();
    const id = randomUUID();
    await reserve(id, [
      { productId: p._id, size: 'S', quantity: 1 },
      { productId: p._id, size: 'M', quantity: 1 },
    ]);
    const edit = await svc.as('admin').put(`/api/v1/admin/product/${p._id}`, { size: ['S'], stockDetail: { S: 4 } });
    expect(edit.status).toBe(200);
    await release(id);
    expect(await stockOf(p._id)).toEqual({ stock: 5, stockDetail: { S: 5 } });
  });
});

async function processed(eventId: string) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const rows = await svc.rows(sql`select 1 from catalog.processed_events where consumer = ${CATALOG_QUEUES.orders} and event_id = ${eventId}`);
    if (rows.length > 0) return;
    if (Date.now() > deadline) throw new Error(`event ${eventId} not processed`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
