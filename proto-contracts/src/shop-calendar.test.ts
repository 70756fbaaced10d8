import { gstSummaryQuerySchema, ordersByDateQuerySchema } from './order';
import { isCalendarDate, isCalendarMonth, SHOP_FIRST_YEAR, SHOP_LAST_YEAR } from './shop-calendar';

describe("the shop's calendar years (decision 0098)", () => {
  test('months and dates are real ones of the years 2000–2099', () => {
    expect([SHOP_FIRST_YEAR, SHOP_LAST_YEAR]).toEqual([2000, 2099]);
    for (const m of ['2000-01', '2026-11', '2099-12']) expect({ m, ok: isCalendarMonth(m) }).toEqual({ m, ok: true });
    for (const m of ['9999-12', '0000-01', '1999-12', '2100-01', '2026-13', '2026-00', '2026-1', '+2026-01']) expect({ m, ok: isCalendarMonth(m) }).toEqual({ m, ok: false });
    for (const d of ['2000-01-01', '2024-02-29', '2099-12-31']) expect({ d, ok: isCalendarDate(d) }).toEqual({ d, ok: true });
    for (const d of ['9999-12-31', '0000-01-01', '2100-01-01', '2026-02-29', '2026-04-31']) expect({ d, ok: isCalendarDate(d) }).toEqual({ d, ok: false });
  });

  test('the GST summary query refuses 9999-12 and 0000-01 with the month message', () => {
    for (const month of ['9999-12', '0000-01']) {
      const r = gstSummaryQuerySchema.safeParse({ month });
      expect(r.success ? undefined : r.error.issues[0].message).toBe('month must be YYYY-MM (e.g. 2026-11), a month of the years 2000–2099');
    }
    expect(gstSummaryQuerySchema.parse({ month: ' 2026-11 ' })).toEqual({ month: '2026-11' });
  });

  test('orders by date refuse 9999-12-31, whose next day is in year 10000', () => {
    expect(ordersByDateQuerySchema.safeParse({ date: '9999-12-31' }).success).toBe(false);
    expect(ordersByDateQuerySchema.safeParse({ date: '2099-12-31' }).success).toBe(true);
  });
});
