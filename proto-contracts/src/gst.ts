/**
 * GST on prices that include it (decision 0045): the one place where an amount that includes GST is
 * split into its taxable value and its tax, where rates are looked up by HSN code, and where cash
 * totals are rounded to the rupee. Money is integer paise; rates are basis points (500 = 5%).
 */

/** A rate in basis points of a percent: 0, 300 (3%), 500, 1800, 4000. */
export type GstRateBp = number;

export const MAX_GST_RATE_BP = 10_000;

/** 1800 → 18, 25 → 0.25 (as APIs show a rate). */
export const rateBpToPercent = (bp: GstRateBp): number => bp / 100;

/** 18 → 1800, 0.25 → 25; a rate with more than 2 decimals or outside 0–100% is refused. */
export function ratePercentToBp(percent: number): GstRateBp {
  const bp = Math.round(percent * 100);
  if (!Number.isFinite(percent) || Math.abs(bp - percent * 100) > 1e-6 || bp < 0 || bp > MAX_GST_RATE_BP) {
    throw new RangeError(`Bad GST rate ${percent}`);
  }
  return bp;
}

function assertRate(bp: number): void {
  if (!Number.isSafeInteger(bp) || bp < 0 || bp > MAX_GST_RATE_BP) throw new RangeError(`Bad GST rate ${bp} bp`);
}

/** n ÷ d rounded half-up, for whole n ≥ 0 and d > 0, exactly (BigInt: no binary error at any size). */
function divideHalfUp(n: bigint, d: bigint): number {
  return Number((2n * n + d) / (2n * d));
}

/** How the GST contained in an inclusive value splits (all paise; cgst = sgst, or igst alone). */
export interface GstSplit {
  /** The inclusive value: taxable + cgst + sgst + igst. */
  valuePaise: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  /** cgst + sgst + igst. */
  taxPaise: number;
}

/**
 * THE rounding rule of the shop's GST (decision 0045): the tax contained in an inclusive value V at
 * rate r is V − V ÷ (1 + r); each tax that is printed is rounded half-up to the paisa on its own —
 * within the seller's state CGST and SGST are each V × (r/2) ÷ (1 + r), so they are always equal;
 * across states IGST is V × r ÷ (1 + r) — and the taxable value is what is left, so
 * taxable + tax = V exactly.
 */
export function gstOfInclusive(valuePaise: number, rateBp: GstRateBp, intraState: boolean): GstSplit {
  if (!Number.isSafeInteger(valuePaise) || valuePaise < 0) throw new RangeError('value must be whole paise ≥ 0');
  assertRate(rateBp);
  const v = BigInt(valuePaise);
  const d = BigInt(10_000 + rateBp);
  if (intraState) {
    // V × (bp/2) ÷ (10000 + bp) = V × bp ÷ (2 × (10000 + bp)).
    const half = divideHalfUp(v * BigInt(rateBp), 2n * d);
    return { valuePaise, taxablePaise: valuePaise - 2 * half, cgstPaise: half, sgstPaise: half, igstPaise: 0, taxPaise: 2 * half };
  }
  const igst = divideHalfUp(v * BigInt(rateBp), d);
  return { valuePaise, taxablePaise: valuePaise - igst, cgstPaise: 0, sgstPaise: 0, igstPaise: igst, taxPaise: igst };
}

/**
 * A cash total rounded to the nearest whole rupee (half a rupee up): the "Round off" line is
 * rounded − exact, between −49 and +50 paise.
 */
export function roundOffOf(totalPaise: number): number {
  if (!Number.isSafeInteger(totalPaise) || totalPaise < 0) throw new RangeError('total must be whole paise ≥ 0');
  const rupees = Math.floor((totalPaise + 50) / 100);
  return rupees * 100 - totalPaise;
}

/** HSN codes are 4, 6 or 8 digits (chapter heading, sub-heading, tariff item). */
export const HSN_PATTERN = /^(\d{4}|\d{6}|\d{8})$/;
export const isValidHsn = (code: string): boolean => HSN_PATTERN.test(code);

/**
 * One row of the rate table: products whose HSN code starts with `hsnPrefix` pay `rateBp`, when the
 * taxable value of one piece at that rate is at most `upToPaise` (null: any value). The most
 * specific prefix wins; among its rows, the lowest limit the piece fits under.
 */
export interface GstRateRule {
  hsnPrefix: string;
  upToPaise: number | null;
  rateBp: GstRateBp;
  description: string;
}

/** A rate when no row of the table matches an HSN code: the standard rate of GST 2.0. */
export const STANDARD_GST_RATE_BP: GstRateBp = 1800;

/**
 * The rate of one piece sold at `unitPricePaise` (incl. GST) under HSN `hsn`. A threshold such as
 * "apparel up to ₹2,500 a piece: 5%" is on the piece's value before tax, so an inclusive price
 * P fits the 5% row when P ÷ 1.05 ≤ ₹2,500 (P ≤ ₹2,625). Exact integer comparison.
 */
