import { AppError } from '@shop/platform';
import { assertInStock, resolveProperties } from './cart-line.rules';

const shoe = { sizes: ['7', '8', '9'], colors: ['Black', 'Tan'], stock: 5, stockDetail: { '7': 0, '8': 2, '9': 3 } };
const plain = { sizes: [], colors: [], stock: 4, stockDetail: {} };

const messageOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    return (err as AppError).message;
  }
  throw new Error('expected a failure');
};

describe('resolveProperties', () => {
  test('a size is required when the product has sizes, unless a default is wanted', () => {
    expect(messageOf(() => resolveProperties(shoe, {}))).toBe('Please select a size');
    expect(resolveProperties(shoe, {}, { defaultSize: true })).toEqual({ size: '8', color: 'Black' });
    expect(resolveProperties(shoe, {}, { defaultSize: true, quantity: 3 })).toEqual({ size: '9', color: 'Black' });
    expect(resolveProperties(shoe, {}, { defaultSize: true, quantity: 4 }).size).toBe('7');
  });

  test('options must be offered; case and spaces do not matter and the offered spelling is kept', () => {
    expect(resolveProperties(shoe, { size: '9', color: ' tan ' })).toEqual({ size: '9', color: 'Tan' });
    expect(messageOf(() => resolveProperties(shoe, { size: '10' }))).toBe('This size is not available for this product');
    expect(messageOf(() => resolveProperties(shoe, { size: '8', color: 'Pink' }))).toBe('This colour is not available for this product');
  });

  test('a product without options stores none', () => {
    expect(resolveProperties(plain, { size: 'M', color: 'Red' })).toEqual({ size: null, color: null });
  });
});

describe('assertInStock', () => {
  test('checks the stock of the chosen size, or of the product', () => {
    expect(() => assertInStock(shoe, '9', 3)).not.toThrow();
    expect(messageOf(() => assertInStock(shoe, '8', 3))).toBe('Only 2 items available in stock');
    expect(messageOf(() => assertInStock(shoe, '7', 1))).toBe('This product is out of stock');
    expect(messageOf(() => assertInStock(plain, null, 5))).toBe('Only 4 items available in stock');
  });
});
