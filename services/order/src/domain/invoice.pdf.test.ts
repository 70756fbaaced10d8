import { randomUUID } from 'node:crypto';
import { DEMO_SELLER, priceOrder } from '@shop/proto-contracts';
import { pdfText } from '../testing/pdf-text';
import { taxInvoiceOf } from './invoice.model';
import { renderInvoicePdf } from './invoice.pdf';
import type { Order } from './order.model';

const at = new Date('2026-11-20T10:00:00Z');

function order(overrides: Partial<Order> = {}): Order {
  const id = randomUUID();
  return {
    id,
    userId: randomUUID(),
    userEmail: 'a@example.in',
    userName: 'Asha Kumar',
    status: 'delivered',
    shipAddress: '12, MG Road',
    shipCity: 'Bengaluru',
    shipState: 'Karnataka',
    shipCountry: 'India',
    shipPinCode: 560038,
    shipPhone: '9876543210',
    paymentMethod: 'COD',
    paymentStatus: 'Paid',
    paymentId: null,
    // 2 × 1000 + 1 × 500 = 2500; 10% off = 250; GST 18% of 2250 = 405; + 5.
    itemsPaise: 250000,
    discountPaise: 25000,
    couponCode: null,
    couponDiscountPaise: 0,
    taxPaise: 40500,
    shippingPaise: 500,
    totalPaise: 266000,
    // An order from before prices included GST (decision 0045): its invoice stays as it was.
    pricesIncludeGst: false,
    roundOffPaise: 0,
    intraState: null,
    shippingGstRateBp: null,
    shippingTaxPaise: null,
    courier: null,
    trackingNumber: null,
    buyerEmailVerified: true,
    archivedAt: null,
    idempotencyKey: null,
    estimatedDelivery: null,
    paidAt: at,
    shippedAt: at,
    deliveredAt: at,
    cancelledAt: null,
    createdAt: at,
    updatedAt: at,
    items: [
      { orderId: id, lineNo: 0, productId: randomUUID(), name: 'Linen Shirt', image: null, pricePaise: 100000, quantity: 2, size: 'M', color: 'Blue', categoryId: 'men', categoryName: 'Men', hsnCode: null, gstRateBp: null, discountPaise: null, taxablePaise: null, taxPaise: null },
      { orderId: id, lineNo: 1, productId: randomUUID(), name: 'Steel Bottle', image: null, pricePaise: 50000, quantity: 1, size: null, color: null, categoryId: null, categoryName: null, hsnCode: null, gstRateBp: null, discountPaise: null, taxablePaise: null, taxPaise: null },
    ],
    ...overrides,
  };
}

describe('tax invoice of an order from before prices included GST (unchanged figures)', () => {
  test('within the seller’s state: lines carry HSN, taxable value and CGST + SGST that add up to the order', () => {
    const inv = taxInvoiceOf(order(), { number: 'SK/2026-27/000007', issuedAt: at }, DEMO_SELLER, { '0': '6205', '1': '7323' });
    expect(inv.intraState).toBe(true);
    expect(inv.lines.map((l) => [l.hsn, l.taxablePaise, l.cgstPaise, l.sgstPaise, l.igstPaise])).toEqual([
      ['6205', 180000, 16200, 16200, 0],
      ['7323', 45000, 4050, 4050, 0],
    ]);
    expect(inv.taxablePaise + inv.cgstPaise + inv.sgstPaise + inv.shippingPaise).toBe(inv.totalPaise);
    expect(inv.placeOfSupply).toBe('Karnataka (29)');
    expect(inv.totalInWords).toBe('Rupees Two Thousand Six Hundred Sixty Only');
  });

  test('to another state: IGST 18%, and odd paise still add up exactly', () => {
    const o = order({ shipState: 'tamil nadu', itemsPaise: 99999, discountPaise: 0, taxPaise: 18000, totalPaise: 118499 });
    o.items = [
      { ...o.items[0]!, pricePaise: 33333, quantity: 1 },
      { ...o.items[1]!, pricePaise: 33333, quantity: 2 },
    ];
    const inv = taxInvoiceOf(o, { number: 'SK/2026-27/000008', issuedAt: at }, DEMO_SELLER, {});
    expect(inv.intraState).toBe(false);
    expect(inv.cgstPaise + inv.sgstPaise).toBe(0);
    expect(inv.igstPaise).toBe(18000);
    expect(inv.lines.map((l) => l.igstPaise)).toEqual([6000, 12000]);
    expect(inv.placeOfSupply).toBe('Tamil Nadu (33)');
    expect(inv.lines.every((l) => l.hsn === '9619')).toBe(true);
  });

  test('the PDF reads back with the seller, number, buyer, place of supply, lines, taxes and the total in words', async () => {
    const inv = taxInvoiceOf(order(), { number: 'SK/2026-27/000007', issuedAt: at }, DEMO_SELLER, { '0': '6205', '1': '7323' });
    const pdf = await renderInvoicePdf(inv);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(pdf);
    for (const expected of [
      'Tax Invoice',
      'ShopKart Retail Private Limited',
      'GSTIN: 29ABCDE1234F1Z5',
      'Invoice number: SK/2026-27/000007',
      'Invoice date: 20 Nov 2026',
      'Place of supply: Karnataka (29)',
      'Asha Kumar',
      '12, MG Road, Bengaluru, Karnataka 560038, India',
      '1 Linen Shirt (Size M, Blue) 6205 2 1,000.00 200.00 1,800.00 18% 162.00 162.00 2,124.00',
      'CGST Rs. 202.50',
      'SGST Rs. 202.50',
      'Shipping Rs. 5.00',
      'Invoice total Rs. 2,660.00',
      'Amount in words: Rupees Two Thousand Six Hundred Sixty Only',
    ]) {
      expect(text).toContain(expected);
    }
  });

  test('a coupon’s discount is spread over the lines with the first-order discount, and the invoice names the coupon', async () => {
    // 2500 − 250 (first order) − 225 (SAVE10: 10% of 2250) = 2025 taxable; GST 364.50; + 5 = 2394.50.
    const o = order({ couponCode: 'SAVE10', couponDiscountPaise: 22500, taxPaise: 36450, totalPaise: 239450 });
    const inv = taxInvoiceOf(o, { number: 'SK/2026-27/000009', issuedAt: at }, DEMO_SELLER, {});
    expect(inv.lines.map((l) => l.discountPaise)).toEqual([38000, 9500]);
    expect(inv.taxablePaise).toBe(202500);
    expect(inv.taxablePaise + inv.cgstPaise + inv.sgstPaise + inv.shippingPaise).toBe(inv.totalPaise);
    const text = await pdfText(await renderInvoicePdf(inv));
    expect(text).toContain('Coupon SAVE10 (in Discount) Rs. 225.00');
    expect(text).toContain('Invoice total Rs. 2,394.50');
  });
});