export function gstRateFor(hsn: string, unitPricePaise: number, rules: readonly GstRateRule[]): GstRateBp {
  let best: GstRateRule[] = [];
  for (const rule of rules) {
    if (!hsn.startsWith(rule.hsnPrefix)) continue;
    if (best.length === 0 || rule.hsnPrefix.length > best[0]!.hsnPrefix.length) best = [rule];
    else if (rule.hsnPrefix.length === best[0]!.hsnPrefix.length) best.push(rule);
  }
  if (best.length === 0) return STANDARD_GST_RATE_BP;
  const ordered = [...best].sort((a, b) => (a.upToPaise ?? Infinity) - (b.upToPaise ?? Infinity));
  for (const rule of ordered) {
    // P × 10000 ≤ limit × (10000 + bp)  ⇔  P ÷ (1 + r) ≤ limit.
    if (rule.upToPaise === null || BigInt(unitPricePaise) * 10_000n <= BigInt(rule.upToPaise) * BigInt(10_000 + rule.rateBp)) return rule.rateBp;
  }
  return ordered[ordered.length - 1]!.rateBp;
}

/**
 * The GST 2.0 rates (in force from 22 September 2025) for what the shop sells, as seeded into the
 * catalog's rate table; staff (admin) edit the table afterwards. Sources in decision 0046.
 */
export const GST_2_0_RATES: readonly GstRateRule[] = [
  { hsnPrefix: '61', upToPaise: 250_000, rateBp: 500, description: 'Knitted apparel, sale value up to ₹2,500 a piece' },
  { hsnPrefix: '61', upToPaise: null, rateBp: 1800, description: 'Knitted apparel above ₹2,500 a piece' },
  { hsnPrefix: '62', upToPaise: 250_000, rateBp: 500, description: 'Woven apparel, sale value up to ₹2,500 a piece' },
  { hsnPrefix: '62', upToPaise: null, rateBp: 1800, description: 'Woven apparel above ₹2,500 a piece' },
  { hsnPrefix: '63', upToPaise: 250_000, rateBp: 500, description: 'Made-up textiles (bed linen, curtains, cushion covers) up to ₹2,500 a piece' },
  { hsnPrefix: '63', upToPaise: null, rateBp: 1800, description: 'Made-up textiles above ₹2,500 a piece' },
  { hsnPrefix: '64', upToPaise: 250_000, rateBp: 500, description: 'Footwear, sale value up to ₹2,500 a pair' },
  { hsnPrefix: '64', upToPaise: null, rateBp: 1800, description: 'Footwear above ₹2,500 a pair' },
  { hsnPrefix: '50', upToPaise: null, rateBp: 500, description: 'Silk fabrics (sarees)' },
  { hsnPrefix: '52', upToPaise: null, rateBp: 500, description: 'Cotton fabrics (sarees, suit material)' },
  { hsnPrefix: '54', upToPaise: null, rateBp: 500, description: 'Synthetic filament fabrics (sarees)' },
  { hsnPrefix: '4901', upToPaise: null, rateBp: 0, description: 'Printed books' },
  { hsnPrefix: '4820', upToPaise: null, rateBp: 0, description: 'Exercise books, notebooks, drawing books' },
  { hsnPrefix: '48201090', upToPaise: null, rateBp: 1800, description: 'Diaries, registers and the like' },
  { hsnPrefix: '9609', upToPaise: null, rateBp: 0, description: 'Pencils, crayons, pastels, chalks' },
  { hsnPrefix: '3213', upToPaise: null, rateBp: 500, description: "Artists' and students' colours" },
  { hsnPrefix: '7113', upToPaise: null, rateBp: 300, description: 'Jewellery of precious metal' },
  { hsnPrefix: '7117', upToPaise: null, rateBp: 300, description: 'Imitation jewellery' },
  { hsnPrefix: '1006', upToPaise: null, rateBp: 500, description: 'Rice, pre-packaged and labelled' },
  { hsnPrefix: '1101', upToPaise: null, rateBp: 500, description: 'Wheat flour (atta), pre-packaged and labelled' },
  { hsnPrefix: '0713', upToPaise: null, rateBp: 500, description: 'Pulses (dal), pre-packaged and labelled' },
  { hsnPrefix: '1514', upToPaise: null, rateBp: 500, description: 'Mustard and rapeseed oil' },
  { hsnPrefix: '0901', upToPaise: null, rateBp: 500, description: 'Coffee' },
  { hsnPrefix: '0902', upToPaise: null, rateBp: 500, description: 'Tea' },
  { hsnPrefix: '22029920', upToPaise: null, rateBp: 500, description: 'Fruit pulp or juice based drinks' },
  { hsnPrefix: '1704', upToPaise: null, rateBp: 500, description: 'Sugar confectionery' },
  { hsnPrefix: '1806', upToPaise: null, rateBp: 500, description: 'Chocolate' },
  { hsnPrefix: '2008', upToPaise: null, rateBp: 500, description: 'Nuts and seeds, roasted or prepared (makhana, peanuts)' },
  { hsnPrefix: '2106', upToPaise: null, rateBp: 500, description: 'Food preparations n.e.s. (namkeen, bhujia, sweetmeats)' },
  { hsnPrefix: '3305', upToPaise: null, rateBp: 500, description: 'Shampoo, hair oil' },
  { hsnPrefix: '3306', upToPaise: null, rateBp: 500, description: 'Toothpaste' },
  { hsnPrefix: '3401', upToPaise: null, rateBp: 500, description: 'Toilet soap' },
  { hsnPrefix: '3304', upToPaise: null, rateBp: 1800, description: 'Beauty and make-up preparations' },
  { hsnPrefix: '7323', upToPaise: null, rateBp: 500, description: 'Kitchen and household ware of iron or steel' },
  { hsnPrefix: '7615', upToPaise: null, rateBp: 500, description: 'Kitchen and household ware of aluminium' },
  { hsnPrefix: '7418', upToPaise: null, rateBp: 500, description: 'Household articles of copper and brass' },
  { hsnPrefix: '96031000', upToPaise: null, rateBp: 0, description: 'Brooms of twigs or other vegetable materials' },
  { hsnPrefix: '9503', upToPaise: null, rateBp: 500, description: 'Toys' },
  { hsnPrefix: '9506', upToPaise: null, rateBp: 500, description: 'Sports goods and fitness equipment' },
  { hsnPrefix: '4414', upToPaise: null, rateBp: 500, description: 'Wooden frames for photographs' },
  { hsnPrefix: '8306', upToPaise: null, rateBp: 500, description: 'Statuettes of base metal' },
  { hsnPrefix: '3406', upToPaise: null, rateBp: 500, description: 'Candles' },
  { hsnPrefix: '9004', upToPaise: null, rateBp: 500, description: 'Spectacles and goggles for correcting vision' },
  { hsnPrefix: '90041000', upToPaise: null, rateBp: 1800, description: 'Sunglasses' },
  { hsnPrefix: '4202', upToPaise: null, rateBp: 1800, description: 'Bags, wallets, cases' },
  { hsnPrefix: '9102', upToPaise: null, rateBp: 1800, description: 'Wrist and pocket watches' },
  { hsnPrefix: '8517', upToPaise: null, rateBp: 1800, description: 'Smart watches, phones' },
  { hsnPrefix: '8516', upToPaise: null, rateBp: 1800, description: 'Electric hair straighteners, kettles, irons' },
  { hsnPrefix: '8518', upToPaise: null, rateBp: 1800, description: 'Earbuds, speakers' },
];

