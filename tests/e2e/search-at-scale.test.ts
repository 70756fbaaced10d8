import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openPglite, pgliteDatabase, runMigrations } from '@shop/platform';
import { seedCategories } from '../../services/catalog/src/domain/category.directory';
import { generateCatalog } from '../../services/catalog/src/seed/generate-catalog';
import { screenshotOnFailure, shopInBrowser } from '../support/browser';

/** 1,100 generated products all named '… Cotton Shirt n': a search for 'shirt' finds more than the 1,000 it counts (decision 0040). */
const SHIRTS = 1_100;

describe('a search that finds more than 1,000 products, in the browser', () => {
  const e2e = shopInBrowser('search', { email: 'admin@search.test', password: 'search-admin-1' }, {
    // Filled before the shop starts: the embedded PGlite has one owner at a time.
    beforeStart: async (dataDir) => {
      const database = pgliteDatabase(await openPglite(join(dataDir, 'pglite')), { ownsClient: true });
      await runMigrations(database, 'catalog', join(__dirname, '../../services/catalog/src/db/migrations'));
      await seedCategories(database.db);
      await generateCatalog(database.db, { products: SHIRTS, batchSize: 550 });
      await database.db.execute(sql`update catalog.products set name = 'Everyday Cotton Shirt ' || right(code, 6), search_text = 'everyday cotton shirt ' || lower(code)`);
      // 30 of them linen: a search under the cap.
      await database.db.execute(sql`update catalog.products set name = replace(name, 'Cotton', 'Linen'), search_text = replace(search_text, 'cotton', 'linen')
        where code in (select code from catalog.products order by code limit 30)`);
      await database.close();
    },
  });

  test('says "1,000+" and offers pages up to the thousandth product only', async () => {
    await screenshotOnFailure(e2e.page, 'search-at-scale', async () => {
      const { page, shop } = e2e;
      await page.goto(`${shop.url}/search?q=shirt`);
      await page.getByText('Showing 1–12 of 1,000+ products').waitFor();
      const pages = page.getByRole('navigation', { name: 'Pagination' });
      await pages.getByRole('button', { name: 'Page 84' }).click();
      await page.getByText('Showing 997–1,000 of 1,000+ products').waitFor();
      expect(await page.locator('main a[href^="/product/"]').filter({ hasText: 'Cotton Shirt' }).count()).toBeGreaterThan(0);
      expect(await pages.getByRole('button', { name: 'Page 85' }).count()).toBe(0);
      expect(await pages.getByRole('button', { name: /Next/ }).isDisabled()).toBe(true);
    });
  });

  test('keeps an exact total under the cap', async () => {
    await screenshotOnFailure(e2e.page, 'search-under-cap', async () => {
      const { page, shop } = e2e;
      await page.goto(`${shop.url}/search?q=${encodeURIComponent('linen shrt')}`);
      await page.getByText('Showing 1–12 of 30 products').waitFor();
      const pages = page.getByRole('navigation', { name: 'Pagination' });
      expect(await pages.getByRole('button', { name: /^Page / }).count()).toBe(3);
    });
  });
});
