import { sql } from 'drizzle-orm';
import { financialYearOf } from '@shop/proto-contracts';
import { pdfText } from '../testing/pdf-text';
import { shippingInfo, startOrderService, type OrderClient, type OrderTestService } from '../testing/order-test-service';

let svc: OrderTestService;

beforeAll(async () => {
  svc = await startOrderService();
});
afterAll(async () => {
  await svc?.close();
});

async function shippedOrder(buyer: OrderClient, productId: string, state = 'Karnataka') {
  const placed = await buyer.post('/api/v1/new/order', { shippingInfo: shippingInfo({ state }), items: [{ productId, quantity: 1 }] });
  expect(placed.status).toBe(201);
  expect((await svc.as('emp').put(`/api/v1/admin/order/${placed.body.order._id}`, { status: 'shipped' })).status).toBe(200);
  return placed.body.order._id as string;
}

const deliver = (id: string) => svc.as('emp').put(`/api/v1/admin/order/${id}`, { status: 'delivered' });

describe('GST tax invoices', () => {
  test('the buyer and staff download a delivered order’s invoice; before delivery, strangers and visitors are refused', async () => {
    const shirt = await svc.product({ name: 'Cotton Kurta', category: 10, subcat: 'shirts', price: 1000, stock: 10 });
    const buyer = svc.as('user', { name: 'Divya Menon' });
    const id = await shippedOrder(buyer, shirt._id, 'Kerala');

    const early = await buyer.get(`/api/v1/order/${id}/invoice`);
    expect({ status: early.status, message: early.body.message }).toEqual({ status: 400, message: 'The tax invoice is available once the order is delivered' });

    expect((await deliver(id)).status).toBe(200);
    const [invoice] = await svc.rows<{ number: string }>(sql`select number from "order".invoices where order_id = ${id}`);
    expect(invoice.number).toMatch(new RegExp(`^SK/${financialYearOf(new Date())}/\\d{6}$`));

    const mine = await buyer.download(`/api/v1/order/${id}/invoice`);
    expect(mine.status).toBe(200);
    expect(mine.type).toBe('application/pdf');
    expect(mine.disposition).toBe(`attachment; filename="${invoice.number.replace(/\//g, '-')}.pdf"`);
    const text = await pdfText(mine.bytes);
    expect(text).toContain(`Invoice number: ${invoice.number}`);
    expect(text).toContain('GSTIN: 29ABCDE1234F1Z5');
    expect(text).toContain('Divya Menon');
    expect(text).toContain('Place of supply: Kerala (32)');
    // Kerala is not the seller's state (Karnataka): IGST. The first order's ₹900 after 10% off
    // includes 5% GST (knitted shirt 6109, the category's default): 900 × 5 ÷ 105 = 42.86.
    expect(text).toContain('1 Cotton Kurta 6109 1 1,000.00 100.00 857.14 5% 42.86 900.00');
    // Shipping ₹5 at the same 5%: 0.24 IGST.
    expect(text).toContain('Shipping (part of the supply) 6109 1 5.00 0.00 4.76 5% 0.24 5.00');
    expect(text).toContain('IGST Rs. 43.10');
    expect(text).not.toContain('CGST');
    expect(text).toContain('Invoice total Rs. 905.00');
    expect(text).toContain('Amount in words: Rupees Nine Hundred Five Only');

    const staff = await svc.as('admin').download(`/api/v1/order/${id}/invoice`);
    expect(staff.status).toBe(200);
    expect(await pdfText(staff.bytes)).toContain(invoice.number);

    const stranger = await svc.as('user').get(`/api/v1/order/${id}/invoice`);
    expect({ status: stranger.status, message: stranger.body.message }).toEqual({ status: 404, message: 'Order not found' });
    expect((await svc.visitor.get(`/api/v1/order/${id}/invoice`)).status).toBe(401);
    expect((await buyer.get('/api/v1/order/not-an-id/invoice')).status).toBe(400);
  });

  test('an order placed before prices included GST keeps its figures: REST and GraphQL show them, its invoice adds 18% as it did', async () => {
    const shirt = await svc.product({ name: 'Old Kurta', category: 10, subcat: 'shirts', price: 1000, stock: 10 });
    const buyer = svc.as('user', { name: 'Old Customer' });
    const id = await shippedOrder(buyer, shirt._id, 'Kerala');
    // As the order was stored before migration 006 (decision 0045): 1,000 − 10% = 900 + 18% 162 + 5 = 1,067,
    // no stored GST per line, no round off.
    await svc.rows(sql`update "order".orders set prices_include_gst = false, tax_paise = 16200, total_paise = 106700, round_off_paise = 0,
      intra_state = null, shipping_gst_rate_bp = null, shipping_tax_paise = null where id = ${id}`);
    await svc.rows(sql`update "order".order_items set hsn_code = null, gst_rate_bp = null, discount_paise = null, taxable_paise = null, tax_paise = null where order_id = ${id}`);
    const rest = (await buyer.get(`/api/v1/order/${id}`)).body.order;
    expect(rest).toMatchObject({ itemPrice: 1000, discountPrice: 100, taxPrice: 162, shippingPrice: 5, totalPrice: 1067, roundOff: 0, pricesIncludeGst: false });
    const gql = (await buyer.graphql(`query($id: ID!) { order(id: $id) { taxPrice totalPrice roundOff pricesIncludeGst } }`, { id })).body.data.order;
    expect(gql).toEqual({ taxPrice: 162, totalPrice: 1067, roundOff: 0, pricesIncludeGst: false });
    await deliver(id);
    const text = await pdfText((await buyer.download(`/api/v1/order/${id}/invoice`)).bytes);
    // The invoice of decision 0026: 18% on the 900 taxable, HSN by category (Men: 6205), shipping outside the lines.
    expect(text).toContain('1 Old Kurta 6205 1 1,000.00 100.00 900.00 18% 162.00 1,062.00');
    expect(text).toContain('IGST Rs. 162.00');
    expect(text).toContain('Shipping Rs. 5.00');
    expect(text).toContain('Invoice total Rs. 1,067.00');
    expect(text).not.toContain('Round off');
  });

  test('GraphQL tells the buyer the invoice number and where to download it', async () => {
    const lamp = await svc.product({ name: 'Desk Lamp', price: 800, stock: 5 });
    const buyer = svc.as('user');
    const id = await shippedOrder(buyer, lamp._id);
    const query = `query($id: ID!) { order(id: $id) { invoiceNumber invoiceUrl returnableUntil } }`;
    expect((await buyer.graphql(query, { id })).body.data.order).toEqual({ invoiceNumber: null, invoiceUrl: null, returnableUntil: null });
    await deliver(id);
    const after = (await buyer.graphql(query, { id })).body.data.order;
    expect(after.invoiceNumber).toMatch(/^SK\/\d{4}-\d{2}\/\d{6}$/);
    expect(after.invoiceUrl).toBe(`/api/v1/order/${id}/invoice`);
    expect(new Date(after.returnableUntil).getTime() - Date.now()).toBeGreaterThan(29.9 * 24 * 3600 * 1000);
  });

  test('deliveries at the same moment take consecutive numbers without gaps or duplicates', async () => {
    const jar = await svc.product({ name: 'Pickle Jar', price: 150, stock: 50 });
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) ids.push(await shippedOrder(svc.as('user'), jar._id));
    const [{ before }] = await svc.rows<{ before: number | null }>(sql`select max(sequence) as before from "order".invoices`);
    const results = await Promise.all(ids.map(deliver));
    expect(results.map((r) => r.status)).toEqual(ids.map(() => 200));
    const rows = await svc.rows<{ sequence: number; number: string; financial_year: string }>(
      sql`select sequence, number, financial_year from "order".invoices where order_id in ${sql.raw(`('${ids.join("','")}')`)} order by sequence`,
    );
    const start = (before ?? 0) + 1;
    expect(rows.map((r) => r.sequence)).toEqual(ids.map((_, k) => start + k));
    expect(new Set(rows.map((r) => r.number)).size).toBe(ids.length);
    const [{ last }] = await svc.rows<{ last: number }>(sql`select last_number as last from "order".invoice_counters where financial_year = ${rows[0].financial_year}`);
    expect(last).toBe(start + ids.length - 1);
  });

  test('a delivery that fails after taking a number gives it back', async () => {
    const jar = await svc.product({ name: 'Tea Tin', price: 150, stock: 5 });
    const id = await shippedOrder(svc.as('user'), jar._id);
    // An invoice row already there for this order makes the insert fail inside the delivery's transaction.
    const [{ last }] = await svc.rows<{ last: number }>(sql`select coalesce(max(last_number), 0) as last from "order".invoice_counters`);
    await svc.rows(sql`insert into "order".invoices (order_id, number, financial_year, sequence, issued_at) values (${id}, 'TEST/blocker', '1999-00', 1, now())`);
    const failed = await deliver(id);
    expect(failed.status).toBe(500);
    const [{ again }] = await svc.rows<{ again: number }>(sql`select coalesce(max(last_number), 0) as again from "order".invoice_counters`);
    expect(again).toBe(last);
    const [{ status }] = await svc.rows<{ status: string }>(sql`select status from "order".orders where id = ${id}`);
    expect(status).toBe('shipped');
  });
});
