import { INDIAN_STATES } from '@shop/proto-contracts';
import { isRealPin, lookupPin, pinDirectorySize } from './pin-directory';

describe('PIN directory', () => {
  it('holds India Post’s PIN codes', () => {
    expect(pinDirectorySize()).toBeGreaterThan(19_000);
  });

  it('fills in district and state of a PIN', () => {
    expect(lookupPin('560001')).toEqual({ pin: '560001', city: 'Bangalore', district: 'Bangalore', state: 'Karnataka', states: ['Karnataka'] });
    expect(lookupPin('110001')).toMatchObject({ district: 'Central Delhi', state: 'Delhi' });
  });

  it('names states as the Government of India does today', () => {
    expect(lookupPin('194101')?.state).toBe('Ladakh');
    expect(lookupPin('396210')?.state).toBe('Dadra and Nagar Haveli and Daman and Diu');
    expect(lookupPin('744101')?.state).toBe('Andaman and Nicobar Islands');
    expect(lookupPin('492001')?.state).toBe('Chhattisgarh');
    expect(lookupPin('605001')?.state).toBe('Puducherry');
  });

  it('covers all 36 states and union territories', () => {
    const seen = new Set<string>();
    for (let pin = 100000; pin <= 999999; pin += 1) {
      const place = lookupPin(String(pin));
      if (place) place.states.forEach((s) => seen.add(s));
    }
    expect([...seen].sort()).toEqual([...INDIAN_STATES].sort());
  });

  it('lists every state of a PIN that straddles a border, the main one first', () => {
    const place = lookupPin('140119');
    expect(place?.states).toEqual(expect.arrayContaining(['Punjab', 'Chandigarh']));
    expect(place?.states[0]).toBe(place?.state);
  });

  it('knows no PIN that India Post does not', () => {
    expect(isRealPin('999999')).toBe(false);
    expect(isRealPin('110001')).toBe(true);
    expect(lookupPin('12345')).toBeNull();
    expect(lookupPin('012345')).toBeNull();
  });
});
