import { artworkSvg, SUBCATEGORY_PICTOGRAMS } from './product-artwork';
import { DEMO_CATEGORIES } from './demo-catalog.data';

const spec = { title: 'Kitchen Broom', label: 'Home & Kitchen', categorySlug: 'home-kitchen', gradient: ['#ffffff', '#336699'] as [string, string] };

describe('demo artwork matches the kind of product', () => {
  test("a subcategory with its own pictogram (a broom) is not drawn as its category's (a pressure cooker)", () => {
    const broom = artworkSvg({ ...spec, subcat: 'broom' });
    const cookware = artworkSvg({ ...spec, subcat: 'cookware' });
    expect(broom).not.toBe(cookware);
    expect(cookware).toBe(artworkSvg(spec));
  });

  test('every subcategory pictogram names a subcategory the demo catalog uses', () => {
    const used = new Set(DEMO_CATEGORIES.flatMap((category) => category.items.map((item) => item.subcat)));
    for (const subcat of Object.keys(SUBCATEGORY_PICTOGRAMS)) expect([subcat, used.has(subcat)]).toEqual([subcat, true]);
  });
});
