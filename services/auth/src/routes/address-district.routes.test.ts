import { registeredClient, startAuthService, TestClient, type AuthTestService } from '../testing/auth-test-service';

/** District and city from the PIN (decision 0100), over REST and GraphQL alike. */

let service: AuthTestService;
beforeAll(async () => {
  service = await startAuthService();
});
afterAll(async () => {
  await service?.close();
});

const OFFICE = { recipientName: 'Asha Rao', phone: '9876543210', line1: '1 Janpath', pin: '110001', city: 'New Delhi', state: 'Delhi' };
const WRONG_DISTRICT = 'PIN code 110001 is in Central Delhi or New Delhi district, not Mumbai Suburban';
const WRONG_CITY = 'PIN code 110001 is in Central Delhi or New Delhi district, Delhi, not in Mumbai Suburban';
const CREATE = 'mutation($input: AddressBookInput!) { createAddress(input: $input) { user { address { id city district state } } } }';
const UPDATE = 'mutation($id: ID!, $input: AddressBookInput!) { updateAddress(id: $id, input: $input) { user { address { city district } } } }';
const ADD_SPEC = 'mutation($input: AddressInput!) { addAddress(input: $input) { user { address { city district state } } } }';

describe('REST: the address book takes district and city from the PIN', () => {
  it('refuses a district that is not the PIN’s, naming the PIN’s districts', async () => {
    const { client: c } = await registeredClient(service);
    expect(await c.post('/api/v1/addresses', { ...OFFICE, district: 'Mumbai Suburban' })).toMatchObject({ status: 400, body: { success: false, message: WRONG_DISTRICT } });
    const saved = await c.post('/api/v1/addresses', OFFICE);
    expect(await c.put(`/api/v1/addresses/${saved.body.addressId}`, { ...OFFICE, district: 'Mumbai Suburban' })).toMatchObject({ status: 400, body: { message: WRONG_DISTRICT } });
    expect((await c.get('/api/v1/profile')).body.user.address).toMatchObject([{ district: 'Central Delhi' }]);
  });

  it('refuses a city the directory knows only in another state', async () => {
    const { client: c } = await registeredClient(service);
    expect(await c.post('/api/v1/addresses', { ...OFFICE, city: 'Mumbai Suburban' })).toMatchObject({ status: 400, body: { message: WRONG_CITY } });
    expect(await c.post('/api/v1/addAddress', { pin: '110001', other: '1 Janpath', city: 'Mumbai Suburban' })).toMatchObject({ status: 400, body: { message: WRONG_CITY } });
    expect((await c.get('/api/v1/profile')).body.user.address).toEqual([]);
  });

  it('fills the district from the PIN, and spells a typed district and city as the directory does', async () => {
    const { client: c } = await registeredClient(service);
    const filled = await c.post('/api/v1/addresses', OFFICE);
    expect(filled.body.user.address).toMatchObject([{ city: 'New Delhi', district: 'Central Delhi', state: 'Delhi' }]);
    const typed = await c.post('/api/v1/addresses', { ...OFFICE, city: 'connaught   PLACE', district: ' new delhi ' });
    expect(typed.status).toBe(201);
    expect(typed.body.user.address[1]).toMatchObject({ city: 'Connaught Place', district: 'New Delhi' });
    const spec = await c.post('/api/v1/addAddress', { pin: '110001', other: '1 Janpath' });
    expect(spec.body.user.address[2]).toMatchObject({ city: 'Central Delhi', district: 'Central Delhi', state: 'Delhi' });
  });

  it("takes a district's newer official name and the town a shopper writes for a suburb or village", async () => {
    const { client: c } = await registeredClient(service);
    const bandra = await c.post('/api/v1/addresses', { ...OFFICE, pin: '400050', city: 'Mumbai', district: 'Mumbai Suburban', state: 'Maharashtra' });
    expect(bandra.body.user.address).toMatchObject([{ city: 'Mumbai', district: 'Mumbai Suburban' }]);
    const village = await c.post('/api/v1/addresses', { ...OFFICE, pin: '402107', city: 'alibag', state: 'Maharashtra' });
    expect(village.status).toBe(201);
    expect(village.body.user.address[1]).toMatchObject({ city: 'alibag', district: 'Raigarh' });
  });

  it('keeps refusing a PIN India Post does not have, before any district or city', async () => {
    const { client: c } = await registeredClient(service);
    expect(await c.post('/api/v1/addresses', { ...OFFICE, pin: '999999', district: 'Nowhere' })).toMatchObject({ status: 400, body: { message: 'This PIN code does not exist' } });
  });

  it('the PIN lookup offers the PIN’s districts and localities', async () => {
    const res = await new TestClient(service.url).get('/api/v1/pincode/110001');
    expect(res.body.place).toMatchObject({ district: 'Central Delhi', districts: ['Central Delhi', 'New Delhi'] });
    expect(res.body.place.localities).toEqual(expect.arrayContaining(['Connaught Place', 'New Delhi']));
  });
});

