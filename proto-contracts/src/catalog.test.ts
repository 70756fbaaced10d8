import {
  CATEGORY_DEFINITIONS,
  COLOR_PALETTE,
  normalizeTags,
  productCreateSchema,
  productUpdateSchema,
  resolveTagKey,
  SIZE_SETS,
  TAG_KEYS,
} from './catalog';

const READING_B = ['fashion', 'watches', 'ladies_kurti', 'ladies_suit', 'home_decor', 'home_furnishing', 'bed_sheet', 'cosmetics', 'artificial_jewelry', 'toys', 'mobile_accessories', 'kids_knowledge_kit', 'novel_books', 'plastic_items', 'broom', 'hand_bag', 'luggage_bag', 'trolley', 'beverage_items', 'chocolate_toffee', 'snacks', 'others', 'etc'];

describe('categories', () => {
  it('are the 16 of reading A in order, indexed from 0 with ids from 1', () => {
    expect(CATEGORY_DEFINITIONS.map((c) => c.name)).toEqual([
      'Kids & Toys', 'Home & Kitchen', 'Beauty & Health', 'Jewellery & Accessories', 'Bags', 'Footwear', 'Watches', 'Grocery',
      'Books', 'Lingerie', 'Men', 'Women', 'Stationery', 'Sports', 'Fitness', 'Gifts & Gadget',
    ]);
    CATEGORY_DEFINITIONS.forEach((c, i) => expect({ index: c.index, id: c.id }).toEqual({ index: i, id: String(i + 1) }));
  });

  it('place every reading-B slug under a category, each once, with ids like 12-1', () => {
    const subs = CATEGORY_DEFINITIONS.flatMap((c) => c.subcategories.map((s) => ({ ...s, category: c.name, categoryId: c.id })));
    for (const slug of READING_B) expect(subs.filter((s) => s.str === slug)).toHaveLength(1);
    expect(new Set(subs.map((s) => s.str)).size).toBe(subs.length);
    for (const s of subs) expect(s.id.startsWith(`${s.categoryId}-`)).toBe(true);
    const where = (slug: string) => subs.find((s) => s.str === slug)!.category;
    expect([where('ladies_kurti'), where('snacks'), where('trolley'), where('watches'), where('etc')]).toEqual(['Women', 'Grocery', 'Bags', 'Watches', 'Gifts & Gadget']);
    expect(CATEGORY_DEFINITIONS.every((c) => c.subcategories.length > 0)).toBe(true);
  });

  it('offer sizes exactly when their size set has some', () => {
    for (const c of CATEGORY_DEFINITIONS) expect(c.ssize).toBe(SIZE_SETS[c.sizeSet].length > 0);
    expect(SIZE_SETS.shoe).toEqual(['4', '5', '6', '7', '8', '9', '10', '11', '12', '13', '14', '15']);
  });
});

describe('colours and tags', () => {
  it('has about 50 distinct named colours with hex values', () => {
    expect(COLOR_PALETTE.length).toBeGreaterThanOrEqual(45);
    expect(new Set(COLOR_PALETTE.map((c) => c.name.toLowerCase())).size).toBe(COLOR_PALETTE.length);
    for (const c of COLOR_PALETTE) expect(c.hex).toMatch(/^#[0-9A-F]{6}$/);
  });

  it('reads tags by index or key', () => {
    expect(TAG_KEYS).toEqual(['popular', 'trending', 'bestDeals', '30percentOff', '40percentOff', '50percentOff']);
    expect([resolveTagKey(0), resolveTagKey('5'), resolveTagKey('bestdeals'), resolveTagKey(6), resolveTagKey('x')]).toEqual(['popular', '50percentOff', 'bestDeals', undefined, undefined]);
  });

  it('keeps percent-off tags in step with the discount', () => {
    expect(normalizeTags(['50percentOff', 'popular'], 35)).toEqual(['popular', '30percentOff']);
    expect(normalizeTags([], 50)).toEqual(['30percentOff', '40percentOff', '50percentOff']);
  });
});

describe('product schemas', () => {
  const valid = { id: 'A-1', name: 'Kadai', price: '499.50', description: 'Iron kadai', category: 1, subcat: 'cookware', stock: '3', discount: '20%' };

  it('take form values (numbers as text, a percent sign) and drop unknown fields', () => {
    const parsed = productCreateSchema.parse({ ...valid, rating: 5, _id: 'x' });
    expect(parsed).toMatchObject({ code: 'A-1', pricePaise: 49_950, stock: 3, discount: 20, category: '1' });
    expect(parsed).not.toHaveProperty('rating');
  });

  it('report the first missing field in the spec’s order', () => {
    const message = (v: unknown) => productCreateSchema.safeParse(v).error?.issues[0].message;
    expect(message({})).toBe('Please enter the product name');
    expect(message({ name: 'x' })).toBe('Please enter the product ID');
    expect(message({ name: 'x', id: 'y' })).toBe('Please enter the price');
  });

  it('on update keep what is left out and refuse what is sent blank', () => {
    expect(productUpdateSchema.parse({})).toEqual(Object.fromEntries(Object.keys(productUpdateSchema.parse({})).map((k) => [k, undefined])));
    expect(productUpdateSchema.safeParse({ description: '' }).error?.issues[0].message).toBe('Please enter the product description');
  });
});
