import {
  amountInWords,
  hsnCodeOf,
  isIntraState,
  placeOfSupplyOf,
  prorate,
  TAX_RATE_PERCENT,
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
  number: string;
  issuedAt: Date;
  orderId: string;
  seller: SellerDetails;
  buyer: { name: string; address: string; state: string; phone: string };
  placeOfSupply: string;
  intraState: boolean;
  /** 9 and 9 (CGST + SGST) or 18 (IGST). */
  ratePercent: { cgst: number; sgst: number; igst: number };
  lines: TaxInvoiceLine[];
  /** The coupon whose discount is part of the lines' discounts, if the order used one. */
  coupon: { code: string; discountPaise: number } | null;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  shippingPaise: number;
  totalPaise: number;
  totalInWords: string;
}

/**
 * The tax invoice of a delivered order: the order's discount is spread over its lines by value and
 * its GST by taxable value (largest remainder), so the lines' taxable values and taxes add up to
 * exactly what the order charged; intra-state supplies split each line's GST into CGST and SGST
 * halves, others are IGST. Shipping is printed as charged (the shop's tax is on goods only).
 */
export function taxInvoiceOf(order: Order, invoice: Pick<InvoiceRow, 'number' | 'issuedAt'>, seller: SellerDetails, hsnByLine: Record<string, string>): TaxInvoice {
  const gross = order.items.map((i) => i.pricePaise * i.quantity);
  const discounts = prorate(order.discountPaise + order.couponDiscountPaise, gross);
  const taxable = gross.map((g, k) => g - discounts[k]!);
  const taxes = prorate(order.taxPaise, taxable);
  const intraState = isIntraState(seller.state, order.shipState);
  const lines = order.items.map((item, k): TaxInvoiceLine => {
    const tax = taxes[k]!;
    const cgst = intraState ? Math.ceil(tax / 2) : 0;
    const options = [item.size && `Size ${item.size}`, item.color].filter(Boolean).join(', ');
    return {
      no: k + 1,
      description: options ? `${item.name} (${options})` : item.name,
      hsn: hsnByLine[String(item.lineNo)] ?? hsnCodeOf(null),
      quantity: item.quantity,
      unitPricePaise: item.pricePaise,
      discountPaise: discounts[k]!,
      taxablePaise: taxable[k]!,
      cgstPaise: cgst,
      sgstPaise: intraState ? tax - cgst : 0,
      igstPaise: intraState ? 0 : tax,
      totalPaise: taxable[k]! + tax,
    };
  });
  const sum = (pick: (l: TaxInvoiceLine) => number) => lines.reduce((s, l) => s + pick(l), 0);
  return {
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
    intraState,
    ratePercent: intraState ? { cgst: TAX_RATE_PERCENT / 2, sgst: TAX_RATE_PERCENT / 2, igst: 0 } : { cgst: 0, sgst: 0, igst: TAX_RATE_PERCENT },
    lines,
    coupon: order.couponCode && order.couponDiscountPaise > 0 ? { code: order.couponCode, discountPaise: order.couponDiscountPaise } : null,
    taxablePaise: sum((l) => l.taxablePaise),
    cgstPaise: sum((l) => l.cgstPaise),
    sgstPaise: sum((l) => l.sgstPaise),
    igstPaise: sum((l) => l.igstPaise),
    shippingPaise: order.shippingPaise,
    totalPaise: order.totalPaise,
    totalInWords: amountInWords(order.totalPaise),
  };
}
