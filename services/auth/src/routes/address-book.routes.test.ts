import { registeredClient, startAuthService, TestClient, type AuthTestService } from '../testing/auth-test-service';

let service: AuthTestService;
beforeAll(async () => {
  service = await startAuthService();
});
afterAll(async () => {
  await service?.close();
});

const HOME = { recipientName: 'Asha Rao', phone: '+91 98765 43210', line1: '12 MG Road', pin: '560001', city: 'Bengaluru', state: 'karnataka' };
const ADDRESS_FIELDS = 'id isDefault recipientName phone line1 line2 landmark pin other city district state';

describe('REST address book', () => {
  it('adds, edits, makes default and deletes addresses', async () => {
    const { client: c } = await registeredClient(service);
    const added = await c.post('/api/v1/addresses', HOME);
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ success: true, message: 'Address added successfully!' });
    expect(added.body.user.address).toMatchObject([{ id: added.body.addressId, isDefault: true, phone: '9876543210', state: 'Karnataka', district: 'Bangalore' }]);

    const second = await c.post('/api/v1/addresses', { ...HOME, line1: '1 Janpath', pin: '110001', city: 'New Delhi', state: 'Delhi' });
    const edited = await c.put(`/api/v1/addresses/${added.body.addressId}`, { ...HOME, landmark: 'Brigade Towers' });
    expect(edited.body).toMatchObject({ message: 'Address updated successfully', user: { address: [{ landmark: 'Brigade Towers', isDefault: true }, { line1: '1 Janpath' }] } });

    const defaulted = await c.post(`/api/v1/addresses/${second.body.addressId}/default`, {});
    expect(defaulted.body.user.address.map((a: { line1: string }) => a.line1)).toEqual(['1 Janpath', '12 MG Road']);

    const deleted = await c.delete(`/api/v1/addresses/${second.body.addressId}`);
    expect(deleted.body).toMatchObject({ message: 'Address deleted', user: { address: [{ line1: '12 MG Road', isDefault: true }] } });
    expect((await c.get('/api/v1/profile')).body.user.address).toHaveLength(1);
  });

  it('refuses a PIN that does not exist and one outside the state with 400', async () => {
    const { client: c } = await registeredClient(service);
    expect(await c.post('/api/v1/addresses', { ...HOME, pin: '999999' })).toMatchObject({ status: 400, body: { success: false, message: 'This PIN code does not exist' } });
    expect(await c.post('/api/v1/addresses', { ...HOME, pin: '110001' })).toMatchObject({ status: 400, body: { message: 'PIN code 110001 is in Delhi, not Karnataka' } });
  });

  it('refuses missing fields and an unknown state with the form’s messages', async () => {
    const { client: c } = await registeredClient(service);
    expect(await c.post('/api/v1/addresses', { ...HOME, recipientName: ' ' })).toMatchObject({ status: 400, body: { message: 'Please enter the name of the person receiving the parcel' } });
    expect(await c.post('/api/v1/addresses', { ...HOME, state: 'KA' })).toMatchObject({ status: 400, body: { message: 'Please choose a state or union territory from the list' } });
    expect(await c.post('/api/v1/addresses', { ...HOME, line1: 'x'.repeat(81) })).toMatchObject({ status: 400, body: { message: 'Address line 1 must be at most 80 characters long' } });
    expect(await c.post('/api/v1/addresses', 'not an object')).toMatchObject({ status: 400 });
    expect(await c.post('/api/v1/addresses', { ...HOME, line1: 'Lamp\u0000' })).toMatchObject({ status: 400, body: { message: 'Text must not contain NUL or other invalid characters.' } });
    expect(await c.post('/api/v1/addresses', { ...HOME, pin: ['560001'] })).toMatchObject({ status: 400, body: { message: 'PIN code must be 6 digits' } });
  });

  it('answers 404 for another account’s address and 401 without login', async () => {
    const { client: owner } = await registeredClient(service);
    const { body } = await owner.post('/api/v1/addresses', HOME);
    const { client: stranger } = await registeredClient(service);
    expect(await stranger.delete(`/api/v1/addresses/${body.addressId}`)).toMatchObject({ status: 404, body: { message: 'This address is not in your address book' } });
    expect((await new TestClient(service.url).post('/api/v1/addresses', HOME)).status).toBe(401);
  });

  it('deletes a phone and makes another the default', async () => {
    const { client: c } = await registeredClient(service);
    await c.post('/api/v1/addPhone', { phone: '9123456780' });
    const defaulted = await c.post('/api/v1/phones/9123456780/default', {});
    expect(defaulted.body).toMatchObject({ message: 'Default phone number changed', user: { phone: ['9123456780', '9876543210'] } });
    const deleted = await c.delete('/api/v1/phones/9876543210');
    expect(deleted.body.user.phone).toEqual(['9123456780']);
    expect(await c.delete('/api/v1/phones/9000000000')).toMatchObject({ status: 404, body: { message: 'This phone number is not saved on your account' } });
  });
});

