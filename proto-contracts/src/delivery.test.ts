import { deliveryByLabel, deliveryByLabelAt, deliveryDayLabel, normalizeDeliveryPin } from './delivery';

describe('how a delivery day is said', () => {
  test('a shop calendar day reads as weekday, day and month', () => {
    expect(deliveryDayLabel('2026-11-28')).toBe('Sat, 28 Nov');
    expect(deliveryByLabel('2027-01-04')).toBe('Delivery by Mon, 4 Jan');
  });

  test('an order’s stored estimate (00:00 India time, 18:30 UTC the day before) is its India day, not the UTC one', () => {
    expect(deliveryByLabelAt('2026-11-25T18:30:00.000Z')).toBe('Delivery by Thu, 26 Nov');
    expect(deliveryByLabelAt(new Date('2026-11-26T18:29:59.000Z'))).toBe('Delivery by Thu, 26 Nov');
  });

  test('a PIN is 6 digits not starting with 0; spaces are dropped', () => {
    expect(normalizeDeliveryPin('560 038')).toBe('560038');
    expect(normalizeDeliveryPin(110001)).toBe('110001');
    expect(normalizeDeliveryPin('056003')).toBeUndefined();
    expect(normalizeDeliveryPin('5600381')).toBeUndefined();
    expect(normalizeDeliveryPin(null)).toBeUndefined();
  });
});
