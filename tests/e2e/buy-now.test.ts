import type { BrowserContext } from 'playwright-core';
import { cartMirror, pageRecordingDialogs, screenshotOnFailure, shopInBrowser, signedUpContext, snap } from '../support/browser';

type Listed = { _id: string; name: string; price: number; size: string[]; stockDetail: Record<string, number> };

/**
 * Buy Now on the product page, the choice kept through login in the guest cart (Buy Now and Add to
 * Cart), and "Go to cart" after adding, at 1280 and 390 px.
 */
describe('Buy Now and Go to cart in the browser', () => {
  const e2e = shopInBrowser('buy-now', { email: 'admin@shop.test', password: 'admin-pass-1' });
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    for (const context of contexts) await context.close();
  });

  async function sizedProducts(): Promise<Listed[]> {
    const listing = await (await e2e.context.request.get(`${e2e.shop.url}/api/v1/products?category=10&inStock=true`)).json();
    return (listing.products as Listed[]).filter((p) => p.size.length >= 2 && p.size.slice(0, 2).every((s) => (p.stockDetail[s] ?? 0) > 3));
  }

  for (const width of [1280, 390]) {
    test(`at ${width} px: logged out, Buy Now and Add to Cart keep the choice through login; Go to cart after adding`, async () => {
      const n = width;
      const account = { name: 'Buyer', email: `buyer${n}@shop.test`, phone: `98765${String(n).padStart(5, '0')}`, password: 'buyer-pass-1' };
      await signedUpContext(e2e, contexts, account);
      const sized = await sizedProducts();
      const [first, second] = sized.slice(width === 1280 ? 0 : 1) as [Listed, Listed];
      const saved = sized.find((p) => p !== first && p !== second)!;
      const context = await e2e.browser.newContext({ viewport: { width, height: width === 1280 ? 900 : 844 } });
      contexts.push(context);
      const { page, dialogs } = await pageRecordingDialogs(context);

      await screenshotOnFailure(page, `buy-now-${n}`, async () => {
        // Logged out: the second size, quantity 2, Buy Now → kept in the guest cart → login → the
        // guest cart merged into the account → on to checkout with it (decision 0063).
        await page.goto(`${e2e.shop.url}/product/${first._id}`);
        await page.getByRole('heading', { name: first.name, level: 1 }).waitFor();
        await page.locator('.size-option', { hasText: new RegExp(`^${first.size[1]}$`) }).click();
        await page.getByText(`Size: ${first.size[1]}`).waitFor();
        await page.getByRole('button', { name: 'Increase' }).click();
        await snap(page, `product-${n}-logged-out`);
        await page.getByRole('button', { name: 'Buy Now' }).click();
        await page.waitForURL((url) => url.pathname === '/login');
        await page.getByLabel('Email').fill(account.email);
        await page.getByLabel('Password', { exact: true }).fill(account.password);
        await page.getByRole('button', { name: 'Login', exact: true }).click();
        await page.getByText('Your guest cart line was added to your cart').waitFor();
        await page.getByRole('heading', { name: 'Confirm Order' }).waitFor();
        expect(new URL(page.url()).pathname).toBe('/checkout');
        const [line] = await cartMirror(page);
        expect(line?.slice(0, 3)).toEqual([first._id, 2, first.size[1]]);

        // Logged out again: Add to Cart puts the choice in the guest cart and stays on the product
        // page; after login (from the header) the line is in the account's cart.
        await page.getByRole('button', { name: /Account menu/ }).click();
        await page.getByRole('button', { name: 'Logout' }).click();
        await page.getByText('Logged out successfully').waitFor();
        await page.goto(`${e2e.shop.url}/product/${second._id}`);
        await page.getByRole('heading', { name: second.name, level: 1 }).waitFor();
        await page.locator('.size-option', { hasText: new RegExp(`^${second.size[1]}$`) }).click();
        await page.getByText(`Size: ${second.size[1]}`).waitFor();
        await page.getByRole('button', { name: 'Add to Cart' }).click();
        await page.getByText(`${second.name} is added to cart successfully`).first().waitFor();
        await page.getByText('In Cart (1)').waitFor();
        expect(new URL(page.url()).pathname).toBe(`/product/${second._id}`);
        await page.getByRole('link', { name: 'Login', exact: true }).click();
        await page.getByLabel('Email').fill(account.email);
        await page.getByLabel('Password', { exact: true }).fill(account.password);
        await page.getByRole('button', { name: 'Login', exact: true }).click();
        await page.getByText('Your guest cart line was added to your cart').waitFor();
        await page.getByRole('link', { name: 'Cart, 3 items' }).waitFor();
        await page.goto(`${e2e.shop.url}/product/${second._id}`);
        await page.getByText('In Cart (1)').waitFor();
        expect((await cartMirror(page)).map((l) => l.slice(0, 3))).toEqual([[first._id, 2, first.size[1]], [second._id, 1, second.size[1]]].sort());

        // In the cart: a clear Go to cart (and Buy Now, Remove), all inside the screen.
        const goToCart = page.getByRole('link', { name: 'Go to cart' });
        await goToCart.waitFor();
        await page.getByRole('button', { name: 'Buy Now' }).waitFor();
        await snap(page, `product-${n}-in-cart`);
        for (const control of [goToCart, page.getByRole('button', { name: 'Buy Now' }), page.getByRole('button', { name: 'Remove' })]) {
          const box = (await control.boundingBox())!;
          expect(box.x).toBeGreaterThanOrEqual(0);
          expect(box.x + box.width).toBeLessThanOrEqual(width);
        }
        expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
        await goToCart.click();
        await page.getByRole('heading', { name: 'Your Cart' }).waitFor();
        // Buy Now of a product already in the cart goes to checkout as it is.
        await page.goto(`${e2e.shop.url}/product/${second._id}`);
        await page.getByText('In Cart (1)').waitFor();
        await page.getByRole('button', { name: 'Buy Now' }).click();
        await page.getByRole('heading', { name: 'Confirm Order' }).waitFor();
        expect((await cartMirror(page)).length).toBe(2);

        // Wishlist: Move to cart of a product with sizes asks which size, inside the screen.
        await page.goto(`${e2e.shop.url}/product/${saved._id}`);
        await page.getByRole('heading', { name: saved.name, level: 1 }).waitFor();
        await page.getByRole('button', { name: /wishlist/i }).first().click();
        await page.getByText(`${saved.name} added to your wishlist`).waitFor();
        await page.goto(`${e2e.shop.url}/wishlist`);
        await page.getByRole('heading', { name: 'Your Wishlist' }).waitFor();
        await snap(page, `wishlist-${n}`);
        await page.getByRole('button', { name: 'Move to cart' }).click();
        const sizeDialog = page.getByRole('dialog', { name: 'Choose a size' });
        await sizeDialog.getByText(saved.name).waitFor();
        const dialogBox = (await sizeDialog.boundingBox())!;
        expect(dialogBox.x).toBeGreaterThanOrEqual(0);
        expect(dialogBox.x + dialogBox.width).toBeLessThanOrEqual(width);
        await sizeDialog.locator('.size-option', { hasText: new RegExp(`^${saved.size[1]}$`) }).click();
        await snap(page, `wishlist-${n}-choose-size`);
        await sizeDialog.getByRole('button', { name: 'Move to cart' }).click();
        await page.getByText(`${saved.name} moved to your cart`).waitFor();
        await page.getByText('Your wishlist is empty.').waitFor();
        expect((await cartMirror(page)).find((l) => l[0] === saved._id)?.slice(0, 3)).toEqual([saved._id, 1, saved.size[1]]);
        expect(dialogs).toEqual([]);
      });
      // Two logins and a checkout per width: more than the default budget on a busy machine.
    }, 300_000);
  }
});