describe('PIN lookup', () => {
  it('REST: public, fills in city, district and state', async () => {
    const res = await new TestClient(service.url).get('/api/v1/pincode/110001');
    expect(res).toMatchObject({ status: 200, body: { success: true, place: { pin: '110001', city: 'Central Delhi', district: 'Central Delhi', state: 'Delhi', states: ['Delhi'] } } });
  });

  it('REST: 404 for a PIN India Post does not have, 400 for one that is not 6 digits', async () => {
    const c = new TestClient(service.url);
    expect(await c.get('/api/v1/pincode/999999')).toMatchObject({ status: 404, body: { message: 'This PIN code does not exist' } });
    expect(await c.get('/api/v1/pincode/12a456')).toMatchObject({ status: 400, body: { message: 'PIN code must be 6 digits' } });
  });

  it('is limited per client address', async () => {
    const c = new TestClient(service.url);
    for (let i = 0; i < 120; i += 1) await c.get('/api/v1/pincode/560001');
    expect(await c.get('/api/v1/pincode/560001')).toMatchObject({ status: 429, body: { message: 'Too many PIN code lookups. Please wait a minute.' } });
  });

  it('GraphQL: pinCode is the place, or null for an unknown PIN', async () => {
    const c = new TestClient(service.url);
    const res = await c.graphql('{ known: pinCode(pin: "560001") { district state } unknown: pinCode(pin: "999999") { state } }');
    expect(res.body).toEqual({ data: { known: { district: 'Bangalore', state: 'Karnataka' }, unknown: null } });
    const bad = await c.graphql('{ pinCode(pin: "1234") { state } }');
    expect(bad.body.errors?.[0]).toMatchObject({ message: 'PIN code must be 6 digits', extensions: { code: 'BAD_USER_INPUT' } });
  });
});

describe('GraphQL address book', () => {
  const CREATE = `mutation($input: AddressBookInput!) { createAddress(input: $input) { success message user { address { ${ADDRESS_FIELDS} } } } }`;

  it('creates, updates, makes default and deletes addresses', async () => {
    const { client: c } = await registeredClient(service);
    const first = await c.graphql(CREATE, { input: HOME });
    expect(first.body.data.createAddress).toMatchObject({ success: true, message: 'Address added successfully!', user: { address: [{ isDefault: true, state: 'Karnataka' }] } });
    const home = first.body.data.createAddress.user.address[0].id;
    const second = await c.graphql(CREATE, { input: { ...HOME, line1: '1 Janpath', pin: '110001', city: 'New Delhi', state: 'Delhi' } });
    const office = second.body.data.createAddress.user.address[1].id;

    const updated = await c.graphql(`mutation($id: ID!, $input: AddressBookInput!) { updateAddress(id: $id, input: $input) { user { address { line2 } } } }`, { id: home, input: { ...HOME, line2: 'Ashok Nagar' } });
    expect(updated.body.data.updateAddress.user.address[0].line2).toBe('Ashok Nagar');
    const defaulted = await c.graphql(`mutation($id: ID!) { makeDefaultAddress(id: $id) { user { address { id isDefault } } } }`, { id: office });
    expect(defaulted.body.data.makeDefaultAddress.user.address).toEqual([{ id: office, isDefault: true }, { id: home, isDefault: false }]);
    const deleted = await c.graphql(`mutation($id: ID!) { deleteAddress(id: $id) { message user { address { id } } } }`, { id: office });
    expect(deleted.body.data.deleteAddress).toEqual({ message: 'Address deleted', user: { address: [{ id: home }] } });
  });

  it('refuses a wrong PIN and a state mismatch as BAD_USER_INPUT', async () => {
    const { client: c } = await registeredClient(service);
    const unknown = await c.graphql(CREATE, { input: { ...HOME, pin: '999999' } });
    expect(unknown.body.errors?.[0]).toMatchObject({ message: 'This PIN code does not exist', extensions: { code: 'BAD_USER_INPUT' } });
    const mismatch = await c.graphql(CREATE, { input: { ...HOME, pin: '110001' } });
    expect(mismatch.body.errors?.[0]).toMatchObject({ message: 'PIN code 110001 is in Delhi, not Karnataka', extensions: { code: 'BAD_USER_INPUT' } });
  });

  it('needs a login', async () => {
    const res = await new TestClient(service.url).graphql(CREATE, { input: HOME });
    expect(res.body.errors?.[0]).toMatchObject({ extensions: { code: 'UNAUTHENTICATED' } });
  });
});
