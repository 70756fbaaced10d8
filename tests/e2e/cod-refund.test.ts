import { logIn, placeOrderOverRest, screenshotOnFailure, shopInBrowser, signedUpContext } from '../support/browser';
import type { BrowserContext } from 'playwright-core';

const ADMIN = { email: 'admin@cod-refund.test', password: 'admin-pass-refund' };
const BUYER = { name: 'Hari Das', email: 'hari@cod-refund.test', phone: '9876500061', password: 'hari-pass-1' };
const SHIPPING = { address: '5 Lake Road', city: 'Kolkata', state: 'West Bengal', country: 'India', pinCode: '700029', phoneNo: '9876500061' };

/**
 * A cash-on-delivery order is returned: the shopper gives a UPI ID (checked as typed), staff see it
 * masked until the parcel is back, then in full to pay the refund, and record it. At 390 px.
 */
describe('refunding a cash-on-delivery return to the shopper’s UPI ID', () => {
  const others: BrowserContext[] = [];
  const e2e = shopInBrowser('cod-refund', ADMIN, {
    beforeClose: async () => {
      for (const other of others) await other.close().catch(() => undefined);
    },
  });

  test('the shopper gives a UPI ID; staff refund to it', async () => {
    await screenshotOnFailure(e2e.page, 'cod-refund', async () => {
      const buyer = await signedUpContext(e2e, others, BUYER);
      const listing = await (await buyer.request.get(`${e2e.shop.url}/api/v1/products?category=1&inStock=true&limit=48`)).json();
      const product = (listing.products as Array<{ _id: string; name: string; stock: number; size: string[] }>).find((p) => p.stock >= 2 && p.size.length === 0)!;
      const orderId = await placeOrderOverRest(e2e, buyer.request, { productId: product._id, quantity: 1, shippingInfo: SHIPPING });
      const staff = e2e.page;
      await logIn(staff, e2e.shop.url, ADMIN);
      for (const status of ['shipped', 'delivered']) {
        expect((await staff.request.put(`${e2e.shop.url}/api/v1/admin/order/${orderId}`, { headers: { origin: e2e.shop.url }, data: { status } })).status()).toBe(200);
      }
      // The courier's cash is in hand: a COD refund is paid out of it.
      expect((await staff.request.post(`${e2e.shop.url}/api/v1/admin/order/${orderId}/cod-collected`, { headers: { origin: e2e.shop.url } })).status()).toBe(200);

      const page = await buyer.newPage();
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${e2e.shop.url}/orders/${orderId}`);
      await page.getByRole('button', { name: 'Return items' }).click();
      await page.getByLabel(product.name).selectOption('1');
      await page.getByLabel('Reason').fill('Colour is not as shown');
      await page.getByLabel('UPI ID').fill('hari.das');
      await page.getByRole('button', { name: 'Request return' }).click();
      await page.getByRole('alert').getByText('Please enter a valid UPI ID, e.g. name@okaxis').waitFor();
      await page.getByLabel('UPI ID').fill('hari.das@okicici');
      await page.getByRole('button', { name: 'Request return' }).click();
      await page.getByText('Return requested. We will let you know by mail once it is reviewed.').waitFor();

      await staff.setViewportSize({ width: 390, height: 844 });
      await staff.goto(`${e2e.shop.url}/admin/returns`);
      const card = staff.getByRole('article').filter({ hasText: 'Colour is not as shown' });
      // Masked until the parcel is back.
      await card.getByText('Pay the refund to: UPI ID ha••••••@okicici').waitFor();
      await card.getByRole('button', { name: 'Approve' }).click();
      await staff.getByText('Return approved').waitFor();
      await card.getByRole('button', { name: 'Mark received' }).click();
      await staff.getByText('Return received').waitFor();
      await card.getByText('Pay the refund to: UPI ID hari.das@okicici').waitFor();
      expect(await staff.evaluate('document.documentElement.scrollWidth <= document.documentElement.clientWidth')).toBe(true);
      await card.getByLabel('Refund method').selectOption('UPI');
      await card.getByLabel('Refund reference').fill('UPI-5566-7788');
      await card.getByRole('button', { name: 'Record refund' }).click();
      await staff.getByText('Return refunded').waitFor();
      await card.getByText('Pay the refund to: UPI ID ha••••••@okicici').waitFor();

      await page.reload();
      await page.getByRole('list', { name: 'Return progress' }).getByText('Refunded', { exact: true }).waitFor();
    });
  });
});
