import { pdfText } from '../testing/pdf-text';
import { shippingInfo, startOrderService, type OrderTestService } from '../testing/order-test-service';

/**
 * Decision 0103: a credit note's total is the refund it stands for, the gap between its lines and
 * the refund shown as a round-off line (REST, GraphQL and the PDF alike).
 */
let svc: OrderTestService;

beforeAll(async () => {
  svc = await startOrderService();
});
afterAll(async () => {
  await svc?.close();
});

test('a first order of two ₹399.50 shirts, one returned: refund ₹359.00, credit note ₹359.00 = line ₹359.55 − round off ₹0.55', async () => {
  const shirt = await svc.product({ name: 'Cotton Shirt', price: 399.5, stock: 10 });
  const buyer = svc.as('user');
  // 799.00 − 79.90 (first order) + 5 = 724.10, paid 724.00 in cash.
  const placed = await buyer.post('/api/v1/new/order', { shippingInfo: shippingInfo(), items: [{ productId: shirt._id, quantity: 2 }] });
  expect(placed.body.order).toMatchObject({ totalPrice: 724, roundOff: -0.1 });
  const orderId = placed.body.order._id;
  const staff = svc.as('emp');
  for (const status of ['shipped', 'delivered']) expect((await staff.put(`/api/v1/admin/order/${orderId}`, { status })).status).toBe(200);
  expect((await staff.post(`/api/v1/admin/order/${orderId}/cod-collected`)).status).toBe(200);
  const asked = await buyer.post(`/api/v1/order/${orderId}/return`, { items: [{ product: shirt._id, quantity: 1 }], reason: 'Does not fit well' });
  expect(asked.status).toBe(201);
  const returnId = asked.body.return._id;
  for (const status of ['approved', 'received']) expect((await staff.put(`/api/v1/admin/return/${returnId}`, { status })).status).toBe(200);
  // The kept shirt costs 399.50 − 39.95 + 5 = 364.55, 365.00 in cash: 724 − 365 comes back.
  expect(asked.body.return.refundAmount).toBe(359);

  const note = (await buyer.get(`/api/v1/returns/${returnId}/credit-note`)).body.creditNote;
  expect(note.lines).toHaveLength(1);
  expect(note.lines[0].total).toBe(359.55);
  expect(note).toMatchObject({ roundOff: -0.55, total: 359 });
  expect(Math.round((note.taxableValue + note.cgst + note.sgst + note.igst) * 100)).toBe(35_955);

  const gql = await buyer.graphql(`query($id: ID!) { creditNote(returnId: $id) { total roundOff lines { total } } }`, { id: returnId });
  expect(gql.body.data.creditNote).toEqual({ total: 359, roundOff: -0.55, lines: [{ total: 359.55 }] });

  const text = await pdfText((await buyer.download(`/api/v1/returns/${returnId}/credit-note/pdf`)).bytes);
  expect(text).toContain('Round off -Rs. 0.55');
  expect(text).toContain('Credit note total Rs. 359.00');
  expect(text).toContain('Rupees Three Hundred Fifty-Nine Only');
});
