import { INDIAN_STATES } from '@shop/proto-contracts';
import { DISTRICT_RENAMES } from './district-renames';
import { cityOfPin, districtOfPin, isRealPin, lookupPin, pinDirectorySize } from './pin-directory';

describe('PIN directory', () => {
  it('holds India Post’s PIN codes', () => {
    expect(pinDirectorySize()).toBeGreaterThan(19_000);
  });

  it('fills in district and state of a PIN', () => {
    expect(lookupPin('560001')).toMatchObject({ pin: '560001', city: 'Bangalore', district: 'Bangalore', districts: ['Bangalore'], state: 'Karnataka', states: ['Karnataka'] });
    expect(lookupPin('110001')).toMatchObject({ district: 'Central Delhi', districts: ['Central Delhi', 'New Delhi'], state: 'Delhi' });
  });

  it('lists the post-office localities a PIN covers, without the office-type marks', () => {
    const place = lookupPin('110001')!;
    expect(place.localities).toEqual(expect.arrayContaining(['Connaught Place', 'New Delhi', 'Janpath']));
    expect(lookupPin('400050')?.localities).toEqual(['Bandra West']);
    let most = 0;
    const odd: string[] = [];
    for (let pin = 100000; pin <= 999999; pin += 1) {
      const localities = lookupPin(String(pin))?.localities;
      if (!localities) continue;
      most = Math.max(most, localities.length);
      odd.push(...localities.filter((l) => !/^[^|;`"\s](.*\S)?$/.test(l) || /\s(BO|SO|HO)$/.test(l)));
    }
    expect(odd).toEqual([]);
    expect(most).toBe(61);
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

describe('district and city of a PIN (decision 0100)', () => {
  const delhi = lookupPin('110001')!;

  it("takes each of the PIN's districts, in any case and spacing, spelled as the directory does", () => {
    expect(districtOfPin(delhi, 'Central Delhi')).toBe('Central Delhi');
    expect(districtOfPin(delhi, '  new   DELHI ')).toBe('New Delhi');
  });

  it('refuses a district that is not the PIN’s', () => {
    expect(districtOfPin(delhi, 'Mumbai Suburban')).toBeNull();
    expect(districtOfPin(delhi, 'South Delhi')).toBeNull();
  });

  it("takes a district's newer official name, and refuses it for another state's PIN", () => {
    expect(districtOfPin(lookupPin('400050')!, 'Mumbai Suburban')).toBe('Mumbai Suburban');
    expect(districtOfPin(lookupPin('560001')!, 'bengaluru urban')).toBe('Bengaluru Urban');
    expect(districtOfPin(lookupPin('122001')!, 'Gurugram')).toBe('Gurugram');
    expect(districtOfPin(delhi, 'Gurugram')).toBeNull();
  });

  it('names for every renamed district one the directory has in that state', () => {
    const known = new Set<string>();
    for (let pin = 100000; pin <= 999999; pin += 1) {
      const place = lookupPin(String(pin));
      if (place && place.states.length === 1) place.districts.forEach((d) => known.add(`${d}|${place.state}`));
    }
    expect(DISTRICT_RENAMES.filter((r) => !known.has(`${r.directoryName}|${r.state}`))).toEqual([]);
  });

  it('takes as the city a district or locality of the PIN in any case and spacing, spelled as the directory does', () => {
    expect(cityOfPin(delhi, 'New Delhi')).toBe('New Delhi');
    expect(cityOfPin(delhi, 'connaught   place')).toBe('Connaught Place');
    expect(cityOfPin(delhi, 'CENTRAL DELHI')).toBe('Central Delhi');
    expect(cityOfPin(lookupPin('560001')!, ' Bengaluru ')).toBe('Bengaluru');
  });

  it("takes the district's headquarter town and other towns of the PIN's state", () => {
    // 402107 is a village PIN of Raigarh (Maharashtra) district, whose headquarters are at Alibag.
    const village = lookupPin('402107')!;
    expect(village.districts).toEqual(['Raigarh']);
    expect(village.localities).not.toContain('Alibag');
    expect(cityOfPin(village, 'Alibag')).toBe('Alibag');
    // Salt Lake (North 24 Parganas) writes Kolkata.
    expect(cityOfPin(lookupPin('700091')!, 'Kolkata')).toBe('Kolkata');
  });

  it('takes a town the directory does not know, and refuses one it knows only in another state', () => {
    expect(cityOfPin(lookupPin('400703')!, 'Navi  Mumbai')).toBe('Navi Mumbai');
    expect(cityOfPin(delhi, 'नई दिल्ली')).toBe('नई दिल्ली');
    expect(cityOfPin(delhi, 'Mumbai Suburban')).toBeNull();
    expect(cityOfPin(delhi, 'Mumbai')).toBeNull();
    expect(cityOfPin(delhi, 'bengaluru')).toBeNull();
  });
});
