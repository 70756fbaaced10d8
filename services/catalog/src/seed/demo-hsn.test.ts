import { GST_2_0_RATES, gstRateFor, isValidHsn, rupeesToPaise } from '@shop/proto-contracts';
import { DEMO_CATEGORIES } from './demo-catalog.data';
import { DEMO_HSN } from './demo-hsn';

describe('demo products have the HSN code of what they are (decision 0046)', () => {
  const items = DEMO_CATEGORIES.flatMap((c) => c.items);
  const rate = (name: string) => {
    const item = items.find((i) => i.name === name)!;
    return gstRateFor(DEMO_HSN[name]!, rupeesToPaise(item.price), GST_2_0_RATES) / 100;
  };

  test('every demo product has a valid code', () => {
    for (const item of items) expect({ name: item.name, valid: isValidHsn(DEMO_HSN[item.name] ?? '') }).toEqual({ name: item.name, valid: true });
  });

  test('the codes the issue names, and the rates they give', () => {
    expect(DEMO_HSN['Leather Wallet']).toBe('4202');
    expect(DEMO_HSN['Round Neck Cotton T-Shirt']).toBe('6109');
    expect(DEMO_HSN['Godaan by Premchand']).toBe('4901');
    expect(DEMO_HSN['Ruled Notebooks Pack of 6']).toBe('4820');
    expect([rate('Round Neck Cotton T-Shirt'), rate('Ruled Notebooks Pack of 6'), rate('Analog Watch with Leather Strap')]).toEqual([5, 0, 18]);
    expect([rate('Leather Wallet'), rate('Godaan by Premchand'), rate('Chakki Atta 10 kg'), rate('Herbal Hair Oil 200 ml'), rate('Kundan Necklace Set with Earrings')]).toEqual([18, 0, 5, 5, 3]);
    expect(rate('Palazzo Suit Set')).toBe(5);
  });
});
