import {
  amountInWords,
  hsnCodeOf,
  isIntraState,
  placeOfSupplyOf,
  prorate,
  rateBpToPercent,
  type SellerDetails,
} from '@shop/proto-contracts';
import type { InvoiceRow } from '../db/schema';
import type { Order } from './order.model';

export interface TaxInvoiceLine {
  no: number;
  description: string;
  hsn: string;
  quantity: number;
  unitPricePaise: number;
  /** The line's GST rate in percent (18 on every line of orders from before decision 0045). */
  ratePercent: number;
  /** The line's share of the order's discounts. */
  discountPaise: number;
  taxablePaise: number;
  /** CGST and SGST (intra-state) or IGST in `igstPaise` (inter-state); the others are 0. */
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
}

/** Everything a GST tax invoice prints, money in paise; the lines add up to the order's figures exactly. */
export interface TaxInvoice {
  /** A tax invoice, or a credit note in the invoice's shape (decision 0048). */
  kind: 'invoice' | 'credit-note';
  /** A credit note: the invoice it refers to. */
  invoiceNumber?: string;
  number: string;
  issuedAt: Date;
  orderId: string;
  seller: SellerDetails;
  buyer: { name: string; address: string; state: string; phone: string };
  placeOfSupply: string;
  intraState: boolean;
  /** Prices include GST (decision 0045): shipping is a taxed line and the lines' amounts are what was paid. */
  pricesIncludeGst: boolean;
  lines: TaxInvoiceLine[];
  /** The coupon whose discount is part of the lines' discounts, if the order used one. */
  coupon: { code: string; discountPaise: number } | null;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  /** Orders from before decision 0045: shipping charged outside the taxed lines (0 otherwise, where it is a line). */
  shippingPaise: number;
  /** Cash round off to the whole rupee (0 on orders from before decision 0045). */
  roundOffPaise: number;
  totalPaise: number;
  totalInWords: string;
}

/** GST of orders placed before decision 0045: 18% added on top of every price. */
const LEGACY_RATE_PERCENT = 18;

const describe = (item: Order['items'][number]) => {
  const options = [item.size && `Size ${item.size}`, item.color].filter(Boolean).join(', ');
  return options ? `${item.name} (${options})` : item.name;
};

/**
 * The invoice of an order whose prices include GST: every figure was worked out at checkout and
 * stored with the order (its rates then), so the invoice only prints them. Each line's amount is
 * what was paid for it (taxable + tax); shipping is a line at the rate it was taxed at, under the
 * HSN of the order's highest-rate line (decision 0045); the round off closes the total.
 */
function inclusiveLinesOf(order: Order, intraState: boolean, hsnByLine: Record<string, string>): TaxInvoiceLine[] {
  const split = (tax: number) => (intraState ? { cgstPaise: tax / 2, sgstPaise: tax / 2, igstPaise: 0 } : { cgstPaise: 0, sgstPaise: 0, igstPaise: tax });
  const lines = order.items.map((item, k): TaxInvoiceLine => ({
    no: k + 1,
    description: describe(item),
    hsn: item.hsnCode ?? hsnByLine[String(item.lineNo)] ?? hsnCodeOf(null),
    quantity: item.quantity,
    unitPricePaise: item.pricePaise,
    ratePercent: rateBpToPercent(item.gstRateBp ?? 0),
    discountPaise: item.discountPaise ?? 0,
    taxablePaise: item.taxablePaise ?? 0,
    ...split(item.taxPaise ?? 0),
    totalPaise: (item.taxablePaise ?? 0) + (item.taxPaise ?? 0),
  }));
  if (order.shippingPaise > 0) {
    const rateBp = order.shippingGstRateBp ?? 0;
    const principal = lines.find((_, k) => (order.items[k]!.gstRateBp ?? 0) === rateBp) ?? lines[0];
    const tax = order.shippingTaxPaise ?? 0;
    lines.push({
      no: lines.length + 1,
      description: 'Shipping (part of the supply)',
      hsn: principal?.hsn ?? '',
      quantity: 1,
      unitPricePaise: order.shippingPaise,
      ratePercent: rateBpToPercent(rateBp),
      discountPaise: 0,
      taxablePaise: order.shippingPaise - tax,
      ...split(tax),
      totalPaise: order.shippingPaise,
    });
  }
  return lines;
}

