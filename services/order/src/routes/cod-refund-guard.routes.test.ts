import { shippingInfo, startOrderService, type OrderClient, type OrderTestService } from '../testing/order-test-service';

/**
 * A refund for a cash-on-delivery order is refused until its cash is collected (409, REST and
 * GraphQL through the same domain check), so the dashboard never refunds cash the shop never had.
 */
let svc: OrderTestService;

beforeAll(async () => {
  svc = await startOrderService();
});
afterAll(async () => {
  await svc?.close();
});

const refusal = 'The cash of this cash-on-delivery order has not been collected yet. Record it as collected before refunding.';
const UPDATE = `mutation($id: ID!, $input: UpdateReturnInput!) { updateReturn(id: $id, input: $input) { success return { status } } }`;

/** A delivered COD order whose cash was NOT recorded as collected, with one unit returned and received. */
async function receivedReturnOfUncollected(buyer: OrderClient, productId: string) {
  const placed = await buyer.post('/api/v1/new/order', { shippingInfo: shippingInfo(), items: [{ productId, quantity: 2 }] });
  expect(placed.status).toBe(201);
  const orderId = placed.body.order._id as string;
  const staff = svc.as('emp');
  for (const status of ['shipped', 'delivered']) expect((await staff.put(`/api/v1/admin/order/${orderId}`, { status })).status).toBe(200);
  const asked = await buyer.post(`/api/v1/order/${orderId}/return`, { items: [{ product: productId, quantity: 1 }], reason: 'Does not fit well' });
  expect(asked.status).toBe(201);
  const id = asked.body.return._id as string;
  for (const status of ['approved', 'received']) expect((await staff.put(`/api/v1/admin/return/${id}`, { status })).status).toBe(200);
  return { orderId, returnId: id };
}

test('refunding a COD return before the cash is collected is a 409 on both transports, and the dashboard does not move', async () => {
  const lamp = await svc.product({ name: 'Brass Lamp', price: 800, stock: 10 });
  const buyer = svc.as('user');
  const { orderId, returnId } = await receivedReturnOfUncollected(buyer, lamp._id);
  const admin = svc.as('admin');
  const stats = async () => (await admin.get('/api/v1/admin/dashboard/sales')).body as { refunded: number; totalEarnings: number };
  const before = await stats();

  const refund = { status: 'refunded', refundMethod: 'UPI', refundReference: 'UPI-7781' };
  expect(await svc.as('emp').put(`/api/v1/admin/return/${returnId}`, refund)).toEqual({ status: 409, body: { success: false, message: refusal } });
  const gql = await admin.graphql(UPDATE, { id: returnId, input: refund });
  expect(gql.body.errors?.[0]).toMatchObject({ message: refusal, extensions: { code: 'CONFLICT' } });

  expect((await admin.get(`/api/v1/admin/returns?status=received`)).body.returns.map((r: { _id: string }) => r._id)).toContain(returnId);
  const after = await stats();
  expect(after.refunded).toBe(before.refunded);
  expect(after.totalEarnings).toBeGreaterThanOrEqual(0);

  // Once the courier's cash is recorded, the same refund goes through.
  expect((await svc.as('emp').post(`/api/v1/admin/order/${orderId}/cod-collected`)).status).toBe(200);
  const done = await admin.graphql(UPDATE, { id: returnId, input: refund });
  expect(done.body.data.updateReturn).toEqual({ success: true, return: { status: 'refunded' } });
});
