import { amountInWords, financialYearOf, hsnCodeOf, invoiceNumberOf, isIntraState, numberInIndianWords, placeOfSupplyOf } from './invoice';
import { prorate } from './pricing';

describe('GST invoice rules', () => {
  test('the financial year runs April to March on the Asia/Kolkata calendar', () => {
    expect(financialYearOf(new Date('2027-03-31T18:29:59Z'))).toBe('2026-27'); // 23:59:59 IST, 31 March
    expect(financialYearOf(new Date('2027-03-31T18:30:00Z'))).toBe('2027-28'); // 00:00 IST, 1 April
    expect(financialYearOf(new Date('2026-11-23T12:00:00Z'))).toBe('2026-27');
    expect(financialYearOf(new Date('2099-06-01T00:00:00Z'))).toBe('2099-00');
  });

  test('invoice numbers are SK/<year>/<six digits>', () => {
    expect(invoiceNumberOf('2026-27', 123)).toBe('SK/2026-27/000123');
  });

  test('amounts in words use lakh and crore', () => {
    expect(numberInIndianWords(0)).toBe('Zero');
    expect(numberInIndianWords(115)).toBe('One Hundred Fifteen');
    expect(numberInIndianWords(100000)).toBe('One Lakh');
    expect(numberInIndianWords(123456789)).toBe('Twelve Crore Thirty-Four Lakh Fifty-Six Thousand Seven Hundred Eighty-Nine');
    expect(amountInWords(191395)).toBe('Rupees One Thousand Nine Hundred Thirteen and Ninety-Five Paise Only');
    expect(amountInWords(100)).toBe('Rupees One Only');
  });

  test('HSN per top-level category, the default for an unknown one', () => {
    expect(hsnCodeOf('Men')).toBe('6205');
    expect(hsnCodeOf('kids & toys')).toBe('9503');
    expect(hsnCodeOf('Nothing like it')).toBe('9619');
    expect(hsnCodeOf(undefined)).toBe('9619');
  });

  test('place of supply and intra-state checks ignore case and & versus and', () => {
    expect(placeOfSupplyOf('jammu & kashmir')).toBe('Jammu and Kashmir (01)');
    expect(placeOfSupplyOf('Atlantis')).toBe('Atlantis');
    expect(isIntraState('Karnataka', ' karnataka ')).toBe(true);
    expect(isIntraState('Karnataka', 'Kerala')).toBe(false);
  });

  test('prorate: the parts always add up to the whole and follow the weights', () => {
    for (const [total, weights] of [
      [100, [1, 1, 1]],
      [40500, [180000, 45000]],
      [7, [3, 0, 5, 9]],
      [0, [1, 2]],
      [99_999_999, [99_999_999, 1, 12345]],
    ] as Array<[number, number[]]>) {
      const parts = prorate(total, weights);
      expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
      const sum = weights.reduce((a, b) => a + b, 0);
      parts.forEach((p, i) => expect(Math.abs(p - (total * weights[i]!) / sum)).toBeLessThan(1));
    }
    expect(prorate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(prorate(5, [0, 0])).toEqual([5, 0]);
  });
});
