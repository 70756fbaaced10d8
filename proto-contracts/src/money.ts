/**
 * Money rules of the shop, in one place (money is integer paise in code and storage;
 * APIs show rupees with 2 decimals; rounding is half-up to the paisa).
 */

export const PAISE_PER_RUPEE = 100;

/**
 * The most money one amount a client sends may be, in paise (decision 0098): ₹10,00,000, the
 * largest price, coupon and payment. Prices are stored in 4-byte integer columns (at most
 * 2,147,483,647 paise), and an order's sums (100 pieces of 50 lines at this price) stay far inside
 * JavaScript's exact integers and the order tables' bigint columns.
 */
export const MAX_MONEY_PAISE = 100_000_000;

/**
 * Rounds to `decimals` places, halves away from zero (commercial rounding: 2.345 → 2.35,
 * -2.345 → -2.35). Works on the decimal text of the number, so values that binary floating point
 * holds a hair below the half (1.005, 8.345) still round up as a person would expect.
 */
export function roundHalfUp(value: number, decimals = 0): number {
  if (!Number.isFinite(value)) throw new RangeError(`Cannot round ${value}`);
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 10) throw new RangeError(`Bad number of decimals ${decimals}`);
  const sign = value < 0 ? -1 : 1;
  const shifted = Number(shiftDecimal(Math.abs(value), decimals));
  // Math.round rounds .5 up for positive numbers, which is what half-away-from-zero needs on |value|.
  const rounded = Math.round(shifted);
  const result = Number(shiftDecimal(rounded, -decimals)) * sign;
  return Object.is(result, -0) ? 0 : result;
}

/** `value × 10^places` by editing the exponent of its decimal text (no binary multiplication error). */
function shiftDecimal(value: number, places: number): string {
  const [mantissa, exponent = '0'] = String(value).split('e');
  return `${mantissa}e${Number(exponent) + places}`;
}

/**
 * Rupees (as typed or sent: 499, 499.5, 1.005) to integer paise, half-up to the paisa. Beyond
 * whole paise JavaScript can hold exactly it throws rather than answer NaN or a rounded guess.
 */
export function rupeesToPaise(rupees: number): number {
  const paise = Math.round(Number(shiftDecimal(roundHalfUp(rupees, 2), 2)));
  if (!Number.isSafeInteger(paise)) throw new RangeError(`Cannot hold ${rupees} rupees as whole paise`);
  return Object.is(paise, -0) ? 0 : paise;
}

/**
 * An amount of rupees a client sent (a number, or numeric text from a form: "499.50") as paise,
 * when it is one from `minPaise` to `maxPaise` (0 to MAX_MONEY_PAISE unless said); undefined for
 * anything else (text, NaN, Infinity, 1e308, negative, too large), so a caller answers a 400.
 * The range is checked in rupees before converting, so no huge value reaches the arithmetic.
 */
export function paiseOfRupeesInput(value: unknown, { minPaise = 0, maxPaise = MAX_MONEY_PAISE }: { minPaise?: number; maxPaise?: number } = {}): number | undefined {
  const rupees = typeof value === 'string' && /^\d{1,12}(\.\d{1,12})?$/.test(value.trim()) ? Number(value.trim()) : value;
  if (typeof rupees !== 'number' || !Number.isFinite(rupees) || rupees < 0 || rupees > maxPaise / PAISE_PER_RUPEE + 1) return undefined;
  const paise = rupeesToPaise(rupees);
  return paise >= minPaise && paise <= maxPaise ? paise : undefined;
}

/** Integer paise to rupees with (at most) 2 decimals, as the APIs show them: 49950 → 499.5. */
export function paiseToRupees(paise: number): number {
  if (!Number.isSafeInteger(paise)) throw new RangeError(`Paise must be a whole number, got ${paise}`);
  // The quotient of two exact integers is rounded once, to the double nearest 49950 / 100: the same
  // number as reading the text "49950e-2" gives (decision 0039: this runs for every price shown).
  return paise / PAISE_PER_RUPEE;
}

export const MAX_DISCOUNT_PERCENT = 90;

/**
 * The MRP (the spec's oldPrice) that a selling price and a discount percent imply:
 * price × 100 / (100 − discount), rounded half-up to the whole rupee, because an MRP is printed
 * in whole rupees (₹799 at 20% off shows an MRP of ₹999, not ₹998.75). Without a discount it is
 * the price itself; it is never below the price. Integer arithmetic, so the result is exact.
 */
export function mrpFromPrice(pricePaise: number, discountPercent: number): number {
  if (!Number.isSafeInteger(pricePaise) || pricePaise < 0) throw new RangeError(`Bad price ${pricePaise}`);
  if (!Number.isInteger(discountPercent) || discountPercent < 0 || discountPercent > MAX_DISCOUNT_PERCENT) {
    throw new RangeError(`Bad discount ${discountPercent}`);
  }
  if (discountPercent === 0) return pricePaise;
  // Half-up on integers, in rupees: floor((2n + d) / 2d) with n = price × 100 / 100 (paise → rupees).
  const numerator = pricePaise; // price × 100 (percent) / 100 (paise per rupee)
  const denominator = 100 - discountPercent;
  const rupees = Math.floor((2 * numerator + denominator) / (2 * denominator));
  return Math.max(pricePaise, rupees * PAISE_PER_RUPEE);
}

/** The discount percent a price and an MRP show, rounded half-up to a whole percent. */
export function discountPercentOf(pricePaise: number, mrpPaise: number): number {
  if (mrpPaise <= 0 || pricePaise >= mrpPaise) return 0;
  return Math.floor(((mrpPaise - pricePaise) * 200 + mrpPaise) / (2 * mrpPaise));
}

/** What the shopper saves against the MRP; never below 0 (spec: cart saving). */
export function savingPaise(pricePaise: number, mrpPaise: number): number {
  return Math.max(0, mrpPaise - pricePaise);
}
