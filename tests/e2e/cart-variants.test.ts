import type { BrowserContext, Page } from 'playwright-core';
import { cartMirror, pageRecordingDialogs, screenshotOnFailure, shopInBrowser, signedUpContext, snap } from '../support/browser';

type Listed = { _id: string; name: string; price: number; size: string[]; colors: string[]; stockDetail: Record<string, number> };

/** Clicks the colour's swatch (its label) and waits until the page shows the choice. */
async function chooseColour(page: Page, colour: string) {
  await page.locator('label.swatch', { has: page.getByRole('radio', { name: colour, exact: true }) }).click();
  await page.getByText(`Colour: ${colour}`, { exact: true }).waitFor();
}

/**
 * A cart holds one line per product, size and colour (decision 0062), and a logged-out shopper's
 * cart is kept in the browser and merged into the account at login (decision 0063).
 */
describe('cart lines per colour and size, and the guest cart', () => {
  const e2e = shopInBrowser('cart-variants', { email: 'admin@shop.test', password: 'admin-pass-1' });
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    for (const context of contexts) await context.close();
  });

  /** Products with two colours and a size with stock to spare. */
  async function colouredProducts(): Promise<Listed[]> {
    const listing = await (await e2e.context.request.get(`${e2e.shop.url}/api/v1/products?category=10&inStock=true`)).json();
    return (listing.products as Listed[]).filter((p) => p.colors.length >= 2 && p.size.length >= 1 && (p.stockDetail[p.size[0]!] ?? 0) > 4);
  }

  test('at 1280 px: two colours of one product in the cart, each its own line', async () => {
    const account = { name: 'Two Colours', email: 'colours@shop.test', phone: '9876500011', password: 'colours-pass-1' };
    const context = await signedUpContext(e2e, contexts, account);
    const [product] = await colouredProducts();
    expect(product).toBeDefined();
    const p = product!;
    const [firstColour, secondColour] = p.colors as [string, string];
    const { page, dialogs } = await pageRecordingDialogs(context);

    await screenshotOnFailure(page, 'cart-variants-1280', async () => {
      await page.goto(`${e2e.shop.url}/product/${p._id}`);
      await page.getByRole('heading', { name: p.name, level: 1 }).waitFor();
      await chooseColour(page, firstColour);
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      await page.getByText(`${p.name} is added to cart successfully`).first().waitFor();
      await page.getByText('In Cart (1)').waitFor();

      // Another colour is another variant: Add to Cart again, and the first line stays as it was.
      await chooseColour(page, secondColour);
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      await page.getByText('In Cart (1)').waitFor();
      await snap(page, 'variants-product-1280');
      expect(await cartMirror(page)).toEqual(
        [
          [p._id, 1, p.size[0], firstColour],
          [p._id, 1, p.size[0], secondColour],
        ].sort(),
      );
      await expect(page.getByText(/Updated properties for/).count()).resolves.toBe(0);

      // The cart page shows both lines; a step on one changes that line only.
      await page.goto(`${e2e.shop.url}/cart`);
      await page.getByRole('heading', { name: 'Your Cart' }).waitFor();
      const lines = page.getByRole('list', { name: 'Cart items' }).getByRole('listitem').filter({ has: page.getByRole('heading', { name: p.name }) });
      await expect(lines.count()).resolves.toBe(2);
      const second = lines.nth(1);
      await second.getByRole('button', { name: 'Increase' }).click();
      await page.getByText(`Updated ${p.name} quantity in the cart`).first().waitFor();
      await page.getByRole('link', { name: 'Cart, 3 items' }).waitFor();
      expect(await cartMirror(page)).toEqual(
        [
          [p._id, 1, p.size[0], firstColour],
          [p._id, 2, p.size[0], secondColour],
        ].sort(),
      );
      await snap(page, 'variants-cart-1280');
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(1280);
      expect(dialogs).toEqual([]);
    });
  });

  test('at 390 px: a guest adds two colours, sees the cart, logs in at Buy Now and finds the lines merged', async () => {
    const account = { name: 'Guest Shopper', email: 'guest@shop.test', phone: '9876500022', password: 'guest-pass-1' };
    await signedUpContext(e2e, contexts, account);
    const products = await colouredProducts();
    const p = products[1] ?? products[0]!;
    const [firstColour, secondColour] = p.colors as [string, string];
    const size = p.size[p.size.length > 1 && (p.stockDetail[p.size[1]!] ?? 0) > 4 ? 1 : 0]!;
    const context = await e2e.browser.newContext({ viewport: { width: 390, height: 844 } });
    contexts.push(context);
    const { page, dialogs } = await pageRecordingDialogs(context);

    await screenshotOnFailure(page, 'cart-variants-guest-390', async () => {
      await page.goto(`${e2e.shop.url}/product/${p._id}`);
      await page.getByRole('heading', { name: p.name, level: 1 }).waitFor();
      await page.locator('.size-option', { hasText: new RegExp(`^${size}$`) }).click();
      await page.getByText(`Size: ${size}`).waitFor();
      await chooseColour(page, secondColour);
      await page.getByRole('button', { name: 'Increase' }).click();
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      // Logged out, the cart is kept in this browser: no detour to the login page.
      await page.getByText(`${p.name} is added to cart successfully`).first().waitFor();
      await page.getByText('In Cart (2)').waitFor();
      expect(new URL(page.url()).pathname).toBe(`/product/${p._id}`);
      // The other colour: the chosen quantity (2) stays, the new line is its own.
      await chooseColour(page, firstColour);
      await page.getByRole('button', { name: 'Add to Cart' }).waitFor();
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      await page.getByRole('link', { name: 'Cart, 4 items' }).waitFor();
      await page.getByText('In Cart (2)').waitFor();
      await snap(page, 'variants-product-guest-390');

      await page.getByRole('link', { name: 'Cart, 4 items' }).click();
      await page.getByRole('heading', { name: 'Your Cart' }).waitFor();
      const lines = page.getByRole('list', { name: 'Cart items' }).getByRole('listitem');
      await expect(lines.count()).resolves.toBe(2);
      const amount = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 }).format(p.price * 4);
      await page.getByText(amount).first().waitFor();
      await page.getByText('You will be asked to log in to check out').waitFor();
      await snap(page, 'variants-cart-guest-390');
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);

      // Buy Now asks for login; after it the guest cart is in the account and checkout goes on.
      await page.getByRole('button', { name: 'Buy Now' }).click();
      await page.waitForURL((url) => url.pathname === '/login');
      await page.getByLabel('Email').fill(account.email);
      await page.getByLabel('Password', { exact: true }).fill(account.password);
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await page.getByText('Your guest cart (2 lines) was added to your cart').waitFor();
      await page.getByRole('heading', { name: 'Confirm Order' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/checkout');
      // The checkout lists the account's cart once it is read after the merge.
      await page.getByText('Items (4)').waitFor();
      expect(await cartMirror(page)).toEqual(
        [
          [p._id, 2, size, secondColour],
          [p._id, 2, size, firstColour],
        ].sort(),
      );
      expect(await page.evaluate("localStorage.getItem('guestCart')")).toBeNull();

      // The lines are the account's now: the server's cart has them.
      const server = await (await context.request.get(`${e2e.shop.url}/api/v1/loadCart`)).json();
      expect(server.cartItems.map((i: { quantity: number; properties: { color: string } }) => [i.properties.color, i.quantity]).sort()).toEqual(
        [
          [secondColour, 2],
          [firstColour, 2],
        ].sort(),
      );
      await snap(page, 'variants-checkout-390');
      expect(dialogs).toEqual([]);
    });
  });
});
