import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startEmbedded } from '../../deploy/embedded/main';
import { launchBrowser, screenshotOnFailure } from '../support/browser';

type Shop = Awaited<ReturnType<typeof startEmbedded>>;

/** A shopper fills and edits a cart in Chromium; the cart lives on the server and in local storage. */
describe('the cart in the browser', () => {
  let shop: Shop;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-e2e-cart-'));
  const browserDialogs: string[] = [];

  beforeAll(async () => {
    shop = await startEmbedded({ PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    // The shop asks in its own dialogs: a browser dialog is a failure.
    page.on('dialog', (dialog) => {
      browserDialogs.push(dialog.message());
      void dialog.dismiss();
    });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('two products in different sizes, quantity and size changes, confirmed removal, wishlist to cart, logout empties the mirror', async () => {
    await screenshotOnFailure(page, 'cart', async () => {
      await context.request.post(`${shop.url}/api/v1/register`, { data: { name: 'Cart Tester', email: 'cart@shop.test', phone: '9876512345', password: 'cart-pass-1' } });
      const listing = await (await context.request.get(`${shop.url}/api/v1/products?category=10&inStock=true`)).json();
      type Listed = { _id: string; name: string; price: number; size: string[]; stockDetail: Record<string, number> };
      // Products with at least two sizes in stock, so a line can move to another size.
      const sized = (listing.products as Listed[]).filter((p) => p.size.length >= 2 && p.size.slice(0, 2).every((s) => (p.stockDetail[s] ?? 0) > 2));
      expect(sized.length).toBeGreaterThanOrEqual(3);
      const [first, second, third] = sized as [Listed, Listed, Listed];
      const mirror = async () =>
        (JSON.parse(String(await page.evaluate("localStorage.getItem('cartItems')"))) as Array<{ id: string; quantity: number; properties: { size: string | null } }>)
          .map((i) => [i.id, i.quantity, i.properties.size] as const)
          .sort();

      await page.goto(`${shop.url}/product/${first._id}`);
      await page.getByRole('heading', { name: first.name }).waitFor();
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      await page.getByText(`${first.name} is added to cart successfully`).waitFor();
      await page.getByText('In Cart (1)').waitFor();
      // Toasts sit below the header, whose cart and account controls stay uncovered.
      const toastBox = (await page.locator('.Toastify__toast').first().boundingBox())!;
      const headerBox = (await page.locator('header').first().boundingBox())!;
      expect(toastBox.y).toBeGreaterThanOrEqual(headerBox.y + headerBox.height);
      await page.getByRole('button', { name: 'Increase' }).click();
      await page.getByText(`Updated ${first.name} quantity in the cart`).waitFor();
      await page.getByText('In Cart (2)').waitFor();

      // The second product in its second size.
      await page.goto(`${shop.url}/product/${second._id}`);
      await page.getByRole('heading', { name: second.name }).waitFor();
      await page.locator('.size-option', { hasText: new RegExp(`^${second.size[1]}$`) }).click();
      await page.getByText(`Size: ${second.size[1]}`).waitFor();
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      await page.getByText(`${second.name} is added to cart successfully`).waitFor();
      expect(await mirror()).toEqual([[first._id, 2, first.size[0]], [second._id, 1, second.size[1]]].sort());

      await page.goto(`${shop.url}/cart`);
      await page.getByRole('heading', { name: 'Your Cart' }).waitFor();
      await page.getByText('Total Amount').waitFor();
      const expected = first.price * 2 + second.price;
      const amount = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 }).format(expected);
      await page.getByText(amount).first().waitFor();

      // The first line moves to its second size.
      const firstLine = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: first.name }) });
      await firstLine.getByLabel('Size').selectOption(first.size[1]!);
      await page.getByText(`Updated properties for ${first.name}`).waitFor();
      expect(await mirror()).toEqual([[first._id, 2, first.size[1]], [second._id, 1, second.size[1]]].sort());

      // A refused quantity: the box goes back to the quantity the cart has.
      const quantityBox = firstLine.getByLabel('Quantity');
      await quantityBox.fill('0');
      await quantityBox.press('Enter');
      await page.getByText('Quantity cannot be less than 1').first().waitFor();
      expect(await quantityBox.inputValue()).toBe('2');

      const secondLine = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: second.name }) });
      // Kept when the shopper says Cancel, removed when they confirm.
      await secondLine.getByRole('button', { name: 'Remove' }).click();
      const question = page.getByRole('alertdialog');
      await question.getByText(`Remove ${second.name} from your cart?`).waitFor();
      await question.getByRole('button', { name: 'Cancel' }).click();
      await question.waitFor({ state: 'detached' });
      await page.getByRole('link', { name: 'Cart, 3 items' }).waitFor();
      await secondLine.getByRole('button', { name: 'Remove' }).click();
      await question.getByRole('button', { name: 'Remove' }).click();
      await page.getByText(`${second.name} removed from cart`).waitFor();
      await page.getByRole('link', { name: 'Cart, 2 items' }).waitFor();

      // Wishlist: the heart on a product card, then Move to cart on /wishlist.
      await page.goto(`${shop.url}/products/men`);
      await page.getByRole('button', { name: `Add ${third.name} to wishlist` }).click();
      await page.getByText(`${third.name} added to your wishlist`).waitFor();
      await page.getByRole('button', { name: `Remove ${third.name} from wishlist` }).waitFor();
      await page.goto(`${shop.url}/wishlist`);
      await page.getByRole('heading', { name: 'Your Wishlist' }).waitFor();
      // It has sizes: Move to cart asks which one (Cancel moves nothing), never picks one silently.
      await page.getByRole('button', { name: 'Move to cart' }).click();
      const sizeDialog = page.getByRole('dialog', { name: 'Choose a size' });
      await sizeDialog.getByText(third.name).waitFor();
      await sizeDialog.getByRole('button', { name: 'Cancel' }).click();
      await sizeDialog.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Move to cart' }).click();
      await sizeDialog.getByRole('button', { name: 'Move to cart' }).click();
      await sizeDialog.getByText('Please choose a size').waitFor();
      await sizeDialog.locator('.size-option', { hasText: new RegExp(`^${third.size[1]}$`) }).click();
      await sizeDialog.getByRole('button', { name: 'Move to cart' }).click();
      await page.getByText(`${third.name} moved to your cart`).waitFor();
      await page.getByText('Your wishlist is empty.').waitFor();
      await page.getByRole('link', { name: 'Cart, 3 items' }).waitFor();
      expect(await mirror()).toEqual([[first._id, 2, first.size[1]], [third._id, 1, third.size[1]]].sort());

      await page.getByRole('button', { name: /Account menu/ }).click();
      await page.getByRole('button', { name: 'Logout' }).click();
      await page.getByText('Logged out successfully').waitFor();
      expect(await page.evaluate("localStorage.getItem('cartItems')")).toBeNull();
      // Logging out from the cart lands on the home page, not on /login.
      await page.waitForURL(`${shop.url}/`);
      expect(browserDialogs).toEqual([]);
    });
  });
});
