import { SHOP_TIME_ZONE } from './order';

/**
 * GST tax invoices: numbering per financial year, HSN codes per top-level category, places of
 * supply, and the total in words. The order service renders the PDF; these rules are data here.
 */

export const INVOICE_PREFIX = 'SK';
/** Digits of the running number within a financial year (SK/2026-27/000123). */
export const INVOICE_NUMBER_DIGITS = 6;

/** The seller as printed on every invoice (settings; demo defaults in README). */
export interface SellerDetails {
  legalName: string;
  address: string;
  state: string;
  gstin: string;
}

export const DEMO_SELLER: SellerDetails = {
  legalName: 'ShopKart Retail Private Limited',
  address: '2nd Floor, 80 Feet Road, Koramangala, Bengaluru 560034',
  state: 'Karnataka',
  gstin: '29ABCDE1234F1Z5',
};

/** A GSTIN: 2-digit state code, 10-character PAN, entity number, 'Z', check character. */
export const GSTIN_PATTERN = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/**
 * The financial year (April–March) a moment falls in, on the Asia/Kolkata calendar: 31 March 2027
 * 23:59 IST is '2026-27', 1 April 2027 00:00 IST is '2027-28'.
 */
export function financialYearOf(at: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE, year: 'numeric', month: 'numeric' }).formatToParts(at);
  const year = Number(parts.find((p) => p.type === 'year')!.value);
  const month = Number(parts.find((p) => p.type === 'month')!.value);
  const start = month >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** SK/2026-27/000123. */
export function invoiceNumberOf(financialYear: string, sequence: number): string {
  return `${INVOICE_PREFIX}/${financialYear}/${String(sequence).padStart(INVOICE_NUMBER_DIGITS, '0')}`;
}

/**
 * HSN code per top-level category (by its name, as the catalog answers it), as decision 0026 set
 * it: kept unchanged for the invoices of orders placed before decision 0046, so their documents do
 * not change. Orders placed since carry each product's own code (gst.ts DEFAULT_HSN_BY_CATEGORY is
 * the default of new products).
 */
export const HSN_BY_CATEGORY: Readonly<Record<string, string>> = {
  'Kids & Toys': '9503',
  'Home & Kitchen': '7323',
  'Beauty & Health': '3304',
  'Jewellery & Accessories': '7117',
  Bags: '4202',
  Footwear: '6404',
  Watches: '9102',
  Grocery: '2106',
  Books: '4901',
  Lingerie: '6212',
  Men: '6205',
  Women: '6204',
  Stationery: '4820',
  // The category's name before it was spelt right: orders and products that still carry it.
  Stationary: '4820',
  Sports: '9506',
  Fitness: '9506',
  'Gifts & Gadget': '8543',
};
export const DEFAULT_HSN_CODE = '9619';

export function hsnCodeOf(categoryName: string | null | undefined): string {
  if (!categoryName) return DEFAULT_HSN_CODE;
  const wanted = categoryName.trim().toLowerCase();
  const hit = Object.entries(HSN_BY_CATEGORY).find(([name]) => name.toLowerCase() === wanted);
  return hit ? hit[1] : DEFAULT_HSN_CODE;
}

/** GST state codes (the first two digits of a GSTIN), for the place of supply. */
export const GST_STATE_CODES: Readonly<Record<string, string>> = {
  'Jammu and Kashmir': '01',
  'Himachal Pradesh': '02',
  Punjab: '03',
  Chandigarh: '04',
  Uttarakhand: '05',
  Haryana: '06',
  Delhi: '07',
  Rajasthan: '08',
  'Uttar Pradesh': '09',
  Bihar: '10',
  Sikkim: '11',
  'Arunachal Pradesh': '12',
  Nagaland: '13',
  Manipur: '14',
  Mizoram: '15',
  Tripura: '16',
  Meghalaya: '17',
  Assam: '18',
  'West Bengal': '19',
  Jharkhand: '20',
  Odisha: '21',
  Chhattisgarh: '22',
  'Madhya Pradesh': '23',
  Gujarat: '24',
  'Dadra and Nagar Haveli and Daman and Diu': '26',
  Maharashtra: '27',
  Karnataka: '29',
  Goa: '30',
  Lakshadweep: '31',
  Kerala: '32',
  'Tamil Nadu': '33',
  Puducherry: '34',
  'Andaman and Nicobar Islands': '35',
  Telangana: '36',
  'Andhra Pradesh': '37',
  Ladakh: '38',
};

const normState = (s: string) => s.trim().toLowerCase().replace(/&/g, 'and').replace(/[^a-z]+/g, ' ').trim();

/** 'Karnataka (29)' for a known state (any case, '&' or 'and'), else the state as written. */
export function placeOfSupplyOf(state: string): string {
  const hit = Object.entries(GST_STATE_CODES).find(([name]) => normState(name) === normState(state));
  return hit ? `${hit[0]} (${hit[1]})` : state.trim();
}

/** Whether a shipment stays within the seller's state (CGST + SGST) or crosses a state line (IGST). */
export function isIntraState(sellerState: string, shipState: string): boolean {
  return normState(sellerState) === normState(shipState);
}

const ONES = ['', 'One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten', 'Eleven', 'Twelve', 'Thirteen', 'Fourteen', 'Fifteen', 'Sixteen', 'Seventeen', 'Eighteen', 'Nineteen'];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

function belowHundred(n: number): string {
  if (n < 20) return ONES[n]!;
  return `${TENS[Math.floor(n / 10)]}${n % 10 ? `-${ONES[n % 10]}` : ''}`;
}

function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  return [hundreds ? `${ONES[hundreds]} Hundred` : '', rest ? belowHundred(rest) : ''].filter(Boolean).join(' ');
}

/** A whole number in words on the Indian system: 12,34,56,789 → 'Twelve Crore Thirty-Four Lakh Fifty-Six Thousand Seven Hundred Eighty-Nine'. */
export function numberInIndianWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`Cannot write ${n} in words`);
  if (n === 0) return 'Zero';
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1000);
  const rest = n % 1000;
  return [
    crore ? `${numberInIndianWords(crore)} Crore` : '',
    lakh ? `${belowHundred(lakh)} Lakh` : '',
    thousand ? `${belowHundred(thousand)} Thousand` : '',
    rest ? belowThousand(rest) : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** An amount in paise as an invoice writes it: 'Rupees One Lakh Two Thousand and Fifty Paise Only'. */
export function amountInWords(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0) throw new RangeError(`Bad amount ${paise}`);
  const rupees = Math.floor(paise / 100);
  const p = paise % 100;
  const words = `Rupees ${numberInIndianWords(rupees)}`;
  return p ? `${words} and ${belowHundred(p)} Paise Only` : `${words} Only`;
}

export const invoiceMessages = {
  notYetDelivered: 'The tax invoice is available once the order is delivered',
  invoiceNotFound: 'No tax invoice was issued for this order',
} as const;
