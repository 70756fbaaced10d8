import { ADDRESS_LIMITS, checkAddressEntry, shippingAddressText, streetLineOf } from './address-book';
import { INDIAN_STATES, indianStateNamed } from './indian-states';

const ENTRY = { recipientName: ' Asha  Rao ', phone: '+91 98765-43210', line1: '12 MG Road', pin: 560001, city: 'Bengaluru', state: 'KARNATAKA' };

describe('checkAddressEntry', () => {
  it('trims, keeps the phone’s 10 digits and names the state officially', () => {
    expect(checkAddressEntry(ENTRY)).toEqual({ entry: { recipientName: 'Asha Rao', phone: '9876543210', line1: '12 MG Road', pin: '560001', city: 'Bengaluru', state: 'Karnataka' } });
  });

  it('says what is missing first', () => {
    expect(checkAddressEntry({})).toEqual({ error: 'Please enter the name of the person receiving the parcel' });
    expect(checkAddressEntry({ ...ENTRY, line1: '  ' })).toEqual({ error: 'Please enter the house or flat number and street' });
    expect(checkAddressEntry({ ...ENTRY, pin: '056001' })).toEqual({ error: 'PIN code must be 6 digits' });
    expect(checkAddressEntry({ ...ENTRY, state: 'Bombay' })).toEqual({ error: 'Please choose a state or union territory from the list' });
    expect(checkAddressEntry({ ...ENTRY, phone: '12345' })).toEqual({ error: 'Please enter a valid 10-digit Indian mobile number' });
  });
});

describe('the 36 states and union territories', () => {
  it('are 36 distinct names, found in any case', () => {
    expect(new Set(INDIAN_STATES).size).toBe(36);
    expect(indianStateNamed('  dadra and nagar haveli and  daman and diu ')).toBe('Dadra and Nagar Haveli and Daman and Diu');
    expect(indianStateNamed('Orissa')).toBeNull();
  });
});

describe('shippingAddressText', () => {
  it('writes recipient, lines, landmark and a district that is not the city', () => {
    const address = { recipientName: 'Asha Rao', line1: 'Flat 4, 12 MG Road', line2: 'Ashok Nagar', landmark: 'Brigade Towers', city: 'Bengaluru', district: 'Bangalore' };
    expect(shippingAddressText(address)).toBe('Asha Rao, Flat 4, 12 MG Road, Ashok Nagar, Near Brigade Towers, Bangalore district');
    expect(shippingAddressText({ ...address, district: 'Bengaluru' })).toBe('Asha Rao, Flat 4, 12 MG Road, Ashok Nagar, Near Brigade Towers');
  });

  it('is an older address’s text as it was', () => {
    expect(streetLineOf({ other: '5 Old Lane', line1: null })).toBe('5 Old Lane');
    // A landmark typed with its own 'near' (or 'opposite', 'behind') is not given a second one.
    expect(streetLineOf({ line1: '12 MG Road', landmark: 'Near Metro' })).toBe('12 MG Road, Near Metro');
    expect(streetLineOf({ line1: '12 MG Road', landmark: 'opp. Apollo Hospital' })).toBe('12 MG Road, opp. Apollo Hospital');
    expect(streetLineOf({ line1: '12 MG Road', landmark: 'Nearby Park' })).toBe('12 MG Road, Near Nearby Park');
    expect(shippingAddressText({ other: '5 Old Lane', line1: null })).toBe('5 Old Lane');
  });

  it('always fits the order’s 300-character address line', () => {
    const longest = {
      recipientName: 'n'.repeat(ADDRESS_LIMITS.recipientName),
      line1: 'a'.repeat(ADDRESS_LIMITS.line1),
      line2: 'b'.repeat(ADDRESS_LIMITS.line2),
      landmark: 'l'.repeat(ADDRESS_LIMITS.landmark),
      city: 'c'.repeat(ADDRESS_LIMITS.city),
      district: 'd'.repeat(ADDRESS_LIMITS.district),
    };
    expect(shippingAddressText(longest).length).toBeLessThanOrEqual(300);
  });
});