/**
 * The tax invoice of a delivered order: the order's discount is spread over its lines by value and
 * its GST by taxable value (largest remainder), so the lines' taxable values and taxes add up to
 * exactly what the order charged; intra-state supplies split each line's GST into CGST and SGST
 * halves, others are IGST. Shipping is printed as charged (the shop's tax is on goods only).
 */
export function taxInvoiceOf(order: Order, invoice: Pick<InvoiceRow, 'number' | 'issuedAt'>, seller: SellerDetails, hsnByLine: Record<string, string>): TaxInvoice {
  const intraState = isIntraState(seller.state, order.shipState);
  const lines = order.pricesIncludeGst ? inclusiveLinesOf(order, order.intraState ?? intraState, hsnByLine) : legacyLinesOf(order, intraState, hsnByLine);
  const sum = (pick: (l: TaxInvoiceLine) => number) => lines.reduce((s, l) => s + pick(l), 0);
  return {
    kind: 'invoice',
    number: invoice.number,
    issuedAt: invoice.issuedAt,
    orderId: order.id,
    seller,
    buyer: {
      name: order.userName || 'Customer',
      address: `${order.shipAddress}, ${order.shipCity}, ${order.shipState} ${order.shipPinCode}, ${order.shipCountry}`,
      state: order.shipState,
      phone: order.shipPhone,
    },
    placeOfSupply: placeOfSupplyOf(order.shipState),
    intraState: order.pricesIncludeGst ? (order.intraState ?? intraState) : intraState,
    pricesIncludeGst: order.pricesIncludeGst,
    lines,
    coupon: order.couponCode && order.couponDiscountPaise > 0 ? { code: order.couponCode, discountPaise: order.couponDiscountPaise } : null,
    taxablePaise: sum((l) => l.taxablePaise),
    cgstPaise: sum((l) => l.cgstPaise),
    sgstPaise: sum((l) => l.sgstPaise),
    igstPaise: sum((l) => l.igstPaise),
    shippingPaise: order.pricesIncludeGst ? 0 : order.shippingPaise,
    roundOffPaise: order.roundOffPaise,
    totalPaise: order.totalPaise,
    totalInWords: amountInWords(order.totalPaise),
  };
}

/** Orders from before decision 0045, invoiced exactly as they always were. */
function legacyLinesOf(order: Order, intraState: boolean, hsnByLine: Record<string, string>): TaxInvoiceLine[] {
  const gross = order.items.map((i) => i.pricePaise * i.quantity);
  const discounts = prorate(order.discountPaise + order.couponDiscountPaise, gross);
  const taxable = gross.map((g, k) => g - discounts[k]!);
  const taxes = prorate(order.taxPaise, taxable);
  return order.items.map((item, k): TaxInvoiceLine => {
    const tax = taxes[k]!;
    const cgst = intraState ? Math.ceil(tax / 2) : 0;
    const options = [item.size && `Size ${item.size}`, item.color].filter(Boolean).join(', ');
    return {
      no: k + 1,
      description: options ? `${item.name} (${options})` : item.name,
      hsn: hsnByLine[String(item.lineNo)] ?? hsnCodeOf(null),
      quantity: item.quantity,
      unitPricePaise: item.pricePaise,
      ratePercent: LEGACY_RATE_PERCENT,
      discountPaise: discounts[k]!,
      taxablePaise: taxable[k]!,
      cgstPaise: cgst,
      sgstPaise: intraState ? tax - cgst : 0,
      igstPaise: intraState ? 0 : tax,
      totalPaise: taxable[k]! + tax,
    };
  });
}
