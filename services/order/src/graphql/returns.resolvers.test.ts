import { shippingInfo, startOrderService, type OrderClient, type OrderTestService } from '../testing/order-test-service';

let svc: OrderTestService;

beforeAll(async () => {
  svc = await startOrderService();
});
afterAll(async () => {
  await svc?.close();
});

async function deliveredOrder(buyer: OrderClient, productId: string, quantity: number) {
  const id = (await buyer.post('/api/v1/new/order', { shippingInfo: shippingInfo(), items: [{ productId, quantity }] })).body.order._id;
  for (const status of ['shipped', 'delivered']) await svc.as('emp').put(`/api/v1/admin/order/${id}`, { status });
  await svc.as('emp').post(`/api/v1/admin/order/${id}/cod-collected`); // the cash in hand: a COD refund comes out of it
  return id as string;
}

const RETURN_FIELDS = 'id orderId status reason refundAmount items { productId quantity product { id } } timeline { status note } nextStatuses customer { name }';
const REQUEST = `mutation($orderId: ID!, $input: RequestReturnInput!) { requestReturn(orderId: $orderId, input: $input) { success message return { ${RETURN_FIELDS} } } }`;
const UPDATE = `mutation($id: ID!, $input: UpdateReturnInput!) { updateReturn(id: $id, input: $input) { success return { ${RETURN_FIELDS} refundMethod refundReference } } }`;

describe('returns in the order subgraph', () => {
  test('the buyer requests and follows a return; staff list and move it on; the order shows its returns', async () => {
    const kettle = await svc.product({ name: 'Electric Kettle', price: 1200, stock: 10 });
    const buyer = svc.as('user', { name: 'Arjun Nair' });
    const orderId = await deliveredOrder(buyer, kettle._id, 2);

    const asked = await buyer.graphql(REQUEST, { orderId, input: { items: [{ productId: kettle._id, quantity: 1 }], reason: 'Switch does not stay on' } });
    expect(asked.body.errors).toBeUndefined();
    const ret = asked.body.data.requestReturn.return;
    expect(ret).toMatchObject({
      orderId,
      status: 'requested',
      items: [{ productId: kettle._id, quantity: 1, product: { id: kettle._id } }],
      timeline: [{ status: 'requested', note: null }],
      customer: { name: 'Arjun Nair' },
    });

    const mine = await buyer.graphql(`{ myReturns { id status } }`);
    expect(mine.body.data.myReturns).toEqual([{ id: ret.id, status: 'requested' }]);
    const onOrder = await buyer.graphql(`query($id: ID!) { order(id: $id) { returns { id status } } }`, { id: orderId });
    expect(onOrder.body.data.order.returns).toEqual([{ id: ret.id, status: 'requested' }]);

    const staff = svc.as('emp');
    const queue = await staff.graphql(`{ adminReturns(status: "requested") { total currentPage returns { id } } }`);
    expect(queue.body.data.adminReturns.returns.map((r: { id: string }) => r.id)).toContain(ret.id);

    const approved = await staff.graphql(UPDATE, { id: ret.id, input: { status: 'approved', note: 'Courier pickup tomorrow' } });
    expect(approved.body.data.updateReturn.return.timeline).toEqual([
      { status: 'requested', note: null },
      { status: 'approved', note: 'Courier pickup tomorrow' },
    ]);
    await staff.graphql(UPDATE, { id: ret.id, input: { status: 'received' } });
    const refunded = await staff.graphql(UPDATE, { id: ret.id, input: { status: 'refunded', refundMethod: 'Bank transfer', refundReference: 'NEFT-88121' } });
    expect(refunded.body.data.updateReturn.return).toMatchObject({ status: 'refunded', refundMethod: 'Bank transfer', refundReference: 'NEFT-88121', nextStatuses: [] });
  });

  test('refusals come back as errors with the same messages as REST; shoppers cannot act as staff', async () => {
    const kettle = await svc.product({ name: 'Rice Cooker', price: 2000, stock: 10 });
    const buyer = svc.as('user');
    const orderId = await deliveredOrder(buyer, kettle._id, 1);
    const tooMany = await buyer.graphql(REQUEST, { orderId, input: { items: [{ productId: kettle._id, quantity: 2 }], reason: 'Not as described' } });
    expect(tooMany.body.errors?.[0]?.message).toBe('You can return at most 1 more of Rice Cooker');
    const others = await svc.as('user').graphql(REQUEST, { orderId, input: { items: [{ productId: kettle._id, quantity: 1 }], reason: 'Not as described' } });
    expect(others.body.errors?.[0]?.message).toBe('Order not found');
    const visitor = await svc.visitor.graphql(`{ myReturns { id } }`);
    expect(visitor.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const notStaff = await buyer.graphql(`{ adminReturns { total } }`);
    expect(notStaff.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const update = await buyer.graphql(UPDATE, { id: '5b0f3c1e-7d7a-4d55-9d1e-0a0b0c0d0e0f', input: { status: 'approved' } });
    expect(update.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const badId = await svc.as('emp').graphql(UPDATE, { id: 'nope', input: { status: 'approved' } });
    expect(badId.body.errors?.[0]?.message).toBe('Invalid return ID');
  });
});
