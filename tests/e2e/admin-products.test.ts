import sharp from 'sharp';
import { answerDialog, screenshotOnFailure, shopInBrowser } from '../support/browser';

const ADMIN = { email: 'admin@admin-products.test', password: 'admin-pass-products' };

/** A small real PNG, as staff would pick from disk. */
async function pngFile(name: string) {
  const buffer = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 200, g: 40, b: 90 } } }).png().toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

/**
 * Staff create a sized product with an image in Chromium, see it in Products, edit it, and
 * delete it; bad input in the form gets a message beside the field, not a request.
 */
describe('the staff product screens in the browser', () => {
  const e2e = shopInBrowser('admin-products', ADMIN);

  async function loginAsAdmin() {
    await e2e.page.goto(`${e2e.shop.url}/login`);
    await e2e.page.getByLabel('Email').fill(ADMIN.email);
    await e2e.page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await e2e.page.getByRole('button', { name: 'Login', exact: true }).click();
    await e2e.page.waitForURL((url) => url.pathname === '/');
  }

  const field = (label: string) => e2e.page.getByLabel(label, { exact: true });

  test('create with sizes, colours and an image → Products → edit → delete', async () => {
    await screenshotOnFailure(e2e.page, 'admin-products', async () => {
      await loginAsAdmin();
      await e2e.page.goto(`${e2e.shop.url}/admin`);
      await e2e.page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
      await e2e.page.getByRole('navigation', { name: 'Dashboard sections' }).getByRole('link', { name: 'Create' }).click();
      await e2e.page.getByRole('heading', { name: 'Create Product' }).waitFor();

      // Nothing typed: every required field says what it needs, and nothing is sent.
      await e2e.page.getByRole('button', { name: 'Create Product' }).click();
      await e2e.page.getByText('Please enter the product ID').waitFor();
      await e2e.page.getByText('Please enter the product name').waitFor();
      await e2e.page.getByText('Please enter the price').waitFor();
      await e2e.page.getByText('Please enter the product description').waitFor();
      await e2e.page.getByText('Please select a category').waitFor();
      await e2e.page.getByText('Please enter the stock').waitFor();
      expect(await e2e.page.evaluate('document.activeElement?.id')).toBe(await field('Product ID').getAttribute('id'));

      await field('Product ID').fill('E2E-KURTI-1');
      await field('Name').fill('Block Print Cotton Kurti');
      await field('Description').fill('Hand block printed cotton kurti with three-quarter sleeves.');
      await field('Price').fill('899');
      // Staff type the MRP; the discount is worked out and shown, not typed.
      await field('MRP').fill('500');
      await field('Category').selectOption({ label: 'Women' });
      // Women has subcategories, colours and letter sizes.
      await field('Subcategory').waitFor();
      await e2e.page.getByRole('button', { name: 'Create Product' }).click();
      await e2e.page.getByText('Please select a subcategory').waitFor();
      await e2e.page.getByText('The MRP cannot be below the price').waitFor();
      await field('Subcategory').selectOption({ label: 'Kurtis' });
      await field('MRP').fill('1383');
      await e2e.page.getByText('35% off').waitFor();
      // 35% earns the 30% Off tag by itself; Popular is chosen.
      expect(await e2e.page.getByRole('checkbox', { name: '30% Off' }).isChecked()).toBe(true);
      await e2e.page.getByRole('checkbox', { name: 'Popular' }).check();

      await e2e.page.getByRole('checkbox', { name: 'Red', exact: true }).check();
      await e2e.page.getByRole('checkbox', { name: 'Navy Blue', exact: true }).check();
      await e2e.page.getByRole('checkbox', { name: 'M', exact: true }).check();
      await e2e.page.getByRole('checkbox', { name: 'L', exact: true }).check();
      await field('Units in size M').fill('4');
      await field('Units in size L').fill('6');
      await e2e.page.getByText('Total stock: 10').waitFor();
      expect(await field('Stock').inputValue()).toBe('10');

      // The image goes through the media upload; a file that is not an image is refused by the server.
      await field('Images').setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not really a picture') });
      await e2e.page.getByText('notes.png was not uploaded: Only PNG, JPEG, GIF and WebP images are allowed.').waitFor();
      await field('Images').setInputFiles(await pngFile('kurti.png'));
      await e2e.page.getByText('Images uploaded successfully!').waitFor();
      await e2e.page.getByRole('img', { name: 'Image 1 (main)' }).waitFor();
      await e2e.page.getByText('1/5').waitFor();

      // Held for a moment, so the busy label can be seen.
      await e2e.page.route('**/graphql', async (route) => {
        if (route.request().postData()?.includes('CreateProduct')) await new Promise((resolve) => setTimeout(resolve, 800));
        await route.continue();
      });
      await e2e.page.getByRole('button', { name: 'Create Product' }).click();
      await e2e.page.getByRole('button', { name: 'Creating Product...' }).waitFor();
      await e2e.page.getByText('Product Created successfully').waitFor();
      await e2e.page.unroute('**/graphql');

      // Cleared for the next product; category, sizes and colours stay.
      for (const label of ['Product ID', 'Name', 'Price', 'Description']) expect(await field(label).inputValue()).toBe('');
      // No picture left: the main images and each chosen colour's (Red, Navy Blue) count 0 of 5.
      await e2e.page.getByRole('img', { name: 'Image 1 (main)' }).waitFor({ state: 'detached' });
      expect(await e2e.page.getByText('0/5', { exact: true }).count()).toBe(3);
      expect(await field('Category').inputValue()).toBe('women');

      // The same product ID again: the server's refusal is shown as it says it.
      await field('Product ID').fill('E2E-KURTI-1');
      await field('Name').fill('Another Kurti');
      await field('Description').fill('Same code as the first one.');
      await field('Price').fill('499');
      await field('Units in size M').fill('1');
      await e2e.page.getByRole('button', { name: 'Create Product' }).click();
      await e2e.page.getByRole('alert').filter({ hasText: 'Product Creation Failed' }).getByText('A product with this ID already exists').waitFor();

      // Products: the new product with its first image, its name and its price with 2 decimals.
      await e2e.page.goto(`${e2e.shop.url}/admin?section=products`);
      await e2e.page.getByRole('heading', { name: 'Products', exact: true }).waitFor();
      await e2e.page.getByLabel('Search by name or code').fill('E2E-KURTI');
      await e2e.page.getByRole('status').filter({ hasText: 'Showing 1–1 of 1 product matching “E2E-KURTI”' }).waitFor();
      const row = e2e.page.getByRole('row').filter({ hasText: 'Block Print Cotton Kurti' });
      await row.waitFor();
      await row.getByText('₹899.00').waitFor();
      expect(await row.locator('img').getAttribute('src')).toMatch(/card\.webp$/);
      await expect(e2e.page.getByRole('row').filter({ hasText: 'Another Kurti' }).count()).resolves.toBe(0);

      await row.getByRole('link', { name: /^Edit/ }).click();
      await e2e.page.getByRole('heading', { name: 'Edit Product Details' }).waitFor();
      expect(await field('Product ID').inputValue()).toBe('E2E-KURTI-1');
      expect(await field('Product ID').getAttribute('readonly')).not.toBeNull();
      await e2e.page.getByText('35% off').waitFor();
      expect(await field('Subcategory').inputValue()).toBe('ladies_kurti');
      expect(await field('Units in size L').inputValue()).toBe('6');
      await e2e.page.getByRole('img', { name: 'Image 1 (main)' }).waitFor();

      await field('Price').fill('');
      await e2e.page.getByRole('button', { name: 'Save Changes' }).click();
      await e2e.page.getByText('Please enter the price').waitFor();
      await field('Name').fill('Block Print Kurti');
      await field('Price').fill('949.5');
      await field('Units in size L').fill('2');
      await e2e.page.getByRole('button', { name: 'Save Changes' }).click();
      await e2e.page.getByText('Product updated successfully!').waitFor();
      expect(await field('Stock').inputValue()).toBe('6');

      // Reviews are managed below the form: a shopper's review is read and deleted.
      const productId = decodeURIComponent(new URL(e2e.page.url()).pathname.split('/').pop()!);
      await e2e.page.getByText('No reviews yet.').waitFor();
      const shopper = await e2e.browser.newContext();
      try {
        await shopper.request.post(`${e2e.shop.url}/api/v1/register`, { data: { name: 'Meera Reviewer', email: 'meera@admin-products.test', phone: '9876500021', password: 'meera-pass-1' } });
        const reviewed = await shopper.request.put(`${e2e.shop.url}/api/v1/review`, {
          headers: { origin: e2e.shop.url },
          data: { productId, rating: 2, comment: 'The colour ran in the first wash.' },
        });
        expect(reviewed.status()).toBeLessThan(300);
      } finally {
        await shopper.close();
      }
      await e2e.page.reload();
      const review = e2e.page.getByRole('listitem').filter({ hasText: 'The colour ran in the first wash.' });
      await review.getByRole('img', { name: 'Rated 2.0 out of 5' }).waitFor();
      await review.getByRole('button', { name: /^Delete review by Meera/ }).click();
      await answerDialog(e2e.page, /^Delete the review by Meera.*\? This cannot be undone\.$/, 'Delete');
      await e2e.page.getByText('Review deleted', { exact: true }).waitFor();
      await e2e.page.getByText('No reviews yet.').waitFor();

      // The shopper's page shows the change: the name, the price and the sizes.
      await e2e.page.getByRole('link', { name: 'View product' }).click();
      await e2e.page.getByRole('heading', { name: 'Block Print Kurti' }).waitFor();
      await e2e.page.getByText('₹949.50').first().waitFor();
      await e2e.page.getByRole('radio', { name: 'L', exact: true }).waitFor();

      await e2e.page.goto(`${e2e.shop.url}/admin?section=products&q=E2E-KURTI`);
      const edited = e2e.page.getByRole('row').filter({ hasText: 'Block Print Kurti' });
      await edited.getByText('₹949.50').waitFor();
      await edited.getByRole('button', { name: /^Delete/ }).click();
      await answerDialog(e2e.page, 'Delete Block Print Kurti? This cannot be undone.', 'Delete');
      await e2e.page.getByText('Product deleted').waitFor();
      expect(e2e.dialogs).toEqual([]);
      await e2e.page.getByText('No products found.').waitFor();
      // An empty result is one page: the address settles (no endless replacing of page=0 by page 1).
      const replaced = await e2e.page.evaluate(`(async () => {
        let calls = 0;
        const replace = history.replaceState.bind(history);
        history.replaceState = (...args) => { calls += 1; replace(...args); };
        await new Promise((resolve) => setTimeout(resolve, 1000));
        return calls;
      })()`);
      expect(replaced).toBe(0);
    });
  });

  test("a shopper's first page downloads no staff code and no Chart.js", async () => {
    const visitor = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const product = (await (await visitor.request.get(`${e2e.shop.url}/api/v1/products?category=1`)).json()).products[0];
      for (const path of ['/', '/products/women', '/products/tag/popular', `/product/${product._id}`, '/login']) {
        const shopper = await visitor.newPage();
        const scripts: Array<{ url: string; body: string }> = [];
        shopper.on('response', (res) => {
          if (res.request().resourceType() === 'script') void res.text().then((body) => scripts.push({ url: res.url(), body }), () => undefined);
        });
        await shopper.goto(`${e2e.shop.url}${path}`, { waitUntil: 'domcontentloaded' });
        await shopper.getByRole('main').waitFor();
        // Every lazily loaded chunk of the page has arrived by now.
        await shopper.waitForTimeout(1500);
        expect(scripts.length).toBeGreaterThan(0);
        // The staff chunks (the admin routes, the product form, Chart.js) by name and by content.
        expect(scripts.map((s) => s.url).filter((url) => /\/(dashboard|dashboard-chart-setup|create-product|edit-product|product-form)-[\w-]+\.js$/.test(url))).toEqual([]);
        expect(scripts.filter((s) => /Orders Management|Creating Product\.\.\.|Chart\.js|`4\.5\.0`/.test(s.body)).map((s) => s.url)).toEqual([]);
        await shopper.close();
      }
    } finally {
      await visitor.close();
    }
  });
});
