import { randomUUID } from 'node:crypto';
import { DEMO_SELLER } from '@shop/proto-contracts';
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
    courier: null,
    trackingNumber: null,
    idempotencyKey: null,
    estimatedDelivery: null,
    paidAt: at,
    shippedAt: at,
    deliveredAt: at,
    cancelledAt: null,
    createdAt: at,
    updatedAt: at,
    items: [
      { orderId: id, lineNo: 0, productId: randomUUID(), name: 'Linen Shirt', image: null, pricePaise: 100000, quantity: 2, size: 'M', color: 'Blue', categoryId: 'men', categoryName: 'Men' },
      { orderId: id, lineNo: 1, productId: randomUUID(), name: 'Steel Bottle', image: null, pricePaise: 50000, quantity: 1, size: null, color: null, categoryId: null, categoryName: null },
    ],
    ...overrides,
  };
}

describe('tax invoice', () => {
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
      '1 Linen Shirt (Size M, Blue) 6205 2 1,000.00 200.00 1,800.00 162.00 162.00 2,124.00',
      'CGST @ 9% Rs. 202.50',
      'SGST @ 9% Rs. 202.50',
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
