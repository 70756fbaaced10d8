import type { APIRequestContext } from 'playwright-core';
import { pdfText } from '../../services/order/src/testing/pdf-text';
import { screenshotOnFailure, shopInBrowser } from '../support/browser';

const ADMIN = { email: 'admin@gst.test', password: 'admin-pass-gst' };
const BUYER = { name: 'Gst Tester', email: 'gst@shop.test', phone: '98765 43210', password: 'gst-pass-1' };

/**
 * Prices include GST (decisions 0045, 0046): the shopper sees "Inclusive of all taxes", pays the
 * listed prices plus shipping and the round off, and the invoice's lines carry each product's HSN
 * and rate — a T-shirt 5%, a notebook 0%, a watch 18%.
 */
describe('GST-inclusive prices in the browser', () => {
  const e2e = shopInBrowser('gst', ADMIN);

  async function asStaff<T>(fn: (api: APIRequestContext) => Promise<T>): Promise<T> {
    const staff = await e2e.browser.newContext();
    try {
      expect((await staff.request.post(`${e2e.shop.url}/api/v1/login`, { data: ADMIN })).status()).toBe(200);
      return await fn(staff.request);
    } finally {
      await staff.close();
    }
  }

  test('"Inclusive of all taxes" → pay the listed prices + ₹5 + round off → invoice lines at 5%, 0% and 18%', async () => {
    await screenshotOnFailure(e2e.page, 'gst', async () => {
      const origin = { origin: e2e.shop.url };
      const [tee, notebook, watch] = await asStaff(async (api) => {
        const make = async (data: Record<string, unknown>) => {
          const res = await api.post(`${e2e.shop.url}/api/v1/admin/product/create`, { headers: origin, data: { description: 'For the GST journey.', ...data } });
          expect(res.status()).toBe(201);
          return (await res.json()).product as { _id: string; name: string; hsnCode: string };
        };
        return [
          await make({ id: 'E2E-TEE-1', name: 'Round Neck Cotton T-Shirt', price: 349, category: 'men', subcat: 'tshirts', size: ['M'], stockDetail: { M: 5 }, hsnCode: '6109' }),
          await make({ id: 'E2E-NOTE-1', name: 'Ruled Notebook', price: 99, category: 'stationary', subcat: 'notebooks', stock: 5, hsnCode: '4820' }),
          await make({ id: 'E2E-WATCH-1', name: 'Analog Watch', price: 1499, category: 'watches', subcat: 'watches', stock: 5, hsnCode: '9102' }),
        ];
      });

      const page = e2e.page;
      await page.goto(`${e2e.shop.url}/product/${tee._id}`);
      await page.getByRole('heading', { level: 1, name: tee.name }).waitFor();
      await page.locator('.product-info').getByText('Inclusive of all taxes').waitFor();

      expect((await e2e.context.request.post(`${e2e.shop.url}/api/v1/register`, { headers: origin, data: BUYER })).status()).toBe(201);
      const placed = await e2e.context.request.post(`${e2e.shop.url}/api/v1/new/order`, {
        headers: origin,
        data: {
          shippingInfo: { address: '12 MG Road', city: 'Bengaluru', state: 'Karnataka', country: 'India', pinCode: '560001', phoneNo: '9876543210' },
          items: [
            { productId: tee._id, quantity: 1, size: 'M' },
            { productId: notebook._id, quantity: 1 },
            { productId: watch._id, quantity: 1 },
          ],
        },
      });
      expect(placed.status()).toBe(201);
      const order = (await placed.json()).order;
      // First order: 349 + 99 + 1,499 = 1,947 − 10% = 1,752.30, + ₹5 = 1,757.30 → ₹1,757 in cash (round off −0.30).
      expect(order).toMatchObject({ itemPrice: 1947, discountPrice: 194.7, shippingPrice: 5, roundOff: -0.3, totalPrice: 1757 });

      await page.goto(`${e2e.shop.url}/orders/${order._id}`);
      const prices = page.getByRole('region', { name: 'Price details' });
      await prices.getByText('Round off').waitFor();
      await prices.getByText('₹1,757.00').waitFor();
      await prices.getByText('GST included').waitFor();

      await asStaff(async (api) => {
        for (const status of ['shipped', 'delivered']) {
          expect((await api.put(`${e2e.shop.url}/api/v1/admin/order/${order._id}`, { headers: origin, data: { status } })).status()).toBe(200);
        }
      });
      await page.reload();
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: /Download invoice/ }).click();
      const chunks: Buffer[] = [];
      for await (const chunk of await (await download).createReadStream()) chunks.push(chunk as Buffer);
      const text = await pdfText(Buffer.concat(chunks));
      expect(text).toMatch(/Round Neck Cotton T-Shirt\s+\(Size M\)\s+6109 1 349\.00 [\d.,]+ [\d.,]+ 5% /);
      expect(text).toMatch(/Ruled Notebook\s+4820 1 99\.00 [\d.,]+ [\d.,]+ 0% 0\.00 0\.00 /);
      expect(text).toMatch(/Analog Watch\s+9102 1 1,499\.00 [\d.,]+ [\d.,]+ 18% /);
      expect(text).toContain('Round off -Rs. 0.30');
      expect(text).toContain('Invoice total Rs. 1,757.00');
    });
  });
});
