import { ShopClient } from '../support/http-client';
import { startDistributedShop, type DistributedShop } from '../support/distributed-shop';
import { pollUntil } from '../support/poll';

/**
 * Checkout across separate processes on PostgreSQL and RabbitMQ: no overselling under a race,
 * server-side prices, idempotent retries, events that clear the cart and restock on cancel.
 */
describe('checkout in distributed mode', () => {
  let shop: DistributedShop;
  let admin: ShopClient;
  let buyer: ShopClient;
  const shipping = { address: '14 Park Street', city: 'Kolkata', state: 'West Bengal', country: 'India', pinCode: '700016', phoneNo: '+91 98300 12345' };

  const eventually = <T,>(probe: () => Promise<T | undefined>, timeoutMs = 20_000) => pollUntil(probe, timeoutMs);

  async function createShirt(code: string, stockM: number) {
    const res = await admin.post('/api/v1/admin/product/create', {
      id: code,
      name: `Linen Shirt ${code}`,
      price: 1299,
      discount: 20,
      description: 'Breathable linen shirt for Indian summers.',
      category: 10,
      subcat: 'shirts',
      stock: stockM,
      size: ['M'],
      colors: ['White'],
      stockDetail: { M: stockM },
    });
    expect(res.status).toBe(201);
    return res.body.product._id as string;
  }

  const stockOf = async (id: string) => (await buyer.get(`/api/v1/product/${id}`)).body.product.stockDetail.M as number;

  beforeAll(async () => {
    shop = await startDistributedShop({ catalog: { DEMO_CATALOG: 'false' } });
    admin = new ShopClient(shop.base);
    expect((await admin.post('/api/v1/login', { email: 'admin@shop.test', password: 'Admin#12345' })).status).toBe(200);
    buyer = new ShopClient(shop.base);
    expect((await buyer.post('/api/v1/register', { name: 'Ananya Das', email: 'ananya@shop.test', phone: '9830012345', password: 'ananya-pass-1' })).status).toBe(201);
  }, 180_000);

  afterAll(async () => {
    await shop?.stop();
  });

  test('50 orders racing for 10 units: exactly 10 sold, stock 0, every other buyer a clear 409', async () => {
    const id = await createShirt('RACE-1', 10);
    const attempts = await Promise.all(
      Array.from({ length: 50 }, () => buyer.post('/api/v1/new/order', { shippingInfo: shipping, orderItems: [{ product: id, quantity: 1, size: 'M', color: 'White' }] })),
    );
    const statuses = attempts.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(40);
    for (const refused of attempts.filter((a) => a.status === 409)) expect(refused.body.message).toMatch(/^Only 0 items available in stock/);
    expect(await stockOf(id)).toBe(0);
    const mine = await buyer.get('/api/v1/orders/user');
    const raceOrders = mine.body.orders.filter((o: { orderItems: Array<{ product: string }> }) => o.orderItems[0]!.product === id);
    expect(raceOrders).toHaveLength(10);
  });

  test('a tampered price is ignored and a retried request with the same key makes one order', async () => {
    const id = await createShirt('KEY-1', 5);
    const body = { shippingInfo: shipping, orderItems: [{ product: id, quantity: 2, size: 'M', price: 1 }], itemPrice: 2, totalPrice: 3 };
    const first = await buyer.post('/api/v1/new/order', body, { 'idempotency-key': 'checkout-key-1' });
    const retry = await buyer.post('/api/v1/new/order', body, { 'idempotency-key': 'checkout-key-1' });
    expect(first.status).toBe(201);
    expect(retry.body.order._id).toBe(first.body.order._id);
    expect(first.body.order.itemPrice).toBe(2598);
    // Prices include GST (decision 0045): the total is items − discount + shipping + the cash round off, in whole rupees.
    const o = first.body.order;
    expect(o.itemPrice - o.discountPrice + o.shippingPrice + o.roundOff).toBeCloseTo(o.totalPrice, 2);
    expect(Number.isInteger(o.totalPrice)).toBe(true);
    expect(o.taxPrice).toBeLessThan(o.totalPrice);
    expect(await stockOf(id)).toBe(3);
  });

  test('placing an order clears the ordered line from the cart; cancelling restocks once', async () => {
    const id = await createShirt('CART-1', 4);
    expect((await buyer.post('/api/v1/addToCart', { productId: id, quantity: 2, properties: { size: 'M', color: 'White' } })).status).toBe(200);
    const placed = await buyer.post('/api/v1/new/order', { shippingInfo: shipping, orderItems: [{ product: id, quantity: 2, size: 'M' }] });
    expect(placed.status).toBe(201);
    await eventually(async () => {
      const cart = await buyer.get('/api/v1/loadCart');
      return cart.body.cartItems.some((l: { id: string }) => l.id === id) ? undefined : true;
    });
    expect(await stockOf(id)).toBe(2);

    const cancelled = await buyer.post(`/api/v1/order/${placed.body.order._id}/cancel`);
    expect(cancelled.body.order.orderStatus).toBe('cancelled');
    await eventually(async () => ((await stockOf(id)) === 4 ? true : undefined));
    // A second cancel is refused and the stock stays where it is.
    expect((await buyer.post(`/api/v1/order/${placed.body.order._id}/cancel`)).status).toBe(400);
    await new Promise((r) => setTimeout(r, 500));
    expect(await stockOf(id)).toBe(4);
  });

  test('catalog answers are cached at the gateway, yet the stock shown follows orders and staff edits at once', async () => {
    const id = await createShirt('CACHE-1', 6);
    const query = 'query($id: ID!) { product(id: $id) { name stockDetail { size stock } } }';
    const restRead = () => buyer.get(`/api/v1/product/${id}`);
    const graphqlRead = () => buyer.graphql<{ product: { name: string; stockDetail: Array<{ size: string; stock: number }> } }>(query, { id });
    // Both answers come from the gateway once the creation's own event has come and gone.
    const graph = await eventually(async () => {
      const [r, g] = [await restRead(), await graphqlRead()];
      return r.headers.get('x-cache') === 'HIT' && g.headers.get('x-cache') === 'HIT' ? g : undefined;
    });
    expect(graph.body.data?.product.stockDetail).toEqual([{ size: 'M', stock: 6 }]);
    const cachedAt = Date.now();

    // The order service reserves stock in the catalog directly; the catalog's ProductChanged, through
    // RabbitMQ, purges the gateway's copies. Answers may be kept 10 s, so a fresh answer sooner
    // than that can only come from the purge.
    const placed = await buyer.post('/api/v1/new/order', { shippingInfo: shipping, orderItems: [{ product: id, quantity: 2, size: 'M', color: 'White' }] });
    expect(placed.status).toBe(201);
    await eventually(async () => ((await restRead()).body.product.stockDetail.M === 4 ? true : undefined), 8_000);
    await eventually(async () => ((await graphqlRead()).body.data?.product.stockDetail[0]?.stock === 4 ? true : undefined), 8_000);
    expect(Date.now() - cachedAt).toBeLessThan(10_000);

    // A staff edit through the gateway is seen by the very next read.
    expect((await restRead()).headers.get('x-cache')).toBe('HIT');
    expect((await admin.put(`/api/v1/admin/product/${id}`, { name: 'Linen Shirt CACHE-1 Indigo' })).status).toBe(200);
    expect((await restRead()).body.product.name).toBe('Linen Shirt CACHE-1 Indigo');
    expect((await graphqlRead()).body.data?.product.name).toBe('Linen Shirt CACHE-1 Indigo');

    // What belongs to one shopper is never served from the cache.
    const mine = () => buyer.graphql('query($id: ID!) { product(id: $id) { name myReview { rating } } }', { id });
    await mine();
    expect((await mine()).headers.get('x-cache')).toBe('MISS');
  });

  test("someone else's order is not found, and staff move it along the status machine", async () => {
    const id = await createShirt('STAFF-1', 3);
    const placed = await buyer.post('/api/v1/new/order', { shippingInfo: shipping, orderItems: [{ product: id, quantity: 1, size: 'M' }] });
    const stranger = new ShopClient(shop.base);
    await stranger.post('/api/v1/register', { name: 'Stranger', email: 'stranger@shop.test', phone: '9830099999', password: 'stranger-pass-1' });
    expect((await stranger.get(`/api/v1/order/${placed.body.order._id}`)).status).toBe(404);

    const illegal = await admin.put(`/api/v1/admin/order/${placed.body.order._id}`, { status: 'delivered' });
    expect(illegal.status).toBe(400);
    expect(illegal.body.message).toBe('Cannot change order status from processing to delivered');
    const shipped = await admin.put(`/api/v1/admin/order/${placed.body.order._id}`, { status: 'shipped' });
    expect(shipped.body.order.shippedAt).toBeTruthy();
  });
});
