import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { shippingInfo, startOrderService, type OrderClient, type OrderTestService } from '../testing/order-test-service';

let svc: OrderTestService;
let productId: string;

beforeAll(async () => {
  svc = await startOrderService();
  productId = (await svc.product({ name: 'Steel Bottle', price: 500, stock: 100 }))._id;
});
afterAll(async () => {
  await svc?.close();
});

/** A delivered cash-on-delivery order of one bottle; its id. */
async function delivered(buyer: OrderClient): Promise<string> {
  const placed = await buyer.post('/api/v1/new/order', { shippingInfo: shippingInfo(), items: [{ productId, quantity: 1 }] });
  const id = placed.body.order._id;
  for (const status of ['shipped', 'delivered']) await svc.as('emp').put(`/api/v1/admin/order/${id}`, { status });
  await svc.as('emp').post(`/api/v1/admin/order/${id}/cod-collected`); // the cash in hand: a COD refund comes out of it
  return id;
}

const ask = (buyer: OrderClient, orderId: string, refundTo: unknown) =>
  buyer.post(`/api/v1/order/${orderId}/return`, { items: [{ productId, quantity: 1 }], reason: 'Leaks at the lid', refundTo });
const move = (id: string, body: Record<string, unknown>) => svc.as('admin').put(`/api/v1/admin/return/${id}`, body);

describe('refunds of cash-on-delivery returns go where the shopper says', () => {
  test('a UPI ID: masked to the shopper and in the staff list; in full only for the return being refunded, emp or admin', async () => {
    const buyer = svc.as('user');
    const orderId = await delivered(buyer);
    const asked = await ask(buyer, orderId, { method: 'UPI', upiId: '  Ravi.Kumar@okaxis ' });
    expect(asked.status).toBe(201);
    const masked = { method: 'UPI', upiId: 'ra••••••••@okaxis' };
    expect(asked.body.return.refundTo).toEqual(masked);
    const id = asked.body.return._id;
    expect((await svc.as('emp').get('/api/v1/admin/returns')).body.returns.find((r: any) => r._id === id).refundTo).toEqual(masked);
    expect(JSON.stringify((await buyer.get('/api/v1/returns/user')).body)).not.toContain('ravi.kumar@okaxis');

    // Not before the parcel is back: the details are for refunding.
    expect(await svc.as('emp').get(`/api/v1/admin/return/${id}/refund-details`)).toEqual({
      status: 409,
      body: { success: false, message: 'The refund details are shown once the return is received, to refund it' },
    });
    await move(id, { status: 'approved' });
    await move(id, { status: 'received' });
    const full = { method: 'UPI', upiId: 'ravi.kumar@okaxis' };
    expect((await svc.as('emp').get(`/api/v1/admin/return/${id}/refund-details`)).body).toEqual({ success: true, refundTo: full });
    expect((await svc.as('admin').graphql(`query($id: ID!) { returnRefundDetails(id: $id) { method upiId } }`, { id })).body.data.returnRefundDetails).toEqual(full);
    expect((await buyer.get(`/api/v1/admin/return/${id}/refund-details`)).status).toBe(403);
    expect((await buyer.graphql(`query($id: ID!) { returnRefundDetails(id: $id) { upiId } }`, { id })).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');

    const refunded = await move(id, { status: 'refunded', refundMethod: 'UPI', refundReference: 'UPI-412233445566' });
    expect(refunded.body.return).toMatchObject({ status: 'refunded', refundTo: masked });
    expect((await svc.as('emp').get(`/api/v1/admin/return/${id}/refund-details`)).status).toBe(409);
  });

  test('a bank account by GraphQL: the account number masked but its last four digits', async () => {
    const buyer = svc.as('user');
    const orderId = await delivered(buyer);
    const res = await buyer.graphql(
      `mutation($o: ID!, $i: RequestReturnInput!) { requestReturn(orderId: $o, input: $i) { return { refundTo { method ifsc accountNumber accountName } } } }`,
      {
        o: orderId,
        i: {
          items: [{ productId, quantity: 1 }],
          reason: 'Dented on arrival',
          refundTo: { method: 'Bank transfer', ifsc: 'hdfc0001234', accountNumber: '5010 0123 4567 890', accountName: 'Ravi  Kumar' },
        },
      },
    );
    expect(res.body.data.requestReturn.return.refundTo).toEqual({ method: 'Bank transfer', ifsc: 'HDFC0001234', accountNumber: '•••••••••••7890', accountName: 'Ravi Kumar' });
  });

  test.each([
    [{ method: 'UPI', upiId: 'ravi' }, 'Please enter a valid UPI ID, e.g. name@okaxis'],
    [{ method: 'UPI' }, 'Please enter a valid UPI ID, e.g. name@okaxis'],
    [{ method: 'Bank transfer', ifsc: 'HDFC1234', accountNumber: '123456789', accountName: 'R K' }, 'Please enter a valid IFSC: 11 characters, e.g. HDFC0001234'],
    [{ method: 'Bank transfer', ifsc: 'HDFC0001234', accountNumber: '12345', accountName: 'R K' }, 'Please enter the account number: 9 to 18 digits'],
    [{ method: 'Bank transfer', ifsc: 'HDFC0001234', accountNumber: '123456789' }, 'Please enter the account holder’s name'],
    [{ method: 'Cheque' }, 'Refund to must be UPI or Bank transfer'],
    ['ravi@okaxis', 'Refund to must be UPI or Bank transfer'],
  ])('%j is a 400 with a clear message, and no return is made', async (refundTo, message) => {
    const buyer = svc.as('user');
    const orderId = await delivered(buyer);
    expect(await ask(buyer, orderId, refundTo)).toEqual({ status: 400, body: { success: false, message } });
    expect((await buyer.get('/api/v1/returns/user')).body.returns).toEqual([]);
  });

  test('an order paid online is refunded the way it was paid: refundTo is refused; unknown returns are 404', async () => {
    const buyer = svc.as('user');
    const orderId = await delivered(buyer);
    await svc.rows(sql`update "order".orders set payment_method = 'ONLINE', payment_status = 'Paid' where id = ${orderId}`);
    expect(await ask(buyer, orderId, { method: 'UPI', upiId: 'ravi@okaxis' })).toEqual({
      status: 400,
      body: { success: false, message: 'An order paid online is refunded to the way it was paid' },
    });
    expect((await svc.as('emp').get(`/api/v1/admin/return/${randomUUID()}/refund-details`)).status).toBe(404);
    expect((await svc.as('emp').get('/api/v1/admin/return/nope/refund-details')).status).toBe(400);
  });
});
