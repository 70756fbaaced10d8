import { sql } from 'drizzle-orm';
import { orderNumberOf } from '@shop/proto-contracts';
import { shippingInfo, startOrderService, type OrderClient, type OrderTestService } from '../testing/order-test-service';

/**
 * Decision 0103: an order that was shipped or invoiced is never deleted (409, REST and GraphQL);
 * admins archive it instead, which hides it from the staff's default lists and keeps it everywhere else.
 */
let svc: OrderTestService;
let productId: string;

beforeAll(async () => {
  svc = await startOrderService();
  productId = (await svc.product({ name: 'Chanderi Dupatta', price: 720, stock: 100 }))._id;
});
afterAll(async () => {
  await svc?.close();
});

async function place(buyer: OrderClient = svc.as('user')) {
  const res = await buyer.post('/api/v1/new/order', { shippingInfo: shippingInfo(), items: [{ productId, quantity: 1 }] });
  if (res.status !== 201) throw new Error(`order failed: ${JSON.stringify(res.body)}`);
  return res.body.order as { _id: string; createdAt: string };
}

async function moveTo(id: string, ...statuses: string[]) {
  for (const status of statuses) {
    const res = await svc.as('admin').put(`/api/v1/admin/order/${id}`, { status });
    if (res.status !== 200) throw new Error(`move to ${status} failed: ${JSON.stringify(res.body)}`);
  }
}

const refusal = 'This order was shipped or invoiced, so it stays in the books and cannot be deleted. Archive it instead.';
const listIds = async (client: OrderClient, query = '') => ((await client.get(`/api/v1/admin/orders?limit=100${query}`)).body.orders as { _id: string }[]).map((o) => o._id);
const DELETE = `mutation($id: ID!) { deleteOrder(id: $id) { success message } }`;
const ARCHIVE = `mutation($id: ID!, $archived: Boolean!) { setOrderArchived(id: $id, archived: $archived) { success message order { id archived } } }`;