describe('GraphQL: the address book takes district and city from the PIN', () => {
  it('refuses a district that is not the PIN’s on create and update', async () => {
    const { client: c } = await registeredClient(service);
    const refused = await c.graphql(CREATE, { input: { ...OFFICE, district: 'Mumbai Suburban' } });
    expect(refused.body.errors?.[0]).toMatchObject({ message: WRONG_DISTRICT, extensions: { code: 'BAD_USER_INPUT' } });
    const saved = await c.graphql(CREATE, { input: OFFICE });
    const id = saved.body.data.createAddress.user.address[0].id;
    const update = await c.graphql(UPDATE, { id, input: { ...OFFICE, district: 'Mumbai Suburban' } });
    expect(update.body.errors?.[0]).toMatchObject({ message: WRONG_DISTRICT, extensions: { code: 'BAD_USER_INPUT' } });
  });

  it('refuses a city the directory knows only in another state, on createAddress and addAddress', async () => {
    const { client: c } = await registeredClient(service);
    const created = await c.graphql(CREATE, { input: { ...OFFICE, city: 'Mumbai Suburban' } });
    expect(created.body.errors?.[0]).toMatchObject({ message: WRONG_CITY, extensions: { code: 'BAD_USER_INPUT' } });
    const added = await c.graphql(ADD_SPEC, { input: { pin: '110001', other: '1 Janpath', city: 'Mumbai Suburban' } });
    expect(added.body.errors?.[0]).toMatchObject({ message: WRONG_CITY, extensions: { code: 'BAD_USER_INPUT' } });
  });

  it('fills the district from the PIN and spells typed names as the directory does', async () => {
    const { client: c } = await registeredClient(service);
    const filled = await c.graphql(CREATE, { input: OFFICE });
    expect(filled.body.data.createAddress.user.address).toMatchObject([{ city: 'New Delhi', district: 'Central Delhi' }]);
    const id = filled.body.data.createAddress.user.address[0].id;
    const updated = await c.graphql(UPDATE, { id, input: { ...OFFICE, city: 'NEW DELHI', district: 'new  delhi' } });
    expect(updated.body.data.updateAddress.user.address).toEqual([{ city: 'New Delhi', district: 'New Delhi' }]);
    const spec = await c.graphql(ADD_SPEC, { input: { pin: '110001', other: '1 Janpath' } });
    expect(spec.body.data.addAddress.user.address[1]).toEqual({ city: 'Central Delhi', district: 'Central Delhi', state: 'Delhi' });
  });

  it('pinCode offers the PIN’s districts and localities', async () => {
    const res = await new TestClient(service.url).graphql('{ pinCode(pin: "110001") { district districts localities } }');
    expect(res.body.data.pinCode).toMatchObject({ district: 'Central Delhi', districts: ['Central Delhi', 'New Delhi'] });
    expect(res.body.data.pinCode.localities).toHaveLength(21);
  });
});
