import { randomUUID } from 'node:crypto';
import { isCalendarDate, normalizePinCode, normalizeShippingPhone, orderNumberOf, placeOrderSchema } from '@shop/proto-contracts';

describe('shipping phone normalisation', () => {
  test.each([
    ['9876543210', '9876543210'],
    ['+91 98765 43210', '9876543210'],
    ['+91-98765-43210', '9876543210'],
    ['919876543210', '9876543210'],
    ['09876543210', '9876543210'],
    ['(0) 98765 43210', '9876543210'],
    ['6000000000', '6000000000'],
  ])('%s → %s', (input, digits) => {
    expect(normalizeShippingPhone(input)).toBe(digits);
  });

  test.each(['5876543210', '987654321', '98765432100', '+1 987 654 3210', '0098765432', '', 'phone'])('%s is not a mobile number', (input) => {
    expect(normalizeShippingPhone(input)).toBeUndefined();
  });
});

describe('PIN code normalisation', () => {
  test.each([
    ['560038', 560038],
    ['560 038', 560038],
    [' 110-001 ', 110001],
    [400001, 400001],
  ])('%j → %d', (input, pin) => {
    expect(normalizePinCode(input)).toBe(pin);
  });

  test.each(['012345', '56003', '5600381', '', 'abcdef', 12345])('%j is not a PIN code', (input) => {
    expect(normalizePinCode(input)).toBeUndefined();
  });
});

describe('the order payload', () => {
  const shippingInfo = { address: ' 1 Road ', city: 'Pune', state: 'Maharashtra', country: 'India', pinCode: 411001, phoneNo: '98765 43210' };

  test("reads the spec's naming (orderItems with product / id) and drops prices", () => {
    const a = randomUUID();
    const b = randomUUID();
    const parsed = placeOrderSchema.parse({
      shippingInfo,
      orderItems: [
        { product: a.toUpperCase(), name: 'X', price: 1, quantity: 2 },
        { id: b, quantity: 1, properties: { size: 'M', color: 'Red' } },
      ],
      totalPrice: 1,
    });
    expect(parsed).toEqual({
      shippingInfo: { address: '1 Road', city: 'Pune', state: 'Maharashtra', country: 'India', pinCode: 411001, phoneNo: '9876543210' },
      items: [
        { productId: a, quantity: 2, size: undefined, color: undefined },
        { productId: b, quantity: 1, size: 'M', color: 'Red' },
      ],
    });
  });

  test('merges lines of the same product, size and colour; two colours of a size stay two items; a merged quantity over 100 is refused', () => {
    const a = randomUUID();
    const parsed = placeOrderSchema.parse({
      shippingInfo,
      items: [
        { productId: a, quantity: 2, size: 'M', color: 'Red' },
        { productId: a, quantity: 3, size: 'm', color: 'Blue' },
        { productId: a, quantity: 4, size: 'M', color: 'red' },
        { productId: a, quantity: 1, size: 'L' },
      ],
    });
    expect(parsed.items).toEqual([
      { productId: a, quantity: 6, size: 'M', color: 'Red' },
      { productId: a, quantity: 3, size: 'm', color: 'Blue' },
      { productId: a, quantity: 1, size: 'L', color: undefined },
    ]);
    const over = placeOrderSchema.safeParse({ shippingInfo, items: [{ productId: a, quantity: 60 }, { productId: a, quantity: 41 }] });
    expect(over.success).toBe(false);
  });

  test('every shipping field is required', () => {
    for (const field of ['address', 'city', 'state', 'country', 'pinCode', 'phoneNo']) {
      const result = placeOrderSchema.safeParse({ shippingInfo: { ...shippingInfo, [field]: ' ' }, items: [{ productId: randomUUID(), quantity: 1 }] });
      expect(result.success).toBe(false);
    }
  });
});

test('the order number is # and the last 6 characters of the id, upper-cased (the one form shopper and staff read)', () => {
  expect(orderNumberOf('3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e')).toBe('#2C3D4E');
});

test('calendar dates', () => {
  expect(isCalendarDate('2024-02-29')).toBe(true);
  expect(isCalendarDate('2025-02-29')).toBe(false);
  expect(isCalendarDate('2025-1-5')).toBe(false);
});