/** An order placed with prices that include GST, priced by the checkout's own function. */
function inclusiveOrder(shipState: string, firstOrder: boolean): Order {
  const base = order({ shipState });
  const lines = [
    { name: 'Round Neck Cotton T-Shirt', hsn: '6109', unitPricePaise: 34_900, quantity: 2, gstRateBp: 500 },
    { name: 'Ruled Notebooks Pack of 6', hsn: '4820', unitPricePaise: 19_900, quantity: 1, gstRateBp: 0 },
    { name: 'Analog Watch with Leather Strap', hsn: '9102', unitPricePaise: 149_900, quantity: 1, gstRateBp: 1800 },
  ];
  const intraState = shipState === 'Karnataka';
  const p = priceOrder(lines, { firstOrder, intraState, cash: true });
  return {
    ...base,
    itemsPaise: p.itemsPaise,
    discountPaise: p.discountPaise,
    taxPaise: p.taxPaise,
    shippingPaise: p.shippingPaise,
    totalPaise: p.totalPaise,
    pricesIncludeGst: true,
    roundOffPaise: p.roundOffPaise,
    intraState,
    shippingGstRateBp: p.shipping.rateBp,
    shippingTaxPaise: p.shipping.taxPaise,
    items: lines.map((l, k) => ({
      orderId: base.id,
      lineNo: k,
      productId: randomUUID(),
      name: l.name,
      image: null,
      pricePaise: l.unitPricePaise,
      quantity: l.quantity,
      size: null,
      color: null,
      categoryId: null,
      categoryName: null,
      hsnCode: l.hsn,
      gstRateBp: l.gstRateBp,
      discountPaise: p.lines[k]!.discountPaise,
      taxablePaise: p.lines[k]!.taxablePaise,
      taxPaise: p.lines[k]!.taxPaise,
    })),
  };
}

describe('tax invoice of an order whose prices include GST (decision 0045)', () => {
  test('each line at its own rate (T-shirt 5%, notebook 0%, watch 18%), shipping as a line, round off: everything adds up to what was paid', async () => {
    const o = inclusiveOrder('Karnataka', true);
    const inv = taxInvoiceOf(o, { number: 'SK/2026-27/000010', issuedAt: at }, DEMO_SELLER, {});
    expect(inv.lines.map((l) => [l.hsn, l.ratePercent])).toEqual([
      ['6109', 5],
      ['4820', 0],
      ['9102', 18],
      ['9102', 18],
    ]);
    expect(inv.lines[1]!.cgstPaise + inv.lines[1]!.sgstPaise).toBe(0);
    for (const l of inv.lines) {
      expect(l.cgstPaise).toBe(l.sgstPaise);
      expect(l.taxablePaise + l.cgstPaise + l.sgstPaise).toBe(l.totalPaise);
    }
    const lineSum = inv.lines.reduce((s, l) => s + l.totalPaise, 0);
    expect(lineSum + inv.roundOffPaise).toBe(inv.totalPaise);
    expect(inv.taxablePaise + inv.cgstPaise + inv.sgstPaise + inv.roundOffPaise).toBe(inv.totalPaise);
    expect(inv.cgstPaise + inv.sgstPaise).toBe(o.taxPaise);
    expect(inv.totalPaise % 100).toBe(0);
    const text = await pdfText(await renderInvoicePdf(inv));
    expect(text).toContain('6109 2 349.00');
    expect(text).toContain('4820 1 199.00');
    expect(text).toContain('9102 1 1,499.00');
    expect(text).toContain('Shipping (part of the supply)');
    expect(text).toMatch(/Round off -?Rs\. 0\.\d\d/);
    expect(text).toContain(`Invoice total Rs. ${new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2 }).format(o.totalPaise / 100)}`);
    expect(text).not.toContain('Shipping Rs.');
  });

  test('to another state the same lines carry IGST only', () => {
    const inv = taxInvoiceOf(inclusiveOrder('Tamil Nadu', false), { number: 'SK/2026-27/000011', issuedAt: at }, DEMO_SELLER, {});
    expect(inv.intraState).toBe(false);
    expect(inv.cgstPaise + inv.sgstPaise).toBe(0);
    expect(inv.lines.map((l) => l.igstPaise > 0)).toEqual([true, false, true, true]);
    expect(inv.roundOffPaise).toBe(0); // 698 + 199 + 1,499 + 5 = ₹2,401 exactly
    expect(inv.totalPaise).toBe(240_100);
  });
});
