import { discountPercentOf, mrpFromPrice, paiseToRupees, roundHalfUp, rupeesToPaise, savingPaise } from './money';

/** Every n-th integer in [from, to], for sweeping invariants without a library. */
const sweep = (from: number, to: number, step: number) => Array.from({ length: Math.floor((to - from) / step) + 1 }, (_, i) => from + i * step);
const discounts = sweep(0, 90, 1);
const prices = [...sweep(100, 20_000, 37), ...sweep(20_000, 1_000_000, 4_999), 4_900, 49_999, 50_000, 100_000, 999_900];

describe('roundHalfUp', () => {
  it('rounds halves away from zero, as written in decimal', () => {
    expect([roundHalfUp(2.5), roundHalfUp(-2.5), roundHalfUp(2.4999)]).toEqual([3, -3, 2]);
    expect([roundHalfUp(1.005, 2), roundHalfUp(8.345, 2), roundHalfUp(1.0049, 2)]).toEqual([1.01, 8.35, 1]);
    expect([roundHalfUp(1e-7, 2), roundHalfUp(123456.785, 2)]).toEqual([0, 123456.79]);
  });

  it('refuses what cannot be money', () => {
    expect(() => roundHalfUp(Number.NaN)).toThrow(RangeError);
    expect(() => roundHalfUp(1, 1.5)).toThrow(RangeError);
  });
});

describe('rupees and paise', () => {
  it('round-trip every paisa amount exactly', () => {
    for (const paise of [...sweep(0, 200_000, 1), 99_999_999, 123_456_789]) {
      if (rupeesToPaise(paiseToRupees(paise)) !== paise) throw new Error(`round trip broke at ${paise}`);
    }
  });

  it('convert typed rupees half-up to the paisa, without float noise', () => {
    expect([rupeesToPaise(499), rupeesToPaise(499.5), rupeesToPaise(0.1 + 0.2), rupeesToPaise(1.005), rupeesToPaise(1000.004)]).toEqual([49_900, 49_950, 30, 101, 100_000]);
    expect(paiseToRupees(49_999)).toBe(499.99);
  });
});

describe('mrpFromPrice (oldPrice derived from price and discount)', () => {
  it('is the price itself without a discount', () => {
    for (const price of prices) expect(mrpFromPrice(price, 0)).toBe(price);
  });

  it('is a whole rupee within 50 paise of price × 100 / (100 − discount), never below the price', () => {
    for (const price of prices) {
      for (const d of discounts.slice(1)) {
        const mrp = mrpFromPrice(price, d);
        const exact = (price * 100) / (100 - d);
        const rounded = mrp % 100 === 0 && Math.abs(mrp - exact) <= 50;
        // Only a price with paise and a tiny discount can round below itself; then the MRP is the price.
        const heldAtPrice = mrp === price && Math.round(exact / 100) * 100 < price;
        if (mrp < price || !(rounded || heldAtPrice)) throw new Error(`price ${price} discount ${d}: mrp ${mrp}`);
      }
    }
  });

  it('shows back the discount it was made from (to the percent) for prices of ₹100 and more', () => {
    for (const price of prices.filter((p) => p >= 10_000)) {
      for (const d of discounts) {
        const shown = discountPercentOf(price, mrpFromPrice(price, d));
        if (Math.abs(shown - d) > 1) throw new Error(`price ${price} discount ${d}: shows ${shown}`);
      }
    }
  });

  it('grows with the discount', () => {
    for (const price of prices) {
      for (const d of discounts.slice(1)) if (mrpFromPrice(price, d) < mrpFromPrice(price, d - 1)) throw new Error(`price ${price} at ${d}`);
    }
  });

  it('gives the MRPs a shopper expects', () => {
    expect([mrpFromPrice(79_900, 20), mrpFromPrice(60_000, 25), mrpFromPrice(64_900, 45), mrpFromPrice(4_900, 5)]).toEqual([99_900, 80_000, 118_000, 5_200]);
  });

  it('refuses a discount outside 0–90 and a price that is not whole paise', () => {
    expect(() => mrpFromPrice(100, 91)).toThrow(RangeError);
    expect(() => mrpFromPrice(100, -1)).toThrow(RangeError);
    expect(() => mrpFromPrice(10.5, 10)).toThrow(RangeError);
  });
});

describe('savingPaise', () => {
  it('is the MRP minus the price, never below 0', () => {
    expect(savingPaise(79_900, 99_900)).toBe(20_000);
    expect(savingPaise(10_000, 9_000)).toBe(0);
  });
});
