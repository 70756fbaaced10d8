import type { BrowserContext } from 'playwright-core';
import { screenshotOnFailure, shopInBrowser, snap } from '../support/browser';

const ADMIN = { email: 'admin@address.test', password: 'admin-pass-address' };

/**
 * The address book (decisions 0065, 0066 and 0100): a shopper adds an address by its PIN code
 * (city, district and state fill in; a PIN of two districts offers both), is told a wrong PIN does
 * not exist and a city of another state is not the PIN's, makes the new address the default, and
 * checks out with it: the order carries recipient, lines, landmark and district.
 */
describe('address book in the browser', () => {
  const e2e = shopInBrowser('address-book', ADMIN);
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    for (const context of contexts) await context.close();
  });

  async function inStockProduct(): Promise<{ _id: string; name: string }> {
    const listing = await (await e2e.context.request.get(`${e2e.shop.url}/api/v1/products?inStock=true`)).json();
    return (listing.products as Array<{ _id: string; name: string; size: string[]; stock: number }>).find((p) => p.size.length === 0 && p.stock > 5)!;
  }

  for (const width of [1280, 390]) {
    test(`at ${width} px: add by PIN, a wrong PIN, make default, check out with it`, async () => {
      const context = await e2e.browser.newContext({ viewport: { width, height: width === 1280 ? 800 : 844 } });
      contexts.push(context);
      const account = { name: 'Meera Iyer', email: `meera${width}@shop.test`, phone: '9876543210', password: 'meera-pass-1' };
      expect((await context.request.post(`${e2e.shop.url}/api/v1/register`, { data: account })).status()).toBe(201);
      // An address saved the old way ({pin, other}) is the default to begin with.
      expect((await context.request.post(`${e2e.shop.url}/api/v1/addAddress`, { headers: { origin: e2e.shop.url }, data: { pin: '560001', other: '5 Old Lane' } })).status()).toBe(200);
      const product = await inStockProduct();
      expect((await context.request.post(`${e2e.shop.url}/api/v1/addToCart`, { headers: { origin: e2e.shop.url }, data: { productId: product._id, quantity: 1 } })).status()).toBeLessThan(300);
      const page = await context.newPage();

      await screenshotOnFailure(page, `address-book-${width}`, async () => {
        await page.goto(`${e2e.shop.url}/profile`);
        const form = page.getByRole('form', { name: 'New address' });
        await form.waitFor();

        // A PIN India Post does not have: the form says so.
        await form.getByLabel('PIN code').fill('999999');
        await form.getByText('This PIN code does not exist').waitFor();

        // A real PIN fills in city, district and state; its post offices lie in two districts, both offered.
        await form.getByLabel('PIN code').fill('110001');
        await form.getByText('Central Delhi or New Delhi, Delhi').waitFor();
        expect(await form.getByLabel('State').inputValue()).toBe('Delhi');
        expect(await form.getByLabel('District').inputValue()).toBe('Central Delhi');
        expect(await form.getByLabel('District').locator('option').allTextContents()).toEqual(['Central Delhi', 'New Delhi']);
        expect(await form.getByLabel('City').inputValue()).toBe('Central Delhi');
        // A city of another state is not the PIN's: the server says where the PIN is.
        await form.getByLabel('City').fill('Mumbai Suburban');
        await form.getByLabel('Full name').fill('Meera Iyer');
        expect(await form.getByLabel('Mobile number').inputValue()).toBe('9876543210');
        await form.getByLabel('Address line 1').fill('Flat 2, 14 Janpath');
        await form.getByLabel('Landmark').fill('Janpath Market');
        await form.getByRole('button', { name: 'Add Address' }).click();
        await page.getByText('PIN code 110001 is in Central Delhi or New Delhi district, Delhi, not in Mumbai Suburban').first().waitFor();
        await form.getByLabel('City').fill('New Delhi');
        await form.getByRole('button', { name: 'Add Address' }).click();
        await page.getByText('Address added successfully!').first().waitFor();

        // One address shows; the count names addresses only.
        await page.getByText('1 more address').waitFor();
        await page.getByRole('button', { name: 'See All' }).click();
        const book = page.getByRole('list', { name: 'Address book' });
        await book.getByText('Flat 2, 14 Janpath, Near Janpath Market').waitFor();
        await book.getByRole('listitem').nth(1).getByRole('button', { name: 'Make default' }).click();
        await page.getByText('Default address changed').first().waitFor();
        const first = book.getByRole('listitem').first();
        await first.getByText('Meera Iyer').waitFor();
        await first.getByText('Default').waitFor();
        await snap(page, `address-book-profile-${width}`);

        // Checkout preselects the default address and ships the whole address.
        await page.goto(`${e2e.shop.url}/checkout`);
        await page.getByRole('heading', { name: 'Confirm Order' }).waitFor();
        const chosen = page.getByRole('radio', { name: /Flat 2, 14 Janpath/ });
        expect(await chosen.isChecked()).toBe(true);
        await page.getByRole('radio', { name: /5 Old Lane/ }).waitFor();
        await page.getByRole('button', { name: /Add a new address/ }).waitFor();
        await snap(page, `address-book-checkout-${width}`);
        await page.getByRole('button', { name: 'Place Order' }).click();
        await page.getByRole('heading', { name: 'Order Placed Successfully!' }).waitFor();
        await page.getByText('Meera Iyer, Flat 2, 14 Janpath, Near Janpath Market, Central Delhi district').waitFor();
        await page.getByText(/New Delhi, Delhi – 110001/).waitFor();

        // The order's own page shows the same full address.
        await page.getByRole('link', { name: 'View Order' }).click();
        const shipping = page.getByRole('region', { name: 'Shipping address' });
        await shipping.getByText('Meera Iyer, Flat 2, 14 Janpath, Near Janpath Market, Central Delhi district').waitFor();
        await shipping.getByText('New Delhi, Delhi – 110001').waitFor();
      });
    });
  }
});
