import { GST_2_0_RATES, gstRateFor, isValidHsn, ratePercentToBp, roundOffOf } from './gst';

describe('GST rates by HSN (GST 2.0 seed, decision 0046)', () => {
  test('the slabs of what the shop sells', () => {
    const rate = (hsn: string, rupees: number) => gstRateFor(hsn, rupees * 100, GST_2_0_RATES) / 100;
    expect(rate('6109', 349)).toBe(5); // knitted T-shirt
    expect(rate('4820', 99)).toBe(0); // notebook
    expect(rate('4901', 450)).toBe(0); // printed book
    expect(rate('9102', 1_499)).toBe(18); // wrist watch
    expect(rate('7113', 25_000)).toBe(3); // gold jewellery
    expect(rate('4202', 899)).toBe(18); // leather wallet
    expect(rate('99999999', 100)).toBe(18); // not in the table: the standard rate
  });

  test('apparel is 5% while a piece is worth ₹2,500 before tax (₹2,625 with it), 18% above', () => {
    expect(gstRateFor('62044200', 262_500, GST_2_0_RATES)).toBe(500);
    expect(gstRateFor('62044200', 262_501, GST_2_0_RATES)).toBe(1800);
    expect(gstRateFor('6403', 300_000, GST_2_0_RATES)).toBe(1800);
  });

  test('HSN codes are 4, 6 or 8 digits; rates have at most 2 decimals', () => {
    expect(['4202', '420231', '42023120'].every(isValidHsn)).toBe(true);
    expect(['420', '42023', '4202312', '42023120X', ' 4202', ''].some(isValidHsn)).toBe(false);
    expect(ratePercentToBp(0.25)).toBe(25);
    expect(() => ratePercentToBp(5.125)).toThrow(RangeError);
    expect(() => ratePercentToBp(101)).toThrow(RangeError);
  });

  test('round off to the nearest rupee, half a rupee up', () => {
    expect([roundOffOf(188_875), roundOffOf(82_982), roundOffOf(150_050), roundOffOf(150_049), roundOffOf(150_000)]).toEqual([25, 18, 50, -49, 0]);
  });
});
