import { sql } from 'drizzle-orm';
import { eventually } from '@shop/platform/src/testing';
import { shippingInfo, startOrderService, type OrderTestService } from '../testing/order-test-service';

let svc: OrderTestService;
let productId: string;
const realClock = () => new Date();

beforeAll(async () => {
  svc = await startOrderService();
  productId = (await svc.product({ name: 'Copper Bottle', price: 800, stock: 50 }))._id;
});
afterAll(async () => {
  await svc?.close();
});
afterEach(() => {
  svc.deps.clock = realClock;
});

/** Tue 24 Nov 2026, 10:00 India time: before the dispatch cut-off on a working day. */
const TUESDAY_MORNING = new Date('2026-11-24T10:00:00+05:30');

describe('GET /delivery/promise (anyone)', () => {
  test('a Bengaluru PIN (seeded metro zone, 2 working days) is promised Thursday, with cash on delivery', async () => {
    svc.deps.clock = () => TUESDAY_MORNING;
    const res = await svc.visitor.get('/api/v1/delivery/promise?pin=560038');
    expect(res.status).toBe(200);
    expect(res.body.promise).toEqual({
      pin: '560038',
      serviceable: true,
      codAvailable: true,
      zone: 'Bengaluru',
      deliveryDays: 2,
      deliveryDate: '2026-11-26',
      message: 'Delivery by Thu, 26 Nov · Cash on delivery available',
    });
  });

  test('Ladakh is served without cash on delivery; an Army post office PIN is not served', async () => {
    svc.deps.clock = () => TUESDAY_MORNING;
    expect((await svc.visitor.get('/api/v1/delivery/promise?pin=194101')).body.promise).toMatchObject({ serviceable: true, codAvailable: false, deliveryDays: 8 });
    expect((await svc.visitor.get('/api/v1/delivery/promise?pin=900001')).body.promise).toMatchObject({
      serviceable: false,
      deliveryDate: null,
      message: 'Sorry, we do not deliver to PIN code 900001 yet.',
    });
  });

  test.each([
    ['', 'Please enter a PIN code'],
    ['012345', 'PIN code must be 6 digits and cannot start with 0'],
    ['56003', 'PIN code must be 6 digits and cannot start with 0'],
    ['abcdef', 'PIN code must be 6 digits and cannot start with 0'],
  ])('PIN %j is a 400 saying why', async (pin, message) => {
    expect(await svc.visitor.get(`/api/v1/delivery/promise?pin=${encodeURIComponent(pin)}`)).toEqual({ status: 400, body: { success: false, message } });
  });

  test('GraphQL deliveryPromise answers the same; a malformed PIN is BAD_USER_INPUT', async () => {
    svc.deps.clock = () => TUESDAY_MORNING;
    const q = `query($pin: String!) { deliveryPromise(pin: $pin) { serviceable codAvailable deliveryDate message } }`;
    expect((await svc.visitor.graphql(q, { pin: '110 001' })).body.data.deliveryPromise).toEqual({
      serviceable: true,
      codAvailable: true,
      deliveryDate: '2026-11-26',
      message: 'Delivery by Thu, 26 Nov · Cash on delivery available',
    });
    expect((await svc.visitor.graphql(q, { pin: '1100' })).body.errors?.[0]).toMatchObject({ message: 'PIN code must be 6 digits and cannot start with 0', extensions: { code: 'BAD_USER_INPUT' } });
  });
});

