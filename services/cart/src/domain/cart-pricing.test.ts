import type { ProductSnapshotRow } from '../db/schema';
import { priceCart, type PricedLine } from './cart-pricing';

const snapshot = (over: Partial<ProductSnapshotRow> = {}): ProductSnapshotRow => ({
  productId: '11111111-1111-4111-8111-111111111111',
  code: 'P-1',
  name: 'Thing',
  price: 49_950,
  oldPrice: 59_900,
  discount: 17,
  image: null,
  colorThumbnails: {},
  sizes: [],
  colors: [],
  stock: 10,
  stockDetail: {},
  deleted: false,
  updatedAt: new Date(0),
  ...over,
});

let lineCounter = 0;
const line = (over: Partial<PricedLine> = {}, product: Partial<ProductSnapshotRow> = {}): PricedLine => ({
  lineId: `00000000-0000-4000-8000-${String(++lineCounter).padStart(12, '0')}`,
  quantity: 1,
  size: null,
  color: null,
  product: snapshot(product),
  ...over,
});

describe('priceCart', () => {
  test('subtotal is price × quantity and saving (MRP − price) × quantity, in rupees', () => {
    const [item] = priceCart('u', [line({ quantity: 3 })]).items;
    expect(item).toMatchObject({ price: 499.5, oldPrice: 599, subtotal: 1498.5, saving: 298.5 });
  });

  test('a saving never goes below 0, even when the stored MRP is under the price', () => {
    const [item] = priceCart('u', [line({ quantity: 2 }, { price: 10_000, oldPrice: 9_000 })]).items;
    expect(item.saving).toBe(0);
    expect(item.oldPrice).toBe(100);
  });

  test('the total is the sum of the subtotals of lines that can be bought, to the paisa', () => {
    const prices = [1, 333, 9_999, 12_345, 100_001];
    const lines = prices.map((price, i) => line({ quantity: i + 1 }, { price, oldPrice: price, productId: `p${i}` }));
    const cart = priceCart('u', lines);
    const fromItems = cart.items.reduce((sum, i) => sum + Math.round(i.subtotal * 100), 0);
    expect(Math.round(cart.totalAmount * 100)).toBe(fromItems);
    expect(cart.totalItems).toBe(15);
  });

  test('a deleted product counts as items but not in the amount, and is a problem', () => {
    const cart = priceCart('u', [line({ quantity: 2 }, { deleted: true }), line({}, { price: 100, productId: 'other' })]);
    expect(cart).toMatchObject({ totalItems: 3, totalAmount: 1, hasProblems: true });
    expect(cart.items[0].available).toBe(false);
  });

  test('a quantity over the stock of its size is a problem; a size no longer offered has no stock', () => {
    const sized = { sizes: ['M', 'L'], stock: 3, stockDetail: { M: 1, L: 2 } };
    expect(priceCart('u', [line({ quantity: 2, size: 'L' }, sized)]).hasProblems).toBe(false);
    expect(priceCart('u', [line({ quantity: 2, size: 'M' }, sized)]).hasProblems).toBe(true);
    expect(priceCart('u', [line({ quantity: 1, size: 'L' }, { ...sized, stockDetail: { M: 0, L: 2 } })]).items[0]!.soldOutSizes).toEqual(['M']);
    const gone = priceCart('u', [line({ quantity: 1, size: 'XL' }, sized)]);
    expect(gone.items[0].stock).toBe(0);
    expect(gone.hasProblems).toBe(true);
  });

  test("a line shows its colour's own picture when the colour has one, else the product's", () => {
    const shirt = { image: '/media/a/card.webp', colors: ['Red', 'Blue'], colorThumbnails: { Red: '/media/r/card.webp' } };
    expect(priceCart('u', [line({ color: 'Red' }, shirt)]).items[0]!.image).toBe('/media/r/card.webp');
    expect(priceCart('u', [line({ color: 'Blue' }, shirt)]).items[0]!.image).toBe('/media/a/card.webp');
    expect(priceCart('u', [line({ color: null }, shirt)]).items[0]!.image).toBe('/media/a/card.webp');
  });

  test('an empty cart', () => {
    expect(priceCart('u', [])).toEqual({ id: 'u', items: [], totalItems: 0, totalAmount: 0, hasProblems: false });
  });

  test('two colours of one size share its stock: together over it is a problem, each alone is not', () => {
    const shirt = { sizes: ['M'], colors: ['Olive', 'Navy'], stockDetail: { M: 3 }, stock: 3 };
    const fits = priceCart('u', [line({ size: 'M', color: 'Olive', quantity: 1 }, shirt), line({ size: 'M', color: 'Navy', quantity: 2 }, shirt)]);
    expect(fits.hasProblems).toBe(false);
    const over = priceCart('u', [line({ size: 'M', color: 'Olive', quantity: 2 }, shirt), line({ size: 'M', color: 'Navy', quantity: 2 }, shirt)]);
    expect(over.hasProblems).toBe(true);
    expect(over.items.map((i) => i.lineId)).toHaveLength(2);
  });
});

