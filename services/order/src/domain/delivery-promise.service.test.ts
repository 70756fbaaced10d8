import { promiseOf, zoneOfPin } from './delivery-promise.service';
import { addWorkingDays, dispatchDayOf, isWorkingDay } from './shop-calendar';

const zone = (pinPrefix: string, deliveryDays = 4, more: Partial<{ serviceable: boolean; codAvailable: boolean }> = {}) => ({
  pinPrefix,
  label: `zone ${pinPrefix}`,
  serviceable: true,
  codAvailable: true,
  deliveryDays,
  ...more,
});

/** An instant given as India time (UTC+05:30). */
const ist = (local: string) => new Date(`${local}+05:30`);

describe('the zone of a PIN code', () => {
  const zones = [zone('5'), zone('56', 3), zone('560', 2), zone('7')];

  test('the longest matching prefix wins, whatever the order of the zones', () => {
    expect(zoneOfPin(zones, '560038')?.pinPrefix).toBe('560');
    expect(zoneOfPin([...zones].reverse(), '560038')?.pinPrefix).toBe('560');
    expect(zoneOfPin(zones, '562001')?.pinPrefix).toBe('56');
    expect(zoneOfPin(zones, '500001')?.pinPrefix).toBe('5');
  });

  test('a PIN no zone covers has none, and is not served', () => {
    expect(zoneOfPin(zones, '110001')).toBeUndefined();
    expect(promiseOf('110001', undefined, ist('2026-11-24T10:00:00'))).toMatchObject({ serviceable: false, codAvailable: false, deliveryDate: null, message: 'Sorry, we do not deliver to PIN code 110001 yet.' });
  });
});

describe('the promised day', () => {
  test('before the 14:00 cut-off on a working day the order leaves the same day; the zone’s days are then counted', () => {
    // Tue 24 Nov 2026, 13:59 IST: dispatched Tue, 2 working days → Thu 26 Nov.
    expect(promiseOf('560038', zone('560', 2), ist('2026-11-24T13:59:00'))).toMatchObject({
      serviceable: true,
      codAvailable: true,
      deliveryDate: '2026-11-26',
      message: 'Delivery by Thu, 26 Nov · Cash on delivery available',
    });
  });

  test('at or after the cut-off it leaves the next working day', () => {
    expect(dispatchDayOf(ist('2026-11-24T14:00:00'))).toBe('2026-11-25');
    expect(promiseOf('560038', zone('560', 2), ist('2026-11-24T14:00:00')).deliveryDate).toBe('2026-11-27');
  });

  test('Sundays are neither dispatch nor delivery days', () => {
    // Sat 28 Nov after the cut-off: dispatched Mon 30 Nov (Sunday skipped).
    expect(dispatchDayOf(ist('2026-11-28T18:00:00'))).toBe('2026-11-30');
    // Fri 27 Nov morning, 2 working days: Sat 28, (Sun 29 skipped), Mon 30.
    expect(promiseOf('110001', zone('11', 2), ist('2026-11-27T09:00:00')).deliveryDate).toBe('2026-11-30');
    // An order on a Sunday morning waits for Monday.
    expect(dispatchDayOf(ist('2026-11-29T08:00:00'))).toBe('2026-11-30');
  });

  test('the shop’s holidays count as Sundays do', () => {
    expect(isWorkingDay('2026-12-25')).toBe(false);
    // Thu 24 Dec, 1 working day: Fri 25 (Christmas) skipped → Sat 26 Dec.
    expect(addWorkingDays('2026-12-24', 1)).toBe('2026-12-26');
  });

  test('just after midnight India time it is already the new day (the order is not a day late)', () => {
    // 18:40 UTC on Mon 23 Nov is 00:10 IST on Tue 24 Nov.
    expect(dispatchDayOf(new Date('2026-11-23T18:40:00Z'))).toBe('2026-11-24');
  });

  test('a zone without cash on delivery is served but says so; a zone switched off is not served', () => {
    expect(promiseOf('190001', zone('19', 8, { codAvailable: false }), ist('2026-11-24T10:00:00'))).toMatchObject({
      serviceable: true,
      codAvailable: false,
      message: 'Delivery by Thu, 3 Dec · Cash on delivery not available',
    });
    expect(promiseOf('900001', zone('9', 10, { serviceable: false }), ist('2026-11-24T10:00:00'))).toMatchObject({ serviceable: false, deliveryDate: null });
  });
});
