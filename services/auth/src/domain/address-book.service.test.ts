import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { AddressEntry } from '@shop/proto-contracts';
import { registeredClient, startAuthService, type AuthTestService } from '../testing/auth-test-service';
import { addBookAddress, deleteBookAddress, makeDefaultAddress, updateBookAddress } from './address-book.service';
import { findUser } from './user.service';

let service: AuthTestService;
beforeAll(async () => {
  service = await startAuthService();
});
afterAll(async () => {
  await service?.close();
});

const HOME: AddressEntry = { recipientName: 'Asha Rao', phone: '9876543210', line1: '12 MG Road', line2: 'Shanthala Nagar', landmark: 'Brigade Towers', pin: '560001', city: 'Bengaluru', state: 'Karnataka' };
const OFFICE: AddressEntry = { recipientName: 'Asha Rao', phone: '9876543211', line1: '1 Janpath', pin: '110001', city: 'New Delhi', state: 'Delhi' };

async function newAccount() {
  const { user } = await registeredClient(service);
  return user.id;
}

describe('address book', () => {
  it('adds an address with the district from the PIN directory; the first is the default', async () => {
    const userId = await newAccount();
    const { user, addressId } = await addBookAddress(service.deps, userId, HOME);
    expect(user.address).toEqual([
      {
        id: addressId,
        isDefault: true,
        recipientName: 'Asha Rao',
        phone: '9876543210',
        line1: '12 MG Road',
        line2: 'Shanthala Nagar',
        landmark: 'Brigade Towers',
        pin: '560001',
        city: 'Bengaluru',
        district: 'Bangalore',
        state: 'Karnataka',
        country: 'India',
        other: '12 MG Road, Shanthala Nagar, Near Brigade Towers',
      },
    ]);
  });

  it('edits an address in place, keeping its id and its place', async () => {
    const userId = await newAccount();
    const { addressId } = await addBookAddress(service.deps, userId, HOME);
    await addBookAddress(service.deps, userId, OFFICE);
    const user = await updateBookAddress(service.deps, userId, addressId, { ...HOME, line1: '14 MG Road' });
    expect(user.address.map((a) => [a.id === addressId, a.line1, a.isDefault])).toEqual([
      [true, '14 MG Road', true],
      [false, '1 Janpath', false],
    ]);
  });

  it('makes another address the default and deletes the old default', async () => {
    const userId = await newAccount();
    const { addressId: home } = await addBookAddress(service.deps, userId, HOME);
    const { addressId: office } = await addBookAddress(service.deps, userId, OFFICE);
    const defaulted = await makeDefaultAddress(service.deps, userId, office);
    expect(defaulted.address.map((a) => [a.id, a.isDefault])).toEqual([
      [office, true],
      [home, false],
    ]);
    const left = await deleteBookAddress(service.deps, userId, office);
    expect(left.address.map((a) => [a.id, a.isDefault])).toEqual([[home, true]]);
  });

  it('refuses a PIN code India Post does not have', async () => {
    const userId = await newAccount();
    await expect(addBookAddress(service.deps, userId, { ...HOME, pin: '999999' })).rejects.toMatchObject({ kind: 'BAD_REQUEST', message: 'This PIN code does not exist' });
  });

  it('refuses a PIN code outside the chosen state', async () => {
    const userId = await newAccount();
    await expect(addBookAddress(service.deps, userId, { ...OFFICE, state: 'Karnataka' })).rejects.toMatchObject({
      kind: 'BAD_REQUEST',
      message: 'PIN code 110001 is in Delhi, not Karnataka',
    });
  });

  it('accepts either state of a PIN on a state border', async () => {
    const userId = await newAccount();
    const { user } = await addBookAddress(service.deps, userId, { ...OFFICE, pin: '140119', city: 'Ropar', state: 'Chandigarh' });
    expect(user.address[0]).toMatchObject({ pin: '140119', state: 'Chandigarh' });
  });

  it('answers 404 for an address that is not in the book', async () => {
    const userId = await newAccount();
    const other = await newAccount();
    const { addressId } = await addBookAddress(service.deps, other, HOME);
    await expect(deleteBookAddress(service.deps, userId, addressId)).rejects.toMatchObject({ kind: 'NOT_FOUND', message: 'This address is not in your address book' });
  });
});

describe('migration 007', () => {
  const migration = readFileSync(join(__dirname, '..', 'db', 'migrations', '007_address_book.sql'), 'utf8');

  it('gives addresses saved as {pin, other} an id and keeps them usable, with the PIN directory’s place', async () => {
    const userId = await newAccount();
    const legacy = [
      { pin: '560001', other: 'Flat 4, 12 MG Road' },
      { pin: '700016', other: '5 Park Street', city: 'Kolkata', state: 'West Bengal', country: 'India' },
    ];
    await service.rows(sql`update auth.users set addresses = ${JSON.stringify(legacy)}::jsonb where id = ${userId}`);
    await service.rows(sql.raw(migration));
    const user = await findUser(service.deps, userId);
    expect(user?.address).toMatchObject([
      { isDefault: true, pin: '560001', other: 'Flat 4, 12 MG Road', line1: null, city: 'Bangalore', district: 'Bangalore', state: 'Karnataka' },
      { isDefault: false, pin: '700016', other: '5 Park Street', city: 'Kolkata', state: 'West Bengal', country: 'India' },
    ]);
    const ids = user!.address.map((a) => a.id);
    expect(new Set(ids).size).toBe(2);

    // Running it again changes nothing, and the ids work with the address book.
    await service.rows(sql.raw(migration));
    expect((await findUser(service.deps, userId))?.address.map((a) => a.id)).toEqual(ids);
    const defaulted = await makeDefaultAddress(service.deps, userId, ids[1]);
    expect(defaulted.address.map((a) => a.other)).toEqual(['5 Park Street', 'Flat 4, 12 MG Road']);
  });
});
