import type { Page } from 'playwright-core';
import { logIn, screenshotOnFailure, shopInBrowser } from '../support/browser';

const ADMIN = { email: 'admin@coupons.test', password: 'admin-pass-coupons' };
const BUYER = { name: 'Coupon Tester', email: 'coupons@shop.test', phone: '98765 43210', password: 'coupons-pass-1' };
const inr = (n: number) => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(n);

/**
 * Staff create a coupon on /admin/coupons; a shopper applies it at checkout, sees the saving,
 * places the order and finds the coupon line on the order page; staff then see its use, cannot
 * delete it (the dialog says to deactivate it) and deactivate it.
 */
describe('coupons in the browser', () => {
  const e2e = shopInBrowser('coupons', ADMIN);

  const login = (page: Page, account: { email: string; password: string }) => logIn(page, e2e.shop.url, account);

  test('staff create FESTIVE20 → shopper applies it (refused code first), sees the saving, orders → order page shows it → staff see the use, deactivate it', async () => {
    const staffPage = await e2e.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await screenshotOnFailure(e2e.page, 'coupons', async () => {
      // Staff: from the admin header to Coupons, and a new coupon.
      await login(staffPage, ADMIN);
      await staffPage.goto(`${e2e.shop.url}/admin`);
      await staffPage.getByRole('navigation', { name: 'Dashboard sections' }).getByRole('link', { name: 'Coupons' }).click();
      await staffPage.getByRole('heading', { name: 'Coupons', level: 1 }).waitFor();
      await staffPage.getByText('No coupons yet.').waitFor();
      await staffPage.getByRole('button', { name: 'New coupon' }).click();
      await staffPage.getByLabel('Code').fill('festive20');
      await staffPage.getByLabel('Percent off').fill('20');
      await staffPage.getByLabel('Minimum order (₹)').fill('500');
      await staffPage.getByRole('button', { name: 'Create coupon' }).click();
      await staffPage.getByText('Coupon FESTIVE20 created').waitFor();
      const row = staffPage.getByRole('row').filter({ hasText: 'FESTIVE20' });
      await row.getByText('20% off').waitFor();
      await row.getByText(inr(500)).waitFor();
      await row.getByText('1 per customer').waitFor();

      const product = await (async () => {
        const created = await staffPage.request.post(`${e2e.shop.url}/api/v1/admin/product/create`, {
          headers: { origin: e2e.shop.url },
          data: { id: 'E2E-RUG-1', name: 'Cotton Rug', price: 1000, description: 'A hand-woven cotton rug.', category: 1, subcat: 'cookware', stock: 5 },
        });
        expect(created.status()).toBe(201);
        return (await created.json()).product as { _id: string; name: string };
      })();

      // The shopper: cart → checkout.
      const page = e2e.page;
      expect((await e2e.context.request.post(`${e2e.shop.url}/api/v1/register`, { headers: { origin: e2e.shop.url }, data: BUYER })).status()).toBe(201);
      await page.goto(`${e2e.shop.url}/product/${product._id}`);
      await page.getByRole('heading', { name: product.name }).waitFor();
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      await page.getByText(`${product.name} is added to cart successfully`).waitFor();
      await page.goto(`${e2e.shop.url}/checkout`);
      await page.getByRole('heading', { name: 'Confirm Order' }).waitFor();
      await page.getByLabel('PIN code', { exact: true }).fill('560001');
      await page.getByText('Bangalore, Karnataka').waitFor();
      await page.getByLabel('City', { exact: true }).fill('Bengaluru');
      await page.getByLabel('Full name', { exact: true }).fill('Asha Rao');
      await page.getByLabel('Address line 1', { exact: true }).fill('12 MG Road, Ashok Nagar');
      await page.getByRole('button', { name: 'Add Address' }).click();
      await page.getByText('Address added successfully!').waitFor();

      const summary = page.getByRole('complementary', { name: 'Order Summary' });
      // Without a coupon: ₹1,000 (GST included) − 10% first order = ₹900; + ₹5 = ₹905.
      await summary.getByText(inr(905)).waitFor();

      // A code that does not exist is refused with the reason.
      await summary.getByLabel('Coupon code').fill('NOPE10');
      await summary.getByRole('button', { name: 'Apply' }).click();
      await summary.getByRole('alert').getByText('Coupon code NOPE10 does not exist').waitFor();

      // FESTIVE20: 20% of ₹900 = ₹180 off; total ₹725, of which "GST included" ₹34.52 (5% kitchenware).
      await summary.getByLabel('Coupon code').fill('festive20');
      await summary.getByRole('button', { name: 'Apply' }).click();
      await summary.getByText(`Coupon FESTIVE20 applied: you save ${inr(180)}`).waitFor();
      await summary.getByText('Coupon FESTIVE20', { exact: true }).waitFor();
      await summary.getByText(`\u2212${inr(180)}`).waitFor();
      await summary.getByText('GST included').waitFor();
      await summary.getByText(inr(34.52)).waitFor();
      await summary.getByText(inr(725)).waitFor();

      await page.getByRole('button', { name: 'Place Order' }).click();
      await page.getByRole('heading', { name: 'Order Placed Successfully!' }).waitFor();
      const orderId = new URL(page.url()).searchParams.get('order')!;
      expect(orderId).toBeTruthy();

      // The order page shows the coupon line and the total charged.
      await page.goto(`${e2e.shop.url}/orders/${orderId}`);
      const prices = page.getByRole('region', { name: 'Price details' });
      await prices.getByText('Coupon FESTIVE20').waitFor();
      await prices.getByText(`−${inr(180)}`).waitFor();
      await prices.getByText(inr(725)).waitFor();
      await prices.getByText('GST included').waitFor();

      // Staff see the use; a used coupon cannot be deleted, only deactivated.
      await staffPage.reload();
      const used = staffPage.getByRole('row').filter({ hasText: 'FESTIVE20' });
      await used.getByRole('cell', { name: '1 · 1 per customer' }).waitFor();
      await used.getByRole('button', { name: 'Delete FESTIVE20' }).click();
      const ask = staffPage.getByRole('alertdialog');
      await ask.getByText('Delete coupon FESTIVE20? This cannot be undone.').waitFor();
      await ask.getByRole('button', { name: 'Delete' }).click();
      const refusal = staffPage.getByRole('alertdialog');
      await refusal.getByText('This coupon has been used on 1 order, so it cannot be deleted. Deactivate it instead.').waitFor();
      await refusal.getByRole('button', { name: 'OK' }).click();
      await used.getByRole('button', { name: 'Deactivate FESTIVE20' }).click();
      await staffPage.getByRole('alertdialog').getByRole('button', { name: 'Deactivate' }).click();
      await staffPage.getByText('Coupon FESTIVE20 deactivated').waitFor();
      await used.getByText('Inactive').waitFor();
      expect(e2e.dialogs).toEqual([]);
    });
    await staffPage.close();
  });
});
