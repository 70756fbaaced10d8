import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startEmbedded } from '../../deploy/embedded/main';
import { launchBrowser, screenshotOnFailure } from '../support/browser';

type Shop = Awaited<ReturnType<typeof startEmbedded>>;

const ADMIN = { email: 'admin@orders.test', password: 'admin-pass-orders' };

/**
 * A shopper buys the last two units of a product in Chromium, follows the order in My Orders,
 * cancels it, and sees the units back on the product page.
 */
describe('checkout and order tracking in the browser', () => {
  let shop: Shop;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-e2e-orders-'));
  const dialogs: string[] = [];

  beforeAll(async () => {
    shop = await startEmbedded({ PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.accept();
    });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** A product with exactly two units, made by staff through the admin API. */
  async function productWithTwoUnits(): Promise<{ _id: string; name: string; price: number }> {
    const staff = await browser.newContext();
    try {
      expect((await staff.request.post(`${shop.url}/api/v1/login`, { data: ADMIN })).status()).toBe(200);
      const created = await staff.request.post(`${shop.url}/api/v1/admin/product/create`, {
        headers: { origin: shop.url },
        data: { id: 'E2E-LAMP-1', name: 'Brass Diya Lamp', price: 1299, description: 'Hand-cast brass lamp for the puja room.', category: 1, subcat: 'cookware', stock: 2, discount: 10 },
      });
      expect(created.status()).toBe(201);
      return (await created.json()).product;
    } finally {
      await staff.close();
    }
  }

  test('browse → cart → checkout → success with the real number → My Orders → cancel → stock back', async () => {
    await screenshotOnFailure(page, 'orders', async () => {
      const lamp = await productWithTwoUnits();
      await context.request.post(`${shop.url}/api/v1/register`, {
        data: { name: 'Order Tester', email: 'orders@shop.test', phone: '98765 43210', password: 'orders-pass-1' },
      });

      // Browse to the product and put both units in the cart.
      await page.goto(`${shop.url}/product/${lamp._id}`);
      await page.getByRole('heading', { name: lamp.name }).waitFor();
      await page.getByText('Only 2 left').waitFor();
      await page.getByRole('button', { name: 'Increase' }).click();
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      await page.getByText(`${lamp.name} is added to cart successfully`).waitFor();
      await page.getByText('In Cart (2)').waitFor();

      await page.goto(`${shop.url}/cart`);
      await page.getByRole('heading', { name: 'Your Cart' }).waitFor();
      await page.getByRole('button', { name: 'Buy Now' }).click();
      await page.getByRole('heading', { name: 'Confirm Order' }).waitFor();

      // No saved address yet, so the add form is open; the registration phone is preselected.
      const alert = page.waitForEvent('dialog');
      await page.getByRole('button', { name: 'Place Order' }).click();
      expect((await alert).message()).toBe('Please select a shipping address and phone number.');
      await page.getByLabel('PIN code', { exact: true }).fill('560001');
      await page.getByLabel('Address', { exact: true }).fill('12 MG Road, Ashok Nagar');
      await page.getByLabel('City', { exact: true }).fill('Bengaluru');
      await page.getByLabel('State', { exact: true }).fill('Karnataka');
      await page.getByRole('button', { name: 'Add Address' }).click();
      await page.getByText('Address added successfully!').waitFor();
      expect(await page.getByRole('radio', { name: /12 MG Road/ }).isChecked()).toBe(true);

      // The server's figures: first order, so 10% off the subtotal before GST and shipping.
      const subtotal = lamp.price * 2;
      const discount = Math.round(subtotal * 10) / 100;
      const tax = Math.round((subtotal - discount) * 18) / 100;
      const total = subtotal - discount + tax + 5;
      const inr = (n: number) => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(n);
      await page.getByText(inr(total)).first().waitFor();

      await page.getByRole('button', { name: 'Place Order' }).click();
      await page.getByText('Order placed successfully!', { exact: true }).waitFor();
      await page.getByRole('heading', { name: 'Order Placed Successfully!' }).waitFor();
      const orderId = new URL(page.url()).searchParams.get('order')!;
      expect(orderId).toBeTruthy();
      const number = `#${orderId.slice(-8).toUpperCase()}`;
      await page.getByText(number).first().waitFor();

      // The ordered line left the cart (OrderPlaced reached the cart service).
      await page.getByRole('link', { name: 'Cart, 0 items' }).waitFor();

      await page.getByRole('link', { name: 'Track Your Orders' }).click();
      await page.getByRole('heading', { name: 'My Orders' }).waitFor();
      const card = page.getByRole('article').filter({ hasText: number });
      await card.getByText('Processing').first().waitFor();
      await card.getByText(lamp.name).waitFor();
      await card.getByText(inr(total)).waitFor();

      // Sold out while the order stands.
      await page.goto(`${shop.url}/product/${lamp._id}`);
      await page.getByRole('heading', { name: lamp.name }).waitFor();
      await page.getByRole('button', { name: 'Out of Stock' }).waitFor();

      await page.goto(`${shop.url}/orders`);
      await page.getByRole('heading', { name: 'My Orders' }).waitFor();
      await page.getByRole('article').filter({ hasText: number }).getByRole('button', { name: /Cancel order/ }).click();
      await page.getByText('Order cancelled').waitFor();
      expect(dialogs).toContain(`Cancel order ${number}?`);
      await page.getByRole('button', { name: 'Cancelled' }).click();
      await page.getByRole('article').filter({ hasText: number }).getByText('Cancelled').first().waitFor();

      // The two units are back.
      await page.goto(`${shop.url}/product/${lamp._id}`);
      await page.getByRole('heading', { name: lamp.name }).waitFor();
      await page.getByText('Only 2 left').waitFor();
      await page.getByRole('button', { name: 'Add to Cart' }).waitFor();
    });
  });
});
