import { couponInputSchema, couponMessages } from './coupons';
import { MAX_MONEY_PAISE, paiseOfRupeesInput } from './money';

const amountCoupon = (value: unknown, extra: Record<string, unknown> = {}) => couponInputSchema.safeParse({ code: 'SAVE100', type: 'amount', value, ...extra });
const firstMessage = (r: ReturnType<typeof amountCoupon>) => (r.success ? undefined : r.error.issues[0].message);

describe('coupon money and dates in their ranges (decision 0098)', () => {
  test('a fixed amount of 1e308, Infinity, NaN text or more than ₹10,00,000 is refused with the amount message, not turned into NaN paise', () => {
    for (const value of [1e308, -1e308, Number.MAX_VALUE, Number.MAX_SAFE_INTEGER, 1_000_000.01, '1e308', 'NaN', 'Infinity', -0, 0, -5, '9'.repeat(400)]) {
      expect({ value, message: firstMessage(amountCoupon(value)) }).toEqual({ value, message: couponMessages.amountInvalid });
    }
    expect(amountCoupon(1_000_000)).toMatchObject({ success: true, data: { amountPaise: MAX_MONEY_PAISE } });
    expect(amountCoupon('99.5')).toMatchObject({ success: true, data: { amountPaise: 9950 } });
  });

  test('a minimum order of 1e308 is refused with the minimum-order message', () => {
    for (const minOrder of [1e308, 1_000_001, -1, 'lots']) {
      expect({ minOrder, message: firstMessage(amountCoupon(100, { minOrder })) }).toEqual({ minOrder, message: couponMessages.minOrderInvalid });
    }
  });

  test('validFrom and validTo outside the years 2000–2099 are refused', () => {
    for (const validTo of ['9999-12-31', '2100-01-01', '+275760-09-13T00:00:00Z', '1999-12-31']) {
      expect({ validTo, message: firstMessage(amountCoupon(100, { validTo })) }).toEqual({ validTo, message: couponMessages.dateInvalid('validTo') });
    }
    expect(amountCoupon(100, { validTo: '2099-12-31' }).success).toBe(true);
  });

  test('paiseOfRupeesInput is the one reading of money a client sends: whole paise in range, or nothing', () => {
    expect(paiseOfRupeesInput(499.5)).toBe(49_950);
    expect(paiseOfRupeesInput('1.005')).toBe(101);
    expect(paiseOfRupeesInput(1e308)).toBeUndefined();
    expect(paiseOfRupeesInput(Number.NaN)).toBeUndefined();
    expect(paiseOfRupeesInput(true)).toBeUndefined();
    expect(paiseOfRupeesInput(0, { minPaise: 1 })).toBeUndefined();
    expect(paiseOfRupeesInput(1_000_000.004)).toBe(MAX_MONEY_PAISE);
    expect(paiseOfRupeesInput(1_000_000.005)).toBeUndefined();
  });
});
