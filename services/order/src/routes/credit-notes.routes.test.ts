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

async function deliveredOrder(buyer: OrderClient, items: unknown[], state = 'Karnataka') {
  const placed = await buyer.post('/api/v1/new/order', { shippingInfo: shippingInfo({ state }), items });
  expect(placed.status).toBe(201);
  const id = placed.body.order._id;
  for (const status of ['shipped', 'delivered']) expect((await svc.as('emp').put(`/api/v1/admin/order/${id}`, { status })).status).toBe(200);
  expect((await svc.as('emp').post(`/api/v1/admin/order/${id}/cod-collected`)).status).toBe(200);
  return (await buyer.get(`/api/v1/order/${id}`)).body.order;
}

async function receivedReturn(buyer: OrderClient, orderId: string, items: unknown[]) {
  const asked = await buyer.post(`/api/v1/order/${orderId}/return`, { items, reason: 'Does not fit well' });
  expect(asked.status).toBe(201);
  const staff = svc.as('emp');
  expect((await staff.put(`/api/v1/admin/return/${asked.body.return._id}`, { status: 'approved' })).status).toBe(200);
  const received = await staff.put(`/api/v1/admin/return/${asked.body.return._id}`, { status: 'received' });
  expect(received.status).toBe(200);
  return received.body.return;
}

const CREDIT_NOTE = `query($id: ID!) { creditNote(returnId: $id) {
  number issuedAt returnId orderId invoiceNumber placeOfSupply intraState
  lines { description hsnCode quantity gstRate taxableValue cgst sgst igst total }
  taxableValue cgst sgst igst roundOff total } }`;

