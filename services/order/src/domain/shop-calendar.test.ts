import { istDateOf, istDayBounds } from './shop-calendar';

describe('Asia/Kolkata calendar days', () => {
  test('5 Jan runs from 00:00 IST (18:30 UTC the day before) to 00:00 IST on 6 Jan', () => {
    expect(istDayBounds('2025-01-05')).toEqual({ from: new Date('2025-01-04T18:30:00Z'), to: new Date('2025-01-05T18:30:00Z') });
  });

  const within = (instant: string, date: string) => {
    const { from, to } = istDayBounds(date);
    const t = new Date(instant).getTime();
    return t >= from.getTime() && t < to.getTime();
  };

  test('an order at 00:30 IST on 5 Jan belongs to 5 Jan, not 4 Jan', () => {
    const at = '2025-01-04T19:00:00Z';
    expect(istDateOf(new Date(at))).toBe('2025-01-05');
    expect(within(at, '2025-01-05')).toBe(true);
    expect(within(at, '2025-01-04')).toBe(false);
  });

  test('an order at 23:59 IST belongs to that day; midnight IST starts the next', () => {
    expect(istDateOf(new Date('2025-01-05T18:29:59Z'))).toBe('2025-01-05');
    expect(within('2025-01-05T18:29:59.999Z', '2025-01-05')).toBe(true);
    expect(within('2025-01-05T18:30:00Z', '2025-01-05')).toBe(false);
    expect(within('2025-01-05T18:30:00Z', '2025-01-06')).toBe(true);
  });

  test('month and year ends roll over', () => {
    expect(istDayBounds('2024-12-31').to).toEqual(istDayBounds('2025-01-01').from);
    expect(istDayBounds('2024-03-01').from).toEqual(new Date('2024-02-29T18:30:00Z'));
  });

  test('a malformed date is refused', () => {
    expect(() => istDayBounds('05-01-2025')).toThrow(RangeError);
  });
});