describe('deleting an order that left the warehouse', () => {
  test('a shipped, and a delivered and invoiced, order answer 409 over REST and GraphQL, and stay', async () => {
    const shipped = await place();
    await moveTo(shipped._id, 'shipped');
    const delivered = await place();
    await moveTo(delivered._id, 'shipped', 'delivered');
    const admin = svc.as('admin');

    for (const id of [shipped._id, delivered._id]) {
      expect(await admin.delete(`/api/v1/admin/order/${id}`)).toEqual({ status: 409, body: { success: false, message: refusal } });
      const gql = await admin.graphql(DELETE, { id });
      expect(gql.body.errors?.[0]).toMatchObject({ message: refusal, extensions: { code: 'CONFLICT' } });
      expect((await admin.get(`/api/v1/order/${id}`)).status).toBe(200);
    }
    const [invoice] = await svc.rows<{ n: number }>(sql`select count(*)::int as n from "order".invoices where order_id = ${delivered._id}`);
    expect(invoice!.n).toBe(1);
  });

  test('an order cancelled after it was shipped once is still kept (shippedAt says it left)', async () => {
    const placed = await place();
    await moveTo(placed._id, 'shipped');
    await svc.rows(sql`update "order".orders set status = 'cancelled' where id = ${placed._id}`);
    expect((await svc.as('admin').delete(`/api/v1/admin/order/${placed._id}`)).status).toBe(409);
  });

  test('an order never shipped is still deleted by admin, and never by emp (403 on both transports)', async () => {
    const rest = await place();
    const gql = await place();
    const emp = svc.as('emp');
    expect((await emp.delete(`/api/v1/admin/order/${rest._id}`)).status).toBe(403);
    expect((await emp.graphql(DELETE, { id: gql._id })).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');

    const admin = svc.as('admin');
    expect(await admin.delete(`/api/v1/admin/order/${rest._id}`)).toEqual({ status: 200, body: { success: true, message: 'Order deleted successfully' } });
    expect((await admin.graphql(DELETE, { id: gql._id })).body.data.deleteOrder).toEqual({ success: true, message: 'Order deleted successfully' });
    expect((await admin.get(`/api/v1/order/${rest._id}`)).status).toBe(404);
    expect((await admin.get(`/api/v1/order/${gql._id}`)).status).toBe(404);
  });
});

describe('archiving', () => {
  test('admin archives a delivered order: hidden from the default lists, found with archived=include|only, kept for the buyer, invoice and export', async () => {
    const buyer = svc.as('user');
    const placed = await place(buyer);
    await moveTo(placed._id, 'shipped', 'delivered');
    const admin = svc.as('admin');
    expect(await listIds(admin)).toContain(placed._id);

    const res = await admin.put(`/api/v1/admin/order/${placed._id}`, { archived: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'Order archived', order: { _id: placed._id, archived: true, orderStatus: 'delivered' } });

    expect(await listIds(admin)).not.toContain(placed._id);
    expect(await listIds(admin, '&archived=include')).toContain(placed._id);
    expect(await listIds(admin, '&archived=only')).toEqual(expect.arrayContaining([placed._id]));
    expect(await listIds(svc.as('emp'), '&archived=only')).toContain(placed._id);
    const day = (await admin.get(`/api/v1/orders/date`)).body.orders.map((o: { _id: string }) => o._id);
    expect(day).not.toContain(placed._id);
    expect((await admin.get(`/api/v1/orders/date?archived=include`)).body.orders.map((o: { _id: string }) => o._id)).toContain(placed._id);

    // Kept everywhere else: the buyer's account (with no archive mark for them), the invoice, the export.
    const mine = (await buyer.get('/api/v1/orders/user')).body.orders as { _id: string; archived: unknown }[];
    expect(mine.find((o) => o._id === placed._id)).toMatchObject({ archived: null });
    expect((await buyer.download(`/api/v1/order/${placed._id}/invoice`)).status).toBe(200);
    const csv = await admin.download('/api/v1/admin/orders/export');
    expect(csv.bytes.toString('utf8')).toContain(orderNumberOf(placed._id));

    // GraphQL lists follow the same filter.
    const LIST = `query($a: String) { adminOrders(archived: $a, limit: 100) { orders { id archived } } }`;
    const ids = async (a?: string) => (await admin.graphql(LIST, { a })).body.data.adminOrders.orders.map((o: { id: string }) => o.id);
    expect(await ids()).not.toContain(placed._id);
    expect(await ids('only')).toContain(placed._id);

    // Unarchiving shows it again.
    expect((await admin.put(`/api/v1/admin/order/${placed._id}`, { archived: false })).body).toMatchObject({ message: 'Order unarchived', order: { archived: false } });
    expect(await listIds(admin)).toContain(placed._id);
  });

  test('GraphQL setOrderArchived does the same; emp may not archive on either transport (403)', async () => {
    const placed = await place();
    await moveTo(placed._id, 'shipped');
    const emp = svc.as('emp');
    expect(await emp.put(`/api/v1/admin/order/${placed._id}`, { archived: true })).toEqual({
      status: 403,
      body: { success: false, message: 'Only an admin can archive or unarchive an order' },
    });
    expect((await emp.graphql(ARCHIVE, { id: placed._id, archived: true })).body.errors?.[0]).toMatchObject({ extensions: { code: 'FORBIDDEN' } });
    expect(await listIds(svc.as('admin'))).toContain(placed._id);

    const done = await svc.as('admin').graphql(ARCHIVE, { id: placed._id, archived: true });
    expect(done.body.data.setOrderArchived).toEqual({ success: true, message: 'Order archived', order: { id: placed._id, archived: true } });
    expect(await listIds(svc.as('admin'))).not.toContain(placed._id);
    // Archiving moves nothing else: emp still ships it on (status moves stay staff's).
    expect((await emp.put(`/api/v1/admin/order/${placed._id}`, { status: 'delivered' })).status).toBe(200);
  });

  test('bad archive bodies are clear 400s; an unknown order is a 404', async () => {
    const placed = await place();
    const admin = svc.as('admin');
    expect(await admin.put(`/api/v1/admin/order/${placed._id}`, { archived: 'yes' })).toEqual({ status: 400, body: { success: false, message: 'archived must be true or false' } });
    expect(await admin.put(`/api/v1/admin/order/${placed._id}`, { archived: true, status: 'shipped' })).toEqual({
      status: 400,
      body: { success: false, message: 'Send either a status or archived (true or false), not both' },
    });
    expect(await admin.put(`/api/v1/admin/order/${placed._id}`, {})).toEqual({ status: 400, body: { success: false, message: 'Please choose a status' } });
    expect((await admin.get('/api/v1/admin/orders?archived=maybe')).body).toEqual({ success: false, message: 'archived must be one of exclude, include, only' });
    expect((await admin.put('/api/v1/admin/order/00000000-0000-4000-8000-000000000000', { archived: true })).status).toBe(404);
    const gql = await admin.graphql(`query { adminOrders(archived: "maybe") { total } }`);
    expect(gql.body.errors?.[0]).toMatchObject({ message: 'archived must be one of exclude, include, only', extensions: { code: 'BAD_USER_INPUT' } });
  });
});
