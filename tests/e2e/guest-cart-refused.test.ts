import { randomUUID } from 'node:crypto';
import type { BrowserContext } from 'playwright-core';
import { cartMessages } from '@shop/proto-contracts';
import { pageRecordingDialogs, screenshotOnFailure, shopInBrowser, signedUpContext } from '../support/browser';

/**
 * A guest cart the server refuses for what it holds (decision 0097: more products the shop does not
 * have than a real guest cart keeps) is shown once and forgotten, not sent again at every start.
 */
describe('a guest cart refused at login', () => {
  const e2e = shopInBrowser('guest-cart-refused', { email: 'admin@shop.test', password: 'admin-pass-1' });
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    for (const context of contexts) await context.close();
  });

  test('six products the shop does not have: the shopper reads why, and the guest cart is gone', async () => {
    const context = await signedUpContext(e2e, contexts, { name: 'Old Guest', email: 'old.guest@shop.test', phone: '9876500033', password: 'old-guest-pass-1' });
    const { page, dialogs } = await pageRecordingDialogs(context);
    const product = { name: 'Gone Lamp', image: null, price: 499, oldPrice: 499, discount: 0, sizes: [], colors: [], stock: 5, stockDetail: [] };
    const guestCart = {
      mergeKey: randomUUID(),
      lines: Array.from({ length: 6 }, () => {
        const id = randomUUID();
        return { lineId: randomUUID(), productId: id, quantity: 1, size: null, color: null, product: { ...product, id } };
      }),
    };

    await screenshotOnFailure(page, 'guest-cart-refused', async () => {
      await page.goto(`${e2e.shop.url}/`);
      await page.evaluate(`localStorage.setItem('guestCart', ${JSON.stringify(JSON.stringify(guestCart))})`);
      // The next start of the signed-in shop sends the kept guest cart.
      await page.reload();
      await page.getByText(cartMessages.mergeTooManyUnknown).first().waitFor();
      expect(await page.evaluate("localStorage.getItem('guestCart')")).toBeNull();
      const server = await (await context.request.get(`${e2e.shop.url}/api/v1/loadCart`)).json();
      expect(server.cartItems).toEqual([]);
      expect(dialogs).toEqual([]);
    });
  });
});
