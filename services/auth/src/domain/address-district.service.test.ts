import type { AddressEntry } from '@shop/proto-contracts';
import { registeredClient, startAuthService, type AuthTestService } from '../testing/auth-test-service';
import { addAddress, addBookAddress, updateBookAddress } from './address-book.service';
import { findUser } from './user.service';

/** The address book's district and city from the PIN (decision 0100), on a real database. */

let service: AuthTestService;
beforeAll(async () => {
  service = await startAuthService();
});
afterAll(async () => {
  await service?.close();
});

const OFFICE: AddressEntry = { recipientName: 'Asha Rao', phone: '9876543211', line1: '1 Janpath', pin: '110001', city: 'New Delhi', state: 'Delhi' };

async function newAccount() {
  const { user } = await registeredClient(service);
  return user.id;
}

describe('district and city from the PIN', () => {
  it('refuses a district that is not the PIN’s and saves nothing', async () => {
    const userId = await newAccount();
    await expect(addBookAddress(service.deps, userId, { ...OFFICE, district: 'Mumbai Suburban' })).rejects.toMatchObject({
      status: 400,
      message: 'PIN code 110001 is in Central Delhi or New Delhi district, not Mumbai Suburban',
    });
    expect((await findUser(service.deps, userId))?.address).toEqual([]);
  });

  it('keeps the saved address when an edit names another state’s city', async () => {
    const userId = await newAccount();
    const { addressId } = await addBookAddress(service.deps, userId, OFFICE);
    await expect(updateBookAddress(service.deps, userId, addressId, { ...OFFICE, city: 'Bengaluru' })).rejects.toMatchObject({
      status: 400,
      message: 'PIN code 110001 is in Central Delhi or New Delhi district, Delhi, not in Bengaluru',
    });
    expect((await findUser(service.deps, userId))?.address).toMatchObject([{ id: addressId, city: 'New Delhi', district: 'Central Delhi' }]);
  });

  it('fills the district, and the city of a spec address, from the PIN', async () => {
    const userId = await newAccount();
    const { user } = await addBookAddress(service.deps, userId, { ...OFFICE, district: 'NEW DELHI' });
    expect(user.address[0]).toMatchObject({ city: 'New Delhi', district: 'New Delhi', state: 'Delhi' });
    const spec = await addAddress(service.deps, userId, { pin: '400050', other: '3 Hill Road' });
    expect(spec.address[1]).toMatchObject({ city: 'Mumbai', district: 'Mumbai', state: 'Maharashtra' });
  });
});
