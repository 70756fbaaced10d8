import { RETURN_STATUSES } from '@shop/proto-contracts';
import { checkReturnTransition, HOLDS_RETURN_QUANTITY, RETURN_TRANSITIONS, returnableUntil } from './return-status.machine';

describe('the return status machine', () => {
  test('requested → approved | rejected, approved → received → refunded; rejected and refunded are final', () => {
    const allowed = RETURN_STATUSES.flatMap((from) => RETURN_STATUSES.filter((to) => checkReturnTransition(from, to).ok).map((to) => `${from}→${to}`));
    expect(allowed).toEqual(['requested→approved', 'requested→rejected', 'approved→received', 'received→refunded']);
    expect(RETURN_TRANSITIONS.rejected).toEqual([]);
    expect(RETURN_TRANSITIONS.refunded).toEqual([]);
  });

  test('a refusal names both statuses', () => {
    expect(checkReturnTransition('requested', 'received')).toEqual({ ok: false, message: 'A requested return cannot become received' });
  });

  test('only a rejected return stops counting against what may still be returned', () => {
    expect(RETURN_STATUSES.filter((s) => !HOLDS_RETURN_QUANTITY.includes(s))).toEqual(['rejected']);
  });

  test('the window closes 30 days after delivery; undelivered orders have none', () => {
    const delivered = new Date('2026-11-01T10:00:00Z');
    expect(returnableUntil({ status: 'delivered', deliveredAt: delivered })?.toISOString()).toBe('2026-12-01T10:00:00.000Z');
    expect(returnableUntil({ status: 'shipped', deliveredAt: null })).toBeNull();
  });
});