describe('credit notes on received returns (decision 0048)', () => {
  test('each received return gets the next number of the year; it reverses the tax of what came back; REST, GraphQL and the PDF agree', async () => {
    // Three knitted shirts at ₹999 (5%), first order: the line cost 3 × 999 − 10% = 2,697.30.
    const tee = await svc.product({ name: 'Cotton Tee', category: 10, subcat: 'shirts', price: 999, size: ['M'], stockDetail: { M: 10 }, hsnCode: '6109' });
    const buyer = svc.as('user', { name: 'Kiran Das' });
    const order = await deliveredOrder(buyer, [{ productId: tee._id, quantity: 3, size: 'M' }]);
    const line = order.orderItems[0];
    expect(line).toMatchObject({ hsnCode: '6109', gstRate: 5 });

    const staff = svc.as('emp');
    const early = await buyer.post(`/api/v1/order/${order._id}/return`, { items: [{ product: tee._id, quantity: 1, size: 'M' }], reason: 'Colour faded' });
    const notYet = await buyer.get(`/api/v1/returns/${early.body.return._id}/credit-note`);
    expect(notYet.status).toBe(404);
    expect(notYet.body.message).toMatch(/once the return is received/);
    // Staff reject that one: no credit note ever.
    expect((await staff.put(`/api/v1/admin/return/${early.body.return._id}`, { status: 'rejected', note: 'Worn' })).status).toBe(200);

    const first = await receivedReturn(buyer, order._id, [{ product: tee._id, quantity: 1, size: 'M' }]);
    const fy = financialYearOf(new Date());
    expect(first.creditNoteNumber).toMatch(new RegExp(`^CN/${fy}/\\d{6}$`));
    const second = await receivedReturn(buyer, order._id, [{ product: tee._id, quantity: 2, size: 'M' }]);
    const [, , n1] = first.creditNoteNumber.split('/');
    expect(second.creditNoteNumber).toBe(`CN/${fy}/${String(Number(n1) + 1).padStart(6, '0')}`);

    const notes = [];
    for (const ret of [first, second]) {
      const rest = await buyer.get(`/api/v1/returns/${ret._id}/credit-note`);
      expect(rest.status).toBe(200);
      const gql = await buyer.graphql(CREDIT_NOTE, { id: ret._id });
      expect(gql.body.errors).toBeUndefined();
      expect(gql.body.data.creditNote).toEqual(rest.body.creditNote);
      notes.push(rest.body.creditNote);
    }
    const [a, b] = notes;
    expect(a).toMatchObject({ invoiceNumber: expect.stringMatching(/^SK\//), intraState: true, lines: [{ hsnCode: '6109', quantity: 1, gstRate: 5 }] });
    const cents = (n: number) => Math.round(n * 100);
    for (const [k, note] of notes.entries()) {
      expect(note.cgst).toBe(note.sgst);
      // Its lines, then a round off up to the refund it stands for (decision 0103).
      expect(cents(note.taxableValue + note.cgst + note.sgst)).toBe(cents(note.lines[0].total));
      expect(cents(note.lines[0].total + note.roundOff)).toBe(cents(note.total));
      expect(note.total).toBe([first, second][k]!.refundAmount);
    }
    // Together the two notes' lines take back exactly the line as invoiced: its value and its tax.
    expect(cents(a.lines[0].total + b.lines[0].total)).toBe(cents(line.taxableValue) + cents(line.tax));
    expect(Math.round((a.cgst + a.sgst + b.cgst + b.sgst) * 100)).toBe(Math.round(line.tax * 100));

    const pdf = await buyer.download(`/api/v1/returns/${first._id}/credit-note/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe('application/pdf');
    const text = await pdfText(pdf.bytes);
    expect(text).toContain('Credit Note');
    expect(text).toContain(`Credit note number: ${first.creditNoteNumber}`);
    expect(text).toContain(`Against invoice: ${a.invoiceNumber}`);
    expect(text).toContain('Kiran Das');
    expect(text).toContain('Cotton Tee (Size M) 6109 1 999.00');
    expect(text).not.toContain('Shipping');

    // Staff read it; strangers and visitors do not; a malformed id is a 400.
    expect((await svc.as('admin').get(`/api/v1/returns/${first._id}/credit-note`)).status).toBe(200);
    expect((await svc.as('user').get(`/api/v1/returns/${first._id}/credit-note`)).status).toBe(404);
    expect((await svc.visitor.get(`/api/v1/returns/${first._id}/credit-note`)).status).toBe(401);
    expect((await buyer.get('/api/v1/returns/not-an-id/credit-note')).status).toBe(400);
    const gqlBad = await buyer.graphql(CREDIT_NOTE, { id: 'not-an-id' });
    expect(gqlBad.body.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
  });

  test('the dashboard: collecting the cash of a delivered order moves it from booked to collected; a paid refund comes off Total Earnings (REST and GraphQL alike)', async () => {
    const admin = svc.as('admin');
    const stats = async () => (await admin.get('/api/v1/admin/dashboard/sales')).body;
    const lamp = await svc.product({ name: 'Brass Lamp', price: 800, stock: 5 });
    const buyer = svc.as('user');
    const before = await stats();
    const order = await deliveredOrder(buyer, [{ productId: lamp._id, quantity: 2 }]);
    const delivered = await stats();
    expect(delivered.collectedSales).toBeCloseTo(before.collectedSales + order.totalPrice, 2);
    expect(delivered.bookedSales).toBeCloseTo(before.bookedSales, 2);
    const ret = await receivedReturn(buyer, order._id, [{ product: lamp._id, quantity: 1 }]);
    expect((await svc.as('emp').put(`/api/v1/admin/return/${ret._id}`, { status: 'refunded', refundMethod: 'UPI', refundReference: 'UPI-1' })).status).toBe(200);
    const after = await stats();
    expect(after.refunded).toBeCloseTo(delivered.refunded + ret.refundAmount, 2);
    expect(after.totalEarnings).toBeCloseTo(delivered.totalEarnings - ret.refundAmount, 2);
    expect(after.totalEarnings).toBeCloseTo(after.collectedSales - after.refunded, 2);
    const gql = await admin.graphql(`{ salesStats { totalEarnings bookedSales collectedSales refunded } }`);
    expect(gql.body.data.salesStats).toEqual({ totalEarnings: after.totalEarnings, bookedSales: after.bookedSales, collectedSales: after.collectedSales, refunded: after.refunded });
  });

  test('across states the credit note carries IGST', async () => {
    const watch = await svc.product({ name: 'Steel Watch', price: 1499, stock: 5, hsnCode: '9102' });
    const buyer = svc.as('user');
    const order = await deliveredOrder(buyer, [{ productId: watch._id, quantity: 1 }], 'Maharashtra');
    const ret = await receivedReturn(buyer, order._id, [{ product: watch._id, quantity: 1 }]);
    const note = (await buyer.get(`/api/v1/returns/${ret._id}/credit-note`)).body.creditNote;
    expect(note).toMatchObject({ intraState: false, cgst: 0, sgst: 0, lines: [{ hsnCode: '9102', gstRate: 18 }] });
    expect(Math.round(note.igst * 100)).toBe(Math.round(order.orderItems[0].tax * 100));
  });
});