/**
 * The default HSN code of a product in a top-level category (by name, as the catalog answers it)
 * when staff did not give one: the heading of what the category mostly sells. Staff correct a
 * product's code on its page; an unknown category has no default and the product must be given one.
 */
export const DEFAULT_HSN_BY_CATEGORY: Readonly<Record<string, string>> = {
  'Kids & Toys': '9503',
  'Home & Kitchen': '7323',
  'Beauty & Health': '3304',
  'Jewellery & Accessories': '7117',
  Bags: '4202',
  Footwear: '6403',
  Watches: '9102',
  Grocery: '2106',
  Books: '4901',
  Lingerie: '6108',
  Men: '6109',
  Women: '6204',
  Stationery: '4820',
  // The category's name before it was spelt right: orders and products that still carry it.
  Stationary: '4820',
  Sports: '9506',
  Fitness: '9506',
  'Gifts & Gadget': '8518',
};

/** The HSN a product of this category gets when none is given (the standard fallback: Gifts & Gadget's). */
export function defaultHsnOf(categoryName: string | null | undefined): string {
  const wanted = (categoryName ?? '').trim().toLowerCase();
  const hit = Object.entries(DEFAULT_HSN_BY_CATEGORY).find(([name]) => name.toLowerCase() === wanted);
  return hit ? hit[1] : '8518';
}

export const gstMessages = {
  badHsn: 'HSN code must be 4, 6 or 8 digits',
  badRate: 'GST rate must be one of 0, 0.25, 1.5, 3, 5, 18 or 40 percent',
  badLimit: 'The price limit must be whole paise above 0, or empty',
  rateNotFound: 'No such GST rate',
  rateExists: 'A rate for this HSN prefix and price limit exists already',
} as const;

/** The rates GST 2.0 knows (percent). */
export const GST_SLABS_PERCENT = [0, 0.25, 1.5, 3, 5, 18, 40] as const;