describe('delivery zones (staff)', () => {
  test('staff add, change and delete a zone; the longest prefix then decides the promise', async () => {
    const emp = svc.as('emp');
    const listed = await emp.get('/api/v1/admin/delivery-zones');
    expect(listed.body.zones).toContainEqual(expect.objectContaining({ pinPrefix: '400', label: 'Mumbai', deliveryDays: 2, codAvailable: true }));

    const created = await emp.post('/api/v1/admin/delivery-zones', { pinPrefix: '403', label: 'Goa', serviceable: true, codAvailable: false, deliveryDays: 5 });
    expect(created.status).toBe(201);
    expect((await svc.visitor.get('/api/v1/delivery/promise?pin=403001')).body.promise).toMatchObject({ zone: 'Goa', codAvailable: false, deliveryDays: 5 });
    expect((await emp.post('/api/v1/admin/delivery-zones', { pinPrefix: '403', label: 'Goa', serviceable: true, codAvailable: true, deliveryDays: 5 })).status).toBe(409);

    const changed = await svc.as('admin').put('/api/v1/admin/delivery-zones/403', { codAvailable: true });
    expect(changed.body.zone).toMatchObject({ pinPrefix: '403', label: 'Goa', codAvailable: true, deliveryDays: 5 });
    expect((await svc.visitor.get('/api/v1/delivery/promise?pin=403001')).body.promise.codAvailable).toBe(true);

    expect((await emp.delete('/api/v1/admin/delivery-zones/403')).status).toBe(200);
    expect((await svc.visitor.get('/api/v1/delivery/promise?pin=403001')).body.promise).toMatchObject({ zone: 'Maharashtra, Goa, MP & Chhattisgarh', deliveryDays: 4 });
    expect((await emp.delete('/api/v1/admin/delivery-zones/403')).status).toBe(404);
  });

  test('zones are read once per few seconds: an edit made by another instance (in the database) shows within five seconds', async () => {
    svc.deps.clock = () => TUESDAY_MORNING;
    expect((await svc.visitor.get('/api/v1/delivery/promise?pin=799001')).body.promise).toMatchObject({ serviceable: true });
    // Another instance's edit: this one's kept copy knows nothing of it yet.
    await svc.deps.db.execute(sql`insert into "order".delivery_zones (pin_prefix, label, serviceable, cod_available, delivery_days, updated_at) values ('799', 'Tripura (paused)', false, false, 9, now())`);
    try {
      expect((await svc.visitor.get('/api/v1/delivery/promise?pin=799001')).body.promise).toMatchObject({ serviceable: true });
      await eventually(async () => {
        expect((await svc.visitor.get('/api/v1/delivery/promise?pin=799001')).body.promise).toMatchObject({ serviceable: false, zone: 'Tripura (paused)' });
      }, 8_000);
    } finally {
      await svc.deps.db.execute(sql`delete from "order".delivery_zones where pin_prefix = '799'`);
    }
  });

  test.each([
    [{ pinPrefix: '0', label: 'x', serviceable: true, codAvailable: true, deliveryDays: 3 }, 'PIN prefix must be 1 to 3 digits and cannot start with 0'],
    [{ pinPrefix: '1234', label: 'x', serviceable: true, codAvailable: true, deliveryDays: 3 }, 'PIN prefix must be 1 to 3 digits and cannot start with 0'],
    [{ pinPrefix: '123', label: 'x', serviceable: true, codAvailable: true, deliveryDays: 0 }, 'Delivery days must be a whole number from 1 to 30'],
    [{ pinPrefix: '123', label: 'x', serviceable: 'yes', codAvailable: true, deliveryDays: 3 }, 'serviceable must be true or false'],
    [{ pinPrefix: '123', label: ' ', serviceable: true, codAvailable: true, deliveryDays: 3 }, 'Zone name must be 1 to 80 characters'],
  ])('zone %j is a 400 with its reason', async (body, message) => {
    expect(await svc.as('admin').post('/api/v1/admin/delivery-zones', body)).toEqual({ status: 400, body: { success: false, message } });
  });

  test('a shopper may not read or edit zones (403); a visitor must log in (401); the same over GraphQL', async () => {
    expect((await svc.as('user').get('/api/v1/admin/delivery-zones')).status).toBe(403);
    expect((await svc.as('user').put('/api/v1/admin/delivery-zones/11', { deliveryDays: 1 })).status).toBe(403);
    expect((await svc.visitor.get('/api/v1/admin/delivery-zones')).status).toBe(401);
    const list = `{ deliveryZones { pinPrefix } }`;
    expect((await svc.as('user').graphql(list)).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await svc.visitor.graphql(list)).body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  test('GraphQL: staff list, add, change and delete zones', async () => {
    const emp = svc.as('emp');
    const zone = `pinPrefix label serviceable codAvailable deliveryDays`;
    const created = await emp.graphql(`mutation($i: DeliveryZoneInput!) { createDeliveryZone(input: $i) { success zone { ${zone} } } }`, {
      i: { pinPrefix: '682', label: 'Kochi', serviceable: true, codAvailable: true, deliveryDays: 3 },
    });
    expect(created.body.data.createDeliveryZone.zone).toEqual({ pinPrefix: '682', label: 'Kochi', serviceable: true, codAvailable: true, deliveryDays: 3 });
    const changed = await emp.graphql(`mutation { updateDeliveryZone(pinPrefix: "682", input: { deliveryDays: 2, label: null }) { zone { ${zone} } } }`);
    expect(changed.body.data.updateDeliveryZone.zone).toMatchObject({ label: 'Kochi', deliveryDays: 2 });
    const bad = await emp.graphql(`mutation { updateDeliveryZone(pinPrefix: "682", input: { deliveryDays: 99 }) { success } }`);
    expect(bad.body.errors?.[0]).toMatchObject({ message: 'Delivery days must be a whole number from 1 to 30', extensions: { code: 'BAD_USER_INPUT' } });
    expect((await emp.graphql(`{ deliveryZones { pinPrefix } }`)).body.data.deliveryZones).toContainEqual({ pinPrefix: '682' });
    expect((await emp.graphql(`mutation { deleteDeliveryZone(pinPrefix: "682") { success } }`)).body.data.deleteDeliveryZone).toEqual({ success: true });
  });
});

describe('checkout keeps the promise', () => {
  const mailsTo = (email: string) => svc.rows<{ subject: string; body: string }>(sql`select subject, body from "order".mail_log where recipient = ${email} order by id`);

  test('the order stores the day promised for its PIN; the order, the confirmation mail and the shipped mail show that same day', async () => {
    svc.deps.clock = () => TUESDAY_MORNING;
    const promised = (await svc.visitor.get('/api/v1/delivery/promise?pin=560038')).body.promise;
    const buyer = svc.as('user', { email: 'meera@example.in', name: 'Meera' });
    const placed = await buyer.post('/api/v1/new/order', { shippingInfo: shippingInfo({ pinCode: '560038' }), items: [{ productId, quantity: 1 }] });
    expect(placed.status).toBe(201);
    // 00:00 of Thu 26 Nov in India.
    expect(placed.body.order.estimatedDelivery).toBe('2026-11-25T18:30:00.000Z');
    expect(promised.deliveryDate).toBe('2026-11-26');

    // Shipped days later: the shipped mail still names the promised day, not "3 days after shipping".
    svc.deps.clock = () => new Date('2026-11-25T16:00:00+05:30');
    expect((await svc.as('emp').put(`/api/v1/admin/order/${placed.body.order._id}`, { status: 'shipped' })).status).toBe(200);
    const order = (await buyer.get(`/api/v1/order/${placed.body.order._id}`)).body.order;
    expect(order.estimatedDelivery).toBe('2026-11-25T18:30:00.000Z');

    await eventually(async () => expect((await mailsTo('meera@example.in')).length).toBe(2));
    const [confirmation, shipped] = await mailsTo('meera@example.in');
    expect(confirmation!.body).toContain('Delivery by Thu, 26 Nov.');
    expect(shipped!.subject).toMatch(/has shipped$/);
    expect(shipped!.body).toContain('Delivery by Thu, 26 Nov.');
  });

  test('a PIN without cash on delivery is refused (400) before any stock is held; so is a PIN not served', async () => {
    const before = (await svc.stockOf(productId)).stock;
    const buyer = svc.as('user');
    const noCod = await buyer.post('/api/v1/new/order', { shippingInfo: shippingInfo({ pinCode: '194101', city: 'Leh', state: 'Ladakh' }), items: [{ productId, quantity: 1 }] });
    expect(noCod).toEqual({ status: 400, body: { success: false, message: 'Cash on delivery is not available for PIN code 194101.' } });
    const notServed = await buyer.graphql(`mutation($i: PlaceOrderInput!) { placeOrder(input: $i) { success } }`, {
      i: { shippingInfo: shippingInfo({ pinCode: '900001' }), items: [{ productId, quantity: 1 }] },
    });
    expect(notServed.body.errors?.[0]).toMatchObject({ message: 'Sorry, we do not deliver to PIN code 900001 yet.', extensions: { code: 'BAD_USER_INPUT' } });
    expect((await svc.stockOf(productId)).stock).toBe(before);
    expect((await buyer.get('/api/v1/orders/user')).body.orders).toEqual([]);
    // Nothing is left pending for the recovery to give up.
    expect(await svc.rows(sql`select id from "order".pending_checkouts where user_id = ${buyer.userId}::uuid`)).toEqual([]);
  });

  test('the same idempotency key answers the order placed first, even after its zone stopped taking cash', async () => {
    const buyer = svc.as('user');
    const body = { shippingInfo: shippingInfo({ pinCode: '110001' }), items: [{ productId, quantity: 1 }] };
    const first = await buyer.post('/api/v1/new/order', body, { 'idempotency-key': 'delivery-key-1' });
    expect(first.status).toBe(201);
    await svc.as('admin').put('/api/v1/admin/delivery-zones/11', { codAvailable: false });
    try {
      const again = await buyer.post('/api/v1/new/order', body, { 'idempotency-key': 'delivery-key-1' });
      expect(again.status).toBe(200);
      expect(again.body.order._id).toBe(first.body.order._id);
    } finally {
      await svc.as('admin').put('/api/v1/admin/delivery-zones/11', { codAvailable: true });
    }
  });
});
