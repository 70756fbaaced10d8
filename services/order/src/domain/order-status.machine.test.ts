import { ORDER_STATUSES, type OrderStatus } from '@shop/proto-contracts';
import { canBuyerCancel, checkCodCollection, checkTransition, effectsOf, estimatedDeliveryOf, initialStatusOf, nextStatusesFor } from './order-status.machine';

const allowed: Array<[OrderStatus, OrderStatus]> = [
  ['pending', 'processing'],
  ['pending', 'cancelled'],
  ['processing', 'shipped'],
  ['processing', 'cancelled'],
  ['shipped', 'delivered'],
];
const isAllowed = (from: OrderStatus, to: OrderStatus) => allowed.some(([f, t]) => f === from && t === to);
const everyPair = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.map((to) => [from, to] as [OrderStatus, OrderStatus]));

describe('the order status machine', () => {
  test.each(allowed)('allows %s → %s', (from, to) => {
    expect(checkTransition(from, to)).toEqual({ ok: true });
  });

  test.each(everyPair.filter(([from, to]) => !isAllowed(from, to)))('refuses %s → %s, naming both', (from, to) => {
    expect(checkTransition(from, to)).toEqual({ ok: false, message: `Cannot change order status from ${from} to ${to}` });
  });

  test('a cash-on-delivery order starts processing; an online one pending', () => {
    expect(initialStatusOf('COD')).toBe('processing');
    expect(initialStatusOf('ONLINE')).toBe('pending');
  });

  test.each(ORDER_STATUSES.map((s) => [s, s === 'pending' || s === 'processing']))('the buyer may cancel a %s order: %s', (status, may) => {
    expect(canBuyerCancel(status as OrderStatus)).toBe(may);
  });

  test.each(ORDER_STATUSES.map((s) => [s]))('staff are offered exactly the allowed moves from %s', (from) => {
    const offered = ORDER_STATUSES.filter((to) => isAllowed(from, to));
    expect([...nextStatusesFor(from, { role: 'emp' })].sort()).toEqual(offered.sort());
    expect([...nextStatusesFor(from, { role: 'admin' })].sort()).toEqual(offered.sort());
  });

  test.each(ORDER_STATUSES.map((s) => [s]))('a buyer is offered only cancelling, while a %s order may be cancelled', (status) => {
    expect(nextStatusesFor(status, { role: 'user' })).toEqual(canBuyerCancel(status) ? ['cancelled'] : []);
    expect(nextStatusesFor(status, undefined)).toEqual(canBuyerCancel(status) ? ['cancelled'] : []);
  });

  const now = new Date('2025-01-05T10:00:00Z');
  const cod = { paymentMethod: 'COD' as const, paymentStatus: 'Pending' as const, paidAt: null };

  test('shipping stamps shippedAt; delivering stamps deliveredAt and leaves cash on delivery to collect', () => {
    expect(effectsOf({ ...cod, status: 'processing' }, 'shipped', now)).toEqual({ status: 'shipped', shippedAt: now });
    expect(effectsOf({ ...cod, status: 'shipped' }, 'delivered', now)).toEqual({ status: 'delivered', deliveredAt: now });
  });

  test('cash is collected only for a cash-on-delivery order still pending that has left the warehouse', () => {
    expect(checkCodCollection({ ...cod, status: 'shipped' })).toEqual({ ok: true });
    expect(checkCodCollection({ ...cod, status: 'delivered' })).toEqual({ ok: true });
    expect(checkCodCollection({ ...cod, status: 'processing' })).toEqual({ ok: false, reason: 'not-handed-over' });
    expect(checkCodCollection({ ...cod, status: 'delivered', paymentStatus: 'Paid' })).toEqual({ ok: false, reason: 'settled' });
    expect(checkCodCollection({ ...cod, status: 'delivered', paymentMethod: 'ONLINE' })).toEqual({ ok: false, reason: 'not-cod' });
  });

  test('delivering an order paid online leaves its payment as it was', () => {
    const paid = { status: 'shipped' as const, paymentMethod: 'ONLINE' as const, paymentStatus: 'Paid' as const, paidAt: new Date('2025-01-01') };
    expect(effectsOf(paid, 'delivered', now)).toEqual({ status: 'delivered', deliveredAt: now });
  });

  test('cancelling stamps cancelledAt; an unpaid payment is cancelled with it', () => {
    expect(effectsOf({ ...cod, status: 'processing' }, 'cancelled', now)).toEqual({ status: 'cancelled', cancelledAt: now, paymentStatus: 'Cancelled' });
  });
});

describe('estimated delivery', () => {
  const createdAt = new Date('2025-01-05T10:00:00Z');
  const shippedAt = new Date('2025-01-07T08:00:00Z');
  const given = new Date('2025-01-09T12:00:00Z');

  test('is the estimate given, when there is one', () => {
    expect(estimatedDeliveryOf({ estimatedDelivery: given, shippedAt, createdAt })).toEqual(given);
  });
  test('else 3 days after shipping', () => {
    expect(estimatedDeliveryOf({ estimatedDelivery: null, shippedAt, createdAt })).toEqual(new Date('2025-01-10T08:00:00Z'));
  });
  test('else 7 days after the order was placed', () => {
    expect(estimatedDeliveryOf({ estimatedDelivery: null, shippedAt: null, createdAt })).toEqual(new Date('2025-01-12T10:00:00Z'));
  });
});

describe('the database keeps to the shared status list', () => {
  // The check constraint of migration 001 is SQL and cannot import the list: this keeps the two equal.
  test("orders' status check allows exactly ORDER_STATUSES", async () => {
    const { startOrderService } = await import('../testing/order-test-service');
    const { sql } = await import('drizzle-orm');
    const svc = await startOrderService();
    try {
      const [row] = await svc.rows<{ def: string }>(
        sql`select pg_get_constraintdef(c.oid) as def from pg_constraint c join pg_class t on t.oid = c.conrelid join pg_namespace n on n.oid = t.relnamespace
            where n.nspname = 'order' and t.relname = 'orders' and c.contype = 'c' and pg_get_constraintdef(c.oid) like '%status%' and pg_get_constraintdef(c.oid) not like '%payment_status%'`,
      );
      const allowed = [...row!.def.matchAll(/'([a-z]+)'/g)].map((m) => m[1]);
      expect(allowed.sort()).toEqual([...ORDER_STATUSES].sort());
    } finally {
      await svc.close();
    }
  });
});
