import type { BrowserContext } from 'playwright-core';
import { logIn, screenshotOnFailure, shopInBrowser, signedUpContext, snap, verifyEmailOverRest } from '../support/browser';
import { mailText, startSmtpInbox } from '../support/smtp-inbox';

const ADMIN = { email: 'admin@delivery.test', password: 'admin-pass-delivery' };

type Listed = { _id: string; name: string; stock: number; size: string[] };

/**
 * Delivery by PIN code (decision 0068) and Notify me (decision 0069), as a shopper meets them: the
 * product page promises a day for their PIN, checkout shows the same day for the address, and the
 * order keeps it; a sold-out product offers Notify me, and its return is mailed once. At 1280 and 390 px.
 */
describe('delivery promise and Notify me in the browser', () => {
  const others: BrowserContext[] = [];
  let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
  const e2e = shopInBrowser('delivery', ADMIN, {
    beforeStart: async () => {
      inbox = await startSmtpInbox();
    },
    env: () => ({ SMTP_URL: inbox.url }),
    beforeClose: async () => {
      for (const other of others) await other.close().catch(() => undefined);
      await inbox?.stop();
    },
  });

  async function inStockProducts(): Promise<Listed[]> {
    const listing = await (await e2e.context.request.get(`${e2e.shop.url}/api/v1/products?category=1&inStock=true&limit=48`)).json();
    return (listing.products as Listed[]).filter((p) => p.stock >= 5 && p.size.length === 0);
  }

  /** The server's promise for a PIN now: what every page must say. */
  async function promiseFor(pin: string): Promise<{ message: string; deliveryDate: string }> {
    return (await (await e2e.context.request.get(`${e2e.shop.url}/api/v1/delivery/promise?pin=${pin}`)).json()).promise;
  }

  /** A shopper signed up in a context of their own, with a saved Bengaluru address and phone, and a verified email. */
  async function shopperWithAddress(n: number, width: number) {
    const account = { name: `Shopper ${n}`, email: `shopper${n}@delivery.test`, phone: `98450${String(n).padStart(5, '0')}`, password: 'shopper-pass-1' };
    const own = await signedUpContext(e2e, others, account);
    const headers = { origin: e2e.shop.url };
    expect((await own.request.post(`${e2e.shop.url}/api/v1/addAddress`, { headers, data: { pin: '560038', other: '12, MG Road, Indiranagar', city: 'Bengaluru', state: 'Karnataka', country: 'India' } })).status()).toBe(200);
    expect((await own.request.post(`${e2e.shop.url}/api/v1/addAddress`, { headers, data: { pin: '194101', other: '4 Main Bazaar', city: 'Leh', state: 'Ladakh', country: 'India' } })).status()).toBe(200);
    const verification = await inbox.waitFor((m) => m.to.includes(account.email) && /verify-email\//.test(mailText(m.raw)));
    await verifyEmailOverRest(e2e, own.request, mailText(verification.raw));
    own.setDefaultTimeout(15_000);
    const page = await own.newPage();
    await page.setViewportSize({ width, height: width === 1280 ? 900 : 844 });
    return { account, page };
  }

  for (const width of [1280, 390]) {
    test(`at ${width} px: the PIN check on the product page, the same day at checkout and on the order page`, async () => {
      const { page } = await shopperWithAddress(width, width);
      const product = (await inStockProducts())[width === 1280 ? 0 : 1]!;
      const bengaluru = await promiseFor('560038');
      const ladakh = await promiseFor('194101');
      expect(bengaluru.message).toMatch(/^Delivery by \w{3}, \d{1,2} \w{3} · Cash on delivery available$/);

      await screenshotOnFailure(page, `delivery-${width}`, async () => {
        // Logged in: the PIN box starts with the default address's PIN and its day.
        await page.goto(`${e2e.shop.url}/product/${product._id}`);
        await page.getByRole('heading', { name: product.name, level: 1 }).waitFor();
        const pinBox = page.getByLabel('PIN code');
        await page.getByText(bengaluru.message).waitFor();
        expect(await pinBox.inputValue()).toBe('560038');
        await snap(page, `delivery-product-${width}`);

        // Another PIN: served, but without cash on delivery; a malformed one says why.
        await pinBox.fill('0123');
        await page.getByRole('button', { name: 'Check', exact: true }).click();
        await page.getByText('PIN code must be 6 digits and cannot start with 0').waitFor();
        await pinBox.fill('194 101');
        await page.getByRole('button', { name: 'Check', exact: true }).click();
        await page.getByText(ladakh.message).waitFor();
        expect(ladakh.message).toContain('Cash on delivery not available');
        await snap(page, `delivery-product-no-cod-${width}`);
        // Remembered for the next page: the cart shows the same PIN's promise.
        await page.getByRole('button', { name: 'Add to Cart' }).click();
        await page.goto(`${e2e.shop.url}/cart`);
        await page.getByText(ladakh.message).waitFor();
        await page.getByLabel('PIN code').fill('560038');
        await page.getByRole('button', { name: 'Check', exact: true }).click();
        await page.getByText(bengaluru.message).waitFor();
        await snap(page, `delivery-cart-${width}`);

        // Checkout: an address where cash is not taken says so and cannot be ordered to.
        await page.goto(`${e2e.shop.url}/checkout`);
        await page.getByRole('radio', { name: /Leh/ }).check();
        await page.getByLabel('Delivery').getByText(ladakh.message).waitFor();
        expect(await page.getByRole('button', { name: 'Place Order' }).isDisabled()).toBe(true);
        // The chosen address's PIN, the same day as the product page; the order keeps it.
        await page.getByRole('radio', { name: /Indiranagar/ }).check();
        await page.getByLabel('Delivery').getByText(bengaluru.message).waitFor();
        expect(await page.getByRole('button', { name: 'Place Order' }).isDisabled()).toBe(false);
        await snap(page, `delivery-checkout-${width}`);
        await page.getByRole('button', { name: 'Place Order' }).click();
        await page.waitForURL((url) => url.pathname === '/order/success');
        const deliveryBy = bengaluru.message.replace(' · Cash on delivery available', '');
        await page.getByText(deliveryBy).first().waitFor();
        await page.goto(`${e2e.shop.url}/orders`);
        await page.getByRole('link', { name: /^View details/ }).first().click();
        await page.waitForURL((url) => url.pathname.startsWith('/orders/'));
        await page.getByText(deliveryBy).first().waitFor();
        expect(await page.evaluate('document.documentElement.scrollWidth <= document.documentElement.clientWidth')).toBe(true);
        await snap(page, `delivery-order-${width}`);
      });
    });
  }

  test('a sold-out product: Out of Stock, no stepper, Notify me (a guest is asked to log in); its return is mailed once', async () => {
    const product = (await inStockProducts())[2]!;
    const page = e2e.page;
    await logIn(page, e2e.shop.url, ADMIN);
    const setStock = async (stock: number) =>
      expect((await page.request.put(`${e2e.shop.url}/api/v1/admin/product/${product._id}`, { headers: { origin: e2e.shop.url }, data: { stock } })).status()).toBe(200);
    await setStock(0);

    for (const width of [1280, 390]) {
      const guestContext = await e2e.browser.newContext({ viewport: { width, height: width === 1280 ? 900 : 844 } });
      others.push(guestContext);
      const guest = await guestContext.newPage();
      await screenshotOnFailure(guest, `notify-guest-${width}`, async () => {
        await guest.goto(`${e2e.shop.url}/product/${product._id}`);
        await guest.getByRole('heading', { name: product.name, level: 1 }).waitFor();
        expect(await guest.getByRole('button', { name: 'Out of Stock' }).isDisabled()).toBe(true);
        expect(await guest.getByRole('button', { name: 'Buy Now' }).count()).toBe(0);
        expect(await guest.getByRole('button', { name: 'Increase' }).isDisabled()).toBe(true);
        expect(await guest.getByRole('spinbutton', { name: 'Quantity' }).isDisabled()).toBe(true);
        expect(await guest.getByRole('link', { name: 'Log in to get notified' }).getAttribute('href')).toBe('/login');
        await snap(guest, `notify-guest-${width}`);
      });
    }

    const { account, page: shopper } = await shopperWithAddress(7, 390);
    await screenshotOnFailure(shopper, 'notify-shopper', async () => {
      await shopper.goto(`${e2e.shop.url}/product/${product._id}`);
      await shopper.getByRole('button', { name: 'Notify me' }).click();
      await shopper.getByRole('button', { name: 'Don’t notify me' }).waitFor();
      await shopper.getByText(`We will email you once when it is back in stock (to ${account.email}).`).waitFor();
      await snap(shopper, 'notify-subscribed-390');
      // Still subscribed after a reload: the server keeps it.
      await shopper.reload();
      await shopper.getByRole('button', { name: 'Don’t notify me' }).waitFor();
    });

    // Staff restock: one mail. Sold out and restocked again: no second one.
    await setStock(3);
    const backMail = (m: { to: string[]; raw: string }) => m.to.includes(account.email) && /is back in stock/.test(mailText(m.raw));
    await inbox.waitFor(backMail);
    await setStock(0);
    await setStock(4);
    // A second shopper's mail for the second restock proves its event was handled.
    const { account: second, page: secondPage } = await shopperWithAddress(8, 1280);
    await setStock(0);
    await secondPage.goto(`${e2e.shop.url}/product/${product._id}`);
    await secondPage.getByRole('button', { name: 'Notify me' }).click();
    await secondPage.getByRole('button', { name: 'Don’t notify me' }).waitFor();
    await setStock(5);
    await inbox.waitFor((m) => m.to.includes(second.email) && /is back in stock/.test(mailText(m.raw)));
    expect(inbox.mails.filter(backMail)).toHaveLength(1);

    // Staff: Delhi now takes 3 working days; the next check promises accordingly.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${e2e.shop.url}/admin/delivery`);
    await page.getByLabel('Working days to Delhi').fill('3');
    await page.getByRole('row', { name: /Delhi/ }).getByRole('button', { name: 'Save' }).click();
    await page.getByText('Delivery zone 11 saved').waitFor();
    await snap(page, 'delivery-admin-1280');
    expect((await (await page.request.get(`${e2e.shop.url}/api/v1/delivery/promise?pin=110001`)).json()).promise.deliveryDays).toBe(3);
  });
});
