import { slipsAllowed, typoDistance } from './typo-distance';

describe('typing slips between a search word and a catalog word', () => {
  it('counts a letter left out, added, changed, or two swapped as one slip each', () => {
    expect(typoDistance('lether', 'leather', 2)).toBe(1);
    expect(typoDistance('walet', 'wallet', 2)).toBe(1);
    expect(typoDistance('shrit', 'shirt', 2)).toBe(1);
    expect(typoDistance('bat', 'bag', 2)).toBe(1);
    expect(typoDistance('mens', 'men', 2)).toBe(1);
    expect(typoDistance('kurta', 'kurta', 2)).toBe(0);
    expect(typoDistance('terracota', 'terracotta', 2)).toBe(1);
    expect(typoDistance('mens', 'mesh', 2)).toBe(2);
  });

  it('stops counting past the most it was asked about', () => {
    expect(typoDistance('men', 'women', 1)).toBe(2);
    expect(typoDistance('mens', 'geometry', 1)).toBe(2);
    expect(typoDistance('mens', 'memory', 1)).toBe(2);
    expect(typoDistance('', 'abc', 5)).toBe(3);
  });

  it('allows none in a word of two letters, one up to five letters, two in longer words', () => {
    expect(['xl', 'men', 'shirt', 'lether', 'terracota'].map(slipsAllowed)).toEqual([0, 1, 1, 2, 2]);
  });
});
