import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { eventually } from '@shop/platform/src/testing';
import { shippingInfo, startOrderService, type OrderTestService } from '../testing/order-test-service';
import type { OrderDeps } from './order-deps';
import { recordPendingCheckout, releaseAbandonedCheckouts } from './pending-checkout.recovery';

/**
 * Crash-safe checkout (decision 0020): stock reserved by a checkout ends confirmed by its order or
 * released, whichever process dies when. A crash is the state it leaves: a pending checkout and a
 * reservation in the catalog, no order.
 */
let svc: OrderTestService;

beforeAll(async () => {
  svc = await startOrderService();
});
afterAll(async () => {
  await svc?.close();
});

const TIMEOUT_MS = 120_000;
const later = (deps: OrderDeps, ms: number): OrderDeps => ({ ...deps, clock: () => new Date(Date.now() + ms) });
const pending = (orderId: string) => svc.rows(sql`select id from "order".pending_checkouts where id = ${orderId}`);
const ordersWithId = (orderId: string) => svc.rows(sql`select id from "order".orders where id = ${orderId}`);

/** What a checkout leaves behind when its process is killed between reserving and writing the order. */
async function checkoutKilledAfterReserving(productId: string, quantity: number): Promise<string> {
  const orderId = randomUUID();
  await recordPendingCheckout(svc.deps, orderId, randomUUID());
  await svc.deps.catalog.reserveStock(orderId, [{ productId, quantity }]);
  return orderId;
}

test('the stock of a checkout that died after reserving comes back once the reservation timeout has passed', async () => {
  const lamp = await svc.product({ stock: 10 });
  const orderId = await checkoutKilledAfterReserving(lamp._id, 3);
  expect((await svc.stockOf(lamp._id)).stock).toBe(7);

  // Before the timeout nothing is given up (the checkout may still be running).
  expect(await releaseAbandonedCheckouts(later(svc.deps, TIMEOUT_MS - 5_000), TIMEOUT_MS)).toBe(0);
  expect(await pending(orderId)).toHaveLength(1);

  expect(await releaseAbandonedCheckouts(later(svc.deps, TIMEOUT_MS + 1_000), TIMEOUT_MS)).toBe(1);
  svc.deps.publishEvents();
  await eventually(async () => expect((await svc.stockOf(lamp._id)).stock).toBe(10));
  expect(await pending(orderId)).toHaveLength(0);
  expect(await ordersWithId(orderId)).toHaveLength(0);
  // A second pass finds nothing more to give back.
  expect(await releaseAbandonedCheckouts(later(svc.deps, TIMEOUT_MS + 2_000), TIMEOUT_MS)).toBe(0);
});

test('a checkout given up while it was still running writes no order and keeps no stock', async () => {
  const lamp = await svc.product({ stock: 4 });
  const catalog = svc.deps.catalog;
  // The catalog answers so late that the recovery has given the checkout up meanwhile.
  svc.deps.catalog = {
    ...catalog,
    async reserveStock(id, items) {
      const reservation = await catalog.reserveStock(id, items);
      await releaseAbandonedCheckouts(later(svc.deps, TIMEOUT_MS + 1_000), TIMEOUT_MS);
      return reservation;
    },
  };
  try {
    const res = await svc.as('user').post('/api/v1/new/order', { shippingInfo: shippingInfo(), orderItems: [{ product: lamp._id, quantity: 2 }] });
    expect(res.status).toBe(503);
    expect(res.body.message).toBe('Orders cannot be placed right now. Please try again in a moment.');
  } finally {
    svc.deps.catalog = catalog;
  }
  await eventually(async () => expect((await svc.stockOf(lamp._id)).stock).toBe(4));
  expect(await svc.rows(sql`select id from "order".pending_checkouts`)).toHaveLength(0);
});

test('a placed order, and a checkout refused for short stock, leave no pending checkout behind', async () => {
  const lamp = await svc.product({ stock: 2 });
  const buyer = svc.as('user');
  const placed = await buyer.post('/api/v1/new/order', { shippingInfo: shippingInfo(), orderItems: [{ product: lamp._id, quantity: 2 }] });
  expect(placed.status).toBe(201);
  const short = await buyer.post('/api/v1/new/order', { shippingInfo: shippingInfo(), orderItems: [{ product: lamp._id, quantity: 1 }] });
  expect(short.status).toBe(409);
  expect(await svc.rows(sql`select id from "order".pending_checkouts`)).toHaveLength(0);
  // The recovery, however late, never touches the placed order's stock.
  expect(await releaseAbandonedCheckouts(later(svc.deps, 10 * TIMEOUT_MS), TIMEOUT_MS)).toBe(0);
  expect((await svc.stockOf(lamp._id)).stock).toBe(0);
});
