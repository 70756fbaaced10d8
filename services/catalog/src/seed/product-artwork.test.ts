import { artworkSvg, SUBCATEGORY_PICTOGRAMS } from './product-artwork';
import { DEMO_CATEGORIES } from './demo-catalog.data';

const spec = { title: 'Kitchen Broom', label: 'Home & Kitchen', categorySlug: 'home-kitchen', gradient: ['#ffffff', '#336699'] as [string, string] };
// On a dark gradient the pictogram is drawn in white, with the gradient's deep colour for details.
const drawn = (subcat: string) => SUBCATEGORY_PICTOGRAMS[subcat]!('#FFFFFF', '#336699');

describe('demo artwork matches the kind of product', () => {
  test("a broom's picture shows the broom, and a cookware item's the category's own drawing", () => {
    const broom = artworkSvg({ ...spec, subcat: 'broom' });
    const cookware = artworkSvg({ ...spec, subcat: 'cookware' });
    expect(broom).toContain(drawn('broom'));
    expect(cookware).not.toContain(drawn('broom'));
    expect(cookware).toBe(artworkSvg(spec));
  });

  test('every subcategory pictogram names a subcategory the demo catalog uses', () => {
    const used = new Set(DEMO_CATEGORIES.flatMap((category) => category.items.map((item) => item.subcat)));
    const drawnSubcats = Object.keys(SUBCATEGORY_PICTOGRAMS);
    expect(drawnSubcats.length).toBeGreaterThan(0);
    expect(drawnSubcats.filter((subcat) => !used.has(subcat))).toEqual([]);
  });
});
