import type { BrowserContext } from 'playwright-core';
import { answerDialog, logIn, placeOrderOverRest, screenshotOnFailure, shipWith, shopInBrowser, signedUpContext, verifyEmailOverRest } from '../support/browser';
import { mailText, startSmtpInbox } from '../support/smtp-inbox';

const ADMIN = { email: 'admin@staff-orders.test', password: 'admin-pass-staff' };
const BUYER = { name: 'Farah Buyer', email: 'farah@staff-orders.test', phone: '9876500041', password: 'farah-pass-1' };
const SHIPPING = { address: '3 Residency Road', city: 'Bengaluru', state: 'Karnataka', country: 'India', pinCode: '560025', phoneNo: '9876500041' };
const TRACKING = '1234567890123';
const TRACKING_URL = `https://www.delhivery.com/track/package/${TRACKING}`;

/**
 * Staff used to the Shopify admin: every order at hand with filters, shipping asks for the courier
 * and tracking number, which the shopper then finds on the order page and in the shipped mail;
 * delivery and the cash collected are each confirmed; a note stays with staff. At 1280 and 390 px.
 */
describe('running orders in the staff console', () => {
  const others: BrowserContext[] = [];
  let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
  const e2e = shopInBrowser('staff-orders', ADMIN, {
    beforeStart: async () => {
      inbox = await startSmtpInbox();
    },
    env: () => ({ SMTP_URL: inbox.url }),
    beforeClose: async () => {
      for (const other of others) await other.close().catch(() => undefined);
      await inbox?.stop();
    },
  });

  test('ship with a tracking number → the shopper sees it on the order page and in the mail; delivered, cash collected, a staff note', async () => {
    await screenshotOnFailure(e2e.page, 'staff-orders', async () => {
      const buyer = await signedUpContext(e2e, others, BUYER);
      const listing = await (await buyer.request.get(`${e2e.shop.url}/api/v1/products?category=1&inStock=true&limit=48`)).json();
      const product = (listing.products as Array<{ _id: string; stock: number; size: string[] }>).find((p) => p.stock >= 3 && p.size.length === 0)!;
      // Placed before the email is verified: no mail for it, and its page says how to get them (decision 0042, amendment).
      const older = await placeOrderOverRest(e2e, buyer.request, { productId: product._id, quantity: 1, shippingInfo: SHIPPING });
      const unverifiedPage = await buyer.newPage();
      await unverifiedPage.goto(`${e2e.shop.url}/orders/${older}`);
      expect(await unverifiedPage.getByRole('link', { name: 'Verify your email to get order updates by mail' }).getAttribute('href')).toBe('/profile');
      await unverifiedPage.close();
      // Verified from the sign-up mail: from now on the buyer's orders are mailed.
      const verification = await inbox.waitFor((m) => m.to.includes(BUYER.email) && /verify-email\//.test(mailText(m.raw)));
      await verifyEmailOverRest(e2e, buyer.request, mailText(verification.raw));
      const orderId = await placeOrderOverRest(e2e, buyer.request, { productId: product._id, quantity: 1, shippingInfo: SHIPPING });
      const number = `#${orderId.slice(-6).toUpperCase()}`;

      const page = e2e.page;
      await logIn(page, e2e.shop.url, ADMIN);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${e2e.shop.url}/admin?section=orders`);
      // Every order, newest first, without choosing a day; nothing wider than the phone. The staff
      // console has its own bar: none of the shopper's header or footer.
      await page.getByText('2 orders in all').waitFor();
      expect(await page.getByRole('navigation', { name: 'Your shopping' }).count()).toBe(0);
      expect(await page.getByText('10% off your first order').count()).toBe(0);
      await page.getByRole('link', { name: 'View shop' }).waitFor();
      const rows = page.getByRole('row').filter({ has: page.getByRole('rowheader') });
      expect(await rows.first().getByRole('link').innerText()).toContain(number);
      expect(await rows.nth(1).getByRole('link').innerText()).toContain(`#${older.slice(-6).toUpperCase()}`);
      expect(await page.evaluate('document.documentElement.scrollWidth <= document.documentElement.clientWidth')).toBe(true);

      const row = page.getByRole('row').filter({ hasText: number });
      // The row offers the moves the server gives for this status (nextStatuses): ship or cancel.
      expect(await row.getByRole('button', { name: /^(Mark as|Cancel order)/ }).allTextContents()).toEqual([`Mark as Shipped ${number}`, `Cancel order ${number}`]);
      await row.getByRole('button', { name: `Mark as Shipped ${number}` }).click();
      // The dialog refuses a tracking number the courier would not print.
      const dialog = page.getByRole('dialog', { name: `Ship order ${number}` });
      await dialog.getByLabel('Courier').selectOption({ label: 'Delhivery' });
      await dialog.getByLabel('Tracking number').fill('12');
      await dialog.getByRole('button', { name: 'Ship order' }).click();
      await dialog.getByRole('alert').getByText('The tracking number must be 6 to 30 letters, digits or dashes').waitFor();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await row.getByText('Processing').waitFor();
      await row.getByRole('button', { name: `Mark as Shipped ${number}` }).click();
      await shipWith(page, number, 'Delhivery', TRACKING);
      await page.getByText('Order status updated to Shipped').waitFor();
      // Shipped: delivering is the only move left; it can no longer be cancelled.
      await row.getByRole('button', { name: `Mark as Delivered ${number}` }).waitFor();
      expect(await row.getByRole('button', { name: /^(Mark as|Cancel order)/ }).allTextContents()).toEqual([`Mark as Delivered ${number}`]);

      // The shopper: courier and tracking number on the order page, linking to the courier.
      const shopper = await buyer.newPage();
      await shopper.setViewportSize({ width: 390, height: 844 });
      await shopper.goto(`${e2e.shop.url}/orders/${orderId}`);
      await shopper.getByText('Shipped with').waitFor();
      expect(await shopper.getByText('Verify your email to get order updates by mail').count()).toBe(0);
      expect(await shopper.getByRole('link', { name: TRACKING }).getAttribute('href')).toBe(TRACKING_URL);
      // … and in the shipped mail.
      const mail = await inbox.waitFor((m) => m.to.includes(BUYER.email) && /has shipped/.test(m.raw));
      expect(mailText(mail.raw)).toContain(`Courier: Delhivery, tracking number ${TRACKING}`);
      expect(mailText(mail.raw)).toContain(TRACKING_URL);

      // Delivered after confirming; the cash is its own confirmed step.
      await page.setViewportSize({ width: 1280, height: 900 });
      await row.getByRole('button', { name: `Mark as Delivered ${number}` }).click();
      await answerDialog(page, `Mark order ${number} as Delivered?`, 'Mark as Delivered');
      await page.getByText('Order status updated to Delivered').waitFor();
      expect(await row.getByRole('button', { name: /^(Mark as|Cancel order)/ }).count()).toBe(0);
      await row.getByText('COD · Pending').waitFor();
      await row.getByRole('button', { name: `Cash collected ${number}` }).click();
      await answerDialog(page, /^Record ₹[\d,.]+ collected in cash for order /, 'Cash collected');
      await page.getByText(`Cash on delivery collected for order ${number}`).waitFor();
      await row.getByText('COD · Paid').waitFor();

      // The payment filter finds it; the other order is still to be paid.
      await page.getByLabel('Payment').selectOption('Paid');
      await page.getByRole('button', { name: 'Search orders' }).click();
      await page.getByText('1 order found').waitFor();
      expect(await page.getByRole('row').filter({ hasText: `#${older.slice(-6).toUpperCase()}` }).count()).toBe(0);

      // A note on the order page, for staff only.
      await page.getByRole('link', { name: `Open order ${number}` }).click();
      await page.getByRole('heading', { name: `Order ${number}` }).waitFor();
      // Inside the console's one navigation, with Orders marked as where it belongs.
      expect(await page.getByRole('navigation', { name: 'Dashboard sections' }).getByRole('link', { name: 'Orders' }).getAttribute('aria-current')).toBe('page');
      await page.getByRole('region', { name: 'Status' }).getByRole('link', { name: TRACKING }).waitFor();
      await page.getByLabel('New note').fill('Customer asked to leave it with the guard');
      await page.getByRole('button', { name: 'Add note' }).click();
      await page.getByText('Note added').waitFor();
      await page.getByRole('region', { name: 'Staff notes' }).getByText('Customer asked to leave it with the guard').waitFor();
      await shopper.reload();
      await shopper.getByText('Shipped with').waitFor();
      expect(await shopper.getByText('Customer asked to leave it with the guard').count()).toBe(0);
      expect(e2e.dialogs).toEqual([]);
    });
  });
});
