import { Client } from 'pg';
import { ShopClient } from '../support/http-client';
import { rabbitmqAddress, startDistributedShop, type DistributedShop } from '../support/distributed-shop';
import { mailText, startSmtpInbox } from '../support/smtp-inbox';
import { startTcpProxy } from '../support/tcp-proxy';
import { pollUntil } from '../support/poll';
import { verifyEmailFromMailLog } from '../support/verify-email';

/**
 * Orders across separate processes on PostgreSQL and RabbitMQ: an order placed while the broker is
 * out of reach, and staff listing orders by the shop's (Asia/Kolkata) calendar day.
 */
describe('orders in distributed mode', () => {
  let shop: DistributedShop;
  let broker: Awaited<ReturnType<typeof startTcpProxy>>;
  let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
  let admin: ShopClient;
  const shipping = { address: '22 Marine Drive', city: 'Mumbai', state: 'Maharashtra', country: 'India', pinCode: '400020', phoneNo: '+91 98200 12345' };

  const eventually = <T,>(probe: () => Promise<T | undefined>, timeoutMs = 30_000) => pollUntil(probe, timeoutMs);

  async function orderDb<T>(text: string, params: unknown[] = []): Promise<T[]> {
    const c = new Client({ connectionString: shop.databaseUrl('order') });
    await c.connect();
    try {
      return (await c.query(text, params)).rows as T[];
    } finally {
      await c.end();
    }
  }

  /** A service's readiness: its status and the broker state its body reports. */
  const readiness = async (service: 'order' | 'cart') => {
    const res = await fetch(`${shop.urls[service]}/readyz`);
    return `${res.status} ${((await res.json()) as { events: string }).events}`;
  };

  /** A shopper signed up and logged in, with the email verified: only then are their orders mailed (decision 0042). */
  async function shopper(name: string, email: string, phone: string) {
    const client = new ShopClient(shop.base);
    expect((await client.post('/api/v1/register', { name, email, phone, password: `${name.split(' ')[0]!.toLowerCase()}-pass-1` })).status).toBe(201);
    await verifyEmailFromMailLog(shop.databaseUrl('auth'), client, email);
    return client;
  }

  async function createKurta(code: string, stock: number) {
    const res = await admin.post('/api/v1/admin/product/create', {
      id: code,
      name: `Cotton Kurta ${code}`,
      price: 899,
      discount: 10,
      description: 'Hand-block printed cotton kurta.',
      category: 10,
      subcat: 'ethnic_wear',
      stock,
    });
    expect(res.status).toBe(201);
    return res.body.product._id as string;
  }

  beforeAll(async () => {
    const target = rabbitmqAddress();
    broker = await startTcpProxy(target.host, target.port);
    inbox = await startSmtpInbox();
    // Order and cart reach RabbitMQ through a proxy the test can cut; the others connect directly.
    shop = await startDistributedShop({ catalog: { DEMO_CATALOG: 'false' }, order: { SMTP_URL: inbox.url } }, { rabbitmqVia: { port: broker.port, services: ['order', 'cart'] } });
    admin = new ShopClient(shop.base);
    expect((await admin.post('/api/v1/login', { email: 'admin@shop.test', password: 'Admin#12345' })).status).toBe(200);
  }, 180_000);

  afterAll(async () => {
    await shop?.stop();
    await broker?.stop();
    await inbox?.stop();
  });

  test('an order placed while RabbitMQ is unreachable succeeds; its cart line goes and one mail is sent once the broker is back', async () => {
    const buyer = await shopper('Priya Nair', 'priya@shop.test', '9820012345');
    const id = await createKurta('OUTAGE-1', 5);
    expect((await buyer.post('/api/v1/addToCart', { productId: id, quantity: 1 })).status).toBe(200);
    const inCart = async () => (await buyer.get('/api/v1/loadCart')).body.cartItems.some((l: { id: string }) => l.id === id) as boolean;
    expect(await inCart()).toBe(true);

    let orderId = '';
    await broker.cut();
    try {
      // Both services notice and report it, yet stay ready: the outbox covers a broker outage.
      await eventually(async () => ((await readiness('order')) === '200 reconnecting' && (await readiness('cart')) === '200 reconnecting' ? true : undefined));

      const placed = await buyer.post('/api/v1/new/order', { shippingInfo: shipping, orderItems: [{ product: id, quantity: 1 }] });
      expect(placed.status).toBe(201);
      orderId = placed.body.order._id;

      // OrderPlaced waits in the outbox: the relay has tried to publish it and failed.
      await eventually(async () => {
        const [row] = await orderDb<{ attempts: number; published_at: Date | null }>(
          "select attempts, published_at from \"order\".outbox where type = 'OrderPlaced' and payload->>'orderId' = $1",
          [orderId],
        );
        return row && row.attempts > 0 && row.published_at === null ? true : undefined;
      });
      expect(await inCart()).toBe(true);
      expect(inbox.mails.filter((m) => m.to.includes('priya@shop.test'))).toHaveLength(0);
    } finally {
      await broker.restore();
    }

    await eventually(async () => ((await inCart()) ? undefined : true));
    const confirmation = await inbox.waitFor((m) => m.to.includes('priya@shop.test') && /is confirmed/.test(m.raw), 30_000);
    expect(mailText(confirmation.raw)).toContain(`/orders/${orderId}`);
    // Both services are connected again and the relay has nothing left to send: still one mail.
    await eventually(async () => ((await readiness('order')) === '200 connected' && (await readiness('cart')) === '200 connected' ? true : undefined));
    await eventually(async () => {
      const [pending] = await orderDb<{ n: number }>('select count(*)::int as n from "order".outbox where published_at is null');
      return pending!.n === 0 ? true : undefined;
    });
    expect(inbox.mails.filter((m) => m.to.includes('priya@shop.test'))).toHaveLength(1);
  });

  test('the order service killed while the mail server takes the confirmation sends it once: never again after its restart', async () => {
    const buyer = await shopper('Kavya Rao', 'kavya@shop.test', '9820067890');
    const id = await createKurta('MAILCRASH-1', 5);
    const mailsTo = (email: string) => inbox.mails.filter((m) => m.to.includes(email));
    inbox.holdAnswers(true);
    try {
      const placed = await buyer.post('/api/v1/new/order', { shippingInfo: shipping, orderItems: [{ product: id, quantity: 1 }] });
      expect(placed.status).toBe(201);
      // The server has the whole mail; the order service waits for its answer and dies meanwhile.
      await inbox.waitFor((m) => m.to.includes('kavya@shop.test') && /is confirmed/.test(m.raw), 30_000);
      await shop.kill('order');
    } finally {
      inbox.holdAnswers(false);
    }
    await shop.start('order');

    // Delivery passes have run since the restart once another shopper's confirmation has arrived.
    const next = await shopper('Rohan Das', 'rohan@shop.test', '9820098765');
    expect((await next.post('/api/v1/new/order', { shippingInfo: shipping, orderItems: [{ product: id, quantity: 1 }] })).status).toBe(201);
    await inbox.waitFor((m) => m.to.includes('rohan@shop.test') && /is confirmed/.test(m.raw), 30_000);
    expect(mailsTo('kavya@shop.test')).toHaveLength(1);
    // Left as handed over and not known to be sent: reported for a person, never sent again.
    const [row] = await orderDb<{ attempted: boolean; sent: boolean }>(
      'select attempted_at is not null as attempted, sent_at is not null as sent from "order".mail_log where recipient = $1',
      ['kavya@shop.test'],
    );
    expect(row).toEqual({ attempted: true, sent: false });
  });

  test('staff list an order under its Asia/Kolkata date, over REST and GraphQL', async () => {
    const buyer = await shopper('Arjun Mehta', 'arjun@shop.test', '9820054321');
    const id = await createKurta('IST-1', 10);
    const place = async () => {
      const res = await buyer.post('/api/v1/new/order', { shippingInfo: shipping, orderItems: [{ product: id, quantity: 1 }] });
      expect(res.status).toBe(201);
      return res.body.order._id as string;
    };
    // The service takes its clock from the machine; the test owns its database, so the orders'
    // creation instants are moved to the edges of 15 March 2026 in India.
    const at = {
      halfPastMidnight: '2026-03-14T19:00:00Z', // 15 Mar 00:30 IST
      lastSecond: '2026-03-15T18:29:59Z', // 15 Mar 23:59:59 IST
      nextMidnight: '2026-03-15T18:30:00Z', // 16 Mar 00:00 IST
    };
    const ids = { halfPastMidnight: await place(), lastSecond: await place(), nextMidnight: await place() };
    for (const key of Object.keys(at) as Array<keyof typeof at>) {
      await orderDb('update "order".orders set created_at = $1::timestamptz where id = $2', [at[key], ids[key]]);
    }

    const restDay = async (date: string) => {
      const res = await admin.get(`/api/v1/orders/date?date=${date}`);
      expect(res.status).toBe(200);
      return res.body.orders.map((o: { _id: string }) => o._id) as string[];
    };
    expect(await restDay('2026-03-14')).toEqual([]);
    expect(await restDay('2026-03-15')).toEqual([ids.lastSecond, ids.halfPastMidnight]);
    expect(await restDay('2026-03-16')).toEqual([ids.nextMidnight]);

    const day15 = await admin.get('/api/v1/orders/date?date=2026-03-15');
    expect(day15.body).toMatchObject({ success: true, date: '2026-03-15', totalOrders: 2, totalPages: 1, currentPage: 1 });
    expect(day15.body.orders[1].createdAt).toBe('2026-03-14T19:00:00.000Z');

    const graphqlDay = async (date: string) => {
      const res = await admin.graphql('query($d: String!) { ordersByDate(date: $d) { total orders { id createdAt } } }', { d: date });
      expect(res.body.errors).toBeUndefined();
      return res.body.data.ordersByDate as { total: number; orders: Array<{ id: string; createdAt: string }> };
    };
    expect(await graphqlDay('2026-03-14')).toEqual({ total: 0, orders: [] });
    expect(await graphqlDay('2026-03-15')).toEqual({
      total: 2,
      orders: [
        { id: ids.lastSecond, createdAt: '2026-03-15T18:29:59.000Z' },
        { id: ids.halfPastMidnight, createdAt: '2026-03-14T19:00:00.000Z' },
      ],
    });
    expect(await graphqlDay('2026-03-16')).toEqual({ total: 1, orders: [{ id: ids.nextMidnight, createdAt: '2026-03-15T18:30:00.000Z' }] });

    // A shopper may not list by date on either side.
    expect((await buyer.get('/api/v1/orders/date?date=2026-03-15')).status).toBe(403);
    expect((await buyer.graphql('{ ordersByDate(date: "2026-03-15") { total } }')).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});
