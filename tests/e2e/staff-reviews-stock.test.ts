import type { BrowserContext } from 'playwright-core';
import { logIn, placeOrderOverRest, screenshotOnFailure, shopInBrowser, signedUpContext } from '../support/browser';

const ADMIN = { email: 'admin@staff-reviews.test', password: 'admin-pass-reviews' };
const BUYER = { name: 'Gita Rao', email: 'gita@staff-reviews.test', phone: '9876500051', password: 'gita-pass-1' };
const SHIPPING = { address: '9 Brigade Road', city: 'Bengaluru', state: 'Karnataka', country: 'India', pinCode: '560001', phoneNo: '9876500051' };

/**
 * A review waits for approval (the shop's default), is approved in the staff queue and appears on
 * the product page; a product sold down to the low-stock threshold shows on the list the dashboard
 * leads to. At 1280 and 390 px.
 */
describe('the review queue and the low-stock list in the staff console', () => {
  const others: BrowserContext[] = [];
  const e2e = shopInBrowser('staff-reviews', ADMIN, {
    beforeClose: async () => {
      for (const other of others) await other.close().catch(() => undefined);
    },
  });

  /** A product made by staff over REST, with `stock` units. */
  async function product(code: string, name: string, stock: number): Promise<string> {
    const staff = await e2e.browser.newContext();
    try {
      expect((await staff.request.post(`${e2e.shop.url}/api/v1/login`, { data: ADMIN })).status()).toBe(200);
      const created = await staff.request.post(`${e2e.shop.url}/api/v1/admin/product/create`, {
        headers: { origin: e2e.shop.url },
        data: { id: code, name, price: 799, description: 'Hand-made for the journey.', category: 1, subcat: 'cookware', stock },
      });
      expect(created.status()).toBe(201);
      return (await created.json()).product._id;
    } finally {
      await staff.close();
    }
  }

  test('a review waits, is approved in the queue, then appears on the product page', async () => {
    await screenshotOnFailure(e2e.page, 'staff-reviews', async () => {
      const productId = await product('E2E-POT-1', 'Clay Water Pot', 20);
      const buyer = await signedUpContext(e2e, others, BUYER);
      const written = await buyer.request.put(`${e2e.shop.url}/api/v1/review`, {
        headers: { origin: e2e.shop.url },
        data: { productId, rating: 4, comment: 'Keeps the water cool all day.' },
      });
      expect((await written.json()).review.status).toBe('pending');

      // The shopper is told it waits; nobody sees it yet.
      const shopper = await buyer.newPage();
      await shopper.setViewportSize({ width: 390, height: 844 });
      await shopper.goto(`${e2e.shop.url}/product/${productId}`);
      await shopper.getByText('Your review is waiting for approval.', { exact: false }).waitFor();
      expect(await shopper.getByRole('article', { name: `Review by ${BUYER.name.split(' ')[0]} R.` }).count()).toBe(0);

      // Staff: the queue opens on reviews waiting for approval.
      const page = e2e.page;
      await logIn(page, e2e.shop.url, ADMIN);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${e2e.shop.url}/admin?section=reviews`);
      const item = page.getByRole('listitem').filter({ hasText: 'Keeps the water cool all day.' });
      await item.getByText('Waiting for approval').waitFor();
      expect(await page.evaluate('document.documentElement.scrollWidth <= document.documentElement.clientWidth')).toBe(true);
      await item.getByRole('button', { name: 'Approve the review by Gita R.' }).click();
      await page.getByText('Review approved').waitFor();
      await page.getByText('No reviews are waiting for approval.').waitFor();

      await shopper.reload();
      await shopper.getByRole('article', { name: 'Review by Gita R.' }).getByText('Keeps the water cool all day.').waitFor();
      expect(await shopper.getByText('Your review is waiting for approval.', { exact: false }).count()).toBe(0);
      expect(e2e.dialogs).toEqual([]);
    });
  });

  test('a product sold down to the threshold shows on the low-stock list, reached from the dashboard', async () => {
    await screenshotOnFailure(e2e.page, 'staff-low-stock', async () => {
      const productId = await product('E2E-JAR-1', 'Pickle Jar Set', 6);
      const buyer = others[0]!;
      await placeOrderOverRest(e2e, buyer.request, { productId, quantity: 2, shippingInfo: SHIPPING });

      const page = e2e.page;
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(`${e2e.shop.url}/admin?section=dashboard`);
      await page.getByRole('link', { name: /^Low stock: \d+ products?$/ }).click();
      await page.getByRole('heading', { name: 'Low stock' }).waitFor();
      // Fewest first: the demo catalog's sold-out products and sizes come before it; page on until it shows.
      const row = page.getByRole('row').filter({ hasText: 'Pickle Jar Set' });
      for (let pages = 0; (await row.count()) === 0 && pages < 10; pages++) {
        const shown = await page.getByText(/^Page \d+ of \d+$/).innerText();
        await page.getByRole('button', { name: 'Next' }).click();
        await page.getByText(/^Page \d+ of \d+$/).filter({ hasNotText: shown }).waitFor();
      }
      await row.getByRole('cell', { name: '4', exact: true }).waitFor();
      await row.getByRole('link', { name: 'Restock Pickle Jar Set' }).waitFor();
      await page.setViewportSize({ width: 390, height: 844 });
      expect(await page.evaluate('document.documentElement.scrollWidth <= document.documentElement.clientWidth')).toBe(true);
    });
  });
});
