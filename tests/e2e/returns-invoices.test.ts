import type { APIRequestContext, Page } from 'playwright-core';
import { pdfText } from '../../services/order/src/testing/pdf-text';
import { logIn, screenshotOnFailure, shopInBrowser } from '../support/browser';
import { pollUntil } from '../support/poll';

const ADMIN = { email: 'admin@returns.test', password: 'admin-pass-returns' };
const BUYER = { name: 'Return Tester', email: 'returns@shop.test', phone: '98765 43210', password: 'returns-pass-1' };
// A 1×1 PNG: the photo sent with the return.
const PHOTO = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/**
 * A shopper downloads the tax invoice of a delivered order and returns one unit of it; staff
 * approve, receive and refund the return on /admin/returns, and the unit is back in stock.
 */
describe('returns and tax invoices in the browser', () => {
  const e2e = shopInBrowser('returns', ADMIN);

  async function asStaff<T>(fn: (api: APIRequestContext) => Promise<T>): Promise<T> {
    const staff = await e2e.browser.newContext();
    try {
      expect((await staff.request.post(`${e2e.shop.url}/api/v1/login`, { data: ADMIN })).status()).toBe(200);
      return await fn(staff.request);
    } finally {
      await staff.close();
    }
  }

  const stockOf = async (id: string) => (await (await e2e.context.request.get(`${e2e.shop.url}/api/v1/product/${id}`)).json()).product.stock as number;

  const login = (page: Page, account: { email: string; password: string }) => logIn(page, e2e.shop.url, account);

  test('invoice download → return request with photo → staff approve, receive, refund → stock back, timeline in My Orders', async () => {
    await screenshotOnFailure(e2e.page, 'returns-invoices', async () => {
      const origin = { origin: e2e.shop.url };
      const kettle = await asStaff(async (api) => {
        const created = await api.post(`${e2e.shop.url}/api/v1/admin/product/create`, {
          headers: origin,
          data: { id: 'E2E-KETTLE-1', name: 'Steel Kettle', price: 1000, description: 'A 1.5 litre steel kettle.', category: 1, subcat: 'cookware', stock: 5 },
        });
        expect(created.status()).toBe(201);
        return (await created.json()).product as { _id: string; name: string };
      });
      expect((await e2e.context.request.post(`${e2e.shop.url}/api/v1/register`, { headers: origin, data: BUYER })).status()).toBe(201);
      const placed = await e2e.context.request.post(`${e2e.shop.url}/api/v1/new/order`, {
        headers: origin,
        data: {
          shippingInfo: { address: '12 MG Road', city: 'Bengaluru', state: 'Karnataka', country: 'India', pinCode: '560001', phoneNo: '9876543210' },
          items: [{ productId: kettle._id, quantity: 2 }],
        },
      });
      expect(placed.status()).toBe(201);
      const orderId: string = (await placed.json()).order._id;
      await asStaff(async (api) => {
        for (const status of ['shipped', 'delivered']) {
          expect((await api.put(`${e2e.shop.url}/api/v1/admin/order/${orderId}`, { headers: origin, data: { status } })).status()).toBe(200);
        }
        // The courier's cash is in hand: a COD refund is paid out of it.
        expect((await api.post(`${e2e.shop.url}/api/v1/admin/order/${orderId}/cod-collected`, { headers: origin })).status()).toBe(200);
      });
      expect(await stockOf(kettle._id)).toBe(3);

      // The tax invoice, from the order page.
      const page = e2e.page;
      await page.goto(`${e2e.shop.url}/orders/${orderId}`);
      await page.getByRole('heading', { name: /^Order #/ }).waitFor();
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: /Download invoice/ }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^SK-\d{4}-\d{2}-\d{6}\.pdf$/);
      const stream = await file.createReadStream();
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      const text = await pdfText(Buffer.concat(chunks));
      expect(text).toMatch(/Invoice number: SK\/\d{4}-\d{2}\/000001/);
      expect(text).toContain('Return Tester');
      expect(text).toContain('Place of supply: Karnataka (29)');
      expect(text).toContain('Steel Kettle');
      // Prices include GST: 2000 − 10% = 1800 paid for the line, of which 5% GST (kitchenware 7323):
      // CGST and SGST 42.86 each; shipping ₹5 is a line at the same rate (0.12 + 0.12).
      expect(text).toContain('1 Steel Kettle 7323 2 1,000.00 200.00 1,714.28 5% 42.86 42.86 1,800.00');
      expect(text).toContain('CGST Rs. 42.98');
      expect(text).toContain('Invoice total Rs. 1,805.00');
      expect(text).toContain('Rupees One Thousand Eight Hundred Five Only');

      // One unit goes back, with a reason and a photo.
      await page.getByRole('button', { name: 'Return items' }).click();
      await page.getByLabel('Steel Kettle').selectOption('1');
      // Before confirming, the refund: what was paid (₹1,805) less what the kept kettle costs now (₹900 + ₹5).
      await page.getByRole('status').getByText('You will get back ₹900.00.').waitFor();
      await page.getByLabel('Reason').fill('The lid does not close');
      await page.getByLabel(/Photo/).setInputFiles({ name: 'lid.png', mimeType: 'image/png', buffer: PHOTO });
      // A cash-on-delivery order: the refund goes to the shopper's UPI ID (decision 0054).
      await page.getByLabel('UPI ID').fill('kettle.buyer@okaxis');
      await page.getByRole('button', { name: 'Request return' }).click();
      await page.getByText('Return requested. We will let you know by mail once it is reviewed.').waitFor();
      await page.getByRole('list', { name: 'Return progress' }).getByText('Requested').waitFor();

      // Staff handle it on /admin/returns.
      const staffPage = await e2e.context.browser()!.newPage({ viewport: { width: 1280, height: 900 } });
      try {
        await login(staffPage, ADMIN);
        await staffPage.goto(`${e2e.shop.url}/admin/returns`);
        const card = staffPage.getByRole('article').filter({ hasText: 'Steel Kettle × 1' });
        await card.getByText('The lid does not close').waitFor();
        await card.getByRole('img', { name: /Photo sent with the return/ }).waitFor();
        await card.getByLabel(/Note for the customer/).fill('Courier pickup tomorrow');
        await card.getByRole('button', { name: 'Approve' }).click();
        await staffPage.getByText('Return approved').waitFor();
        await card.getByRole('button', { name: 'Mark received' }).click();
        await staffPage.getByText('Return received').waitFor();
        await card.getByLabel('Refund method').selectOption('UPI');
        await card.getByLabel('Refund reference').fill('UPI-7781-0042');
        await card.getByRole('button', { name: 'Record refund' }).click();
        await staffPage.getByText('Return refunded').waitFor();
        await card.getByText(/paid by UPI, ref\. UPI-7781-0042/).waitFor();
      } finally {
        await staffPage.close();
      }

      // The unit is back in stock, and the shopper follows the whole way in My Orders.
      await pollUntil(async () => ((await stockOf(kettle._id)) === 4 ? true : undefined), 10_000);
      await page.goto(`${e2e.shop.url}/orders`);
      const orderCard = page.getByRole('article').filter({ hasText: `#${orderId.slice(-6).toUpperCase()}` });
      const steps = orderCard.getByRole('list', { name: 'Return progress' });
      for (const step of ['Requested', 'Approved', 'Received', 'Refunded']) await steps.getByText(step, { exact: true }).waitFor();
      await steps.getByText('Note: Courier pickup tomorrow').waitFor();

      // The received return has a credit note reversing the kettle's share of the invoice (decision 0048).
      await orderCard.getByText(/Credit note CN\/\d{4}-\d{2}\/\d{6}/).waitFor();
      const noteDownload = page.waitForEvent('download');
      await orderCard.getByRole('button', { name: /Download credit note/ }).click();
      const noteFile = await noteDownload;
      expect(noteFile.suggestedFilename()).toMatch(/^CN-\d{4}-\d{2}-\d{6}\.pdf$/);
      const noteChunks: Buffer[] = [];
      for await (const chunk of await noteFile.createReadStream()) noteChunks.push(chunk as Buffer);
      const noteText = await pdfText(Buffer.concat(noteChunks));
      expect(noteText).toContain('Credit Note');
      expect(noteText).toMatch(/Against invoice: SK\/\d{4}-\d{2}\/000001/);
      // One of the two kettles: half the line (1,714.28 taxable, 42.86 + 42.86 GST).
      expect(noteText).toContain('1 Steel Kettle 7323 1 1,000.00 100.00 857.14 5% 21.43 21.43 900.00');
      expect(noteText).toContain('Credit note total Rs. 900.00');
    });
  });

  test('Help tells the truth: returns start from My Orders ("Return items"), not by mail; prices include all taxes', async () => {
    await screenshotOnFailure(e2e.page, 'returns-help', async () => {
      const page = e2e.page;
      await page.goto(`${e2e.shop.url}/help`);
      const returns = page.getByRole('region', { name: 'Returns' });
      await returns.getByText('Returns are free within 30 days of delivery.').waitFor();
      await returns.getByText(/open the order in My Orders and choose “Return items”/).waitFor();
      expect(await returns.getByRole('link', { name: 'My Orders' }).getAttribute('href')).toBe('/orders');
      expect(await returns.getByRole('link').filter({ hasText: '@' }).count()).toBe(0);
      await page.getByRole('region', { name: 'Delivery' }).getByText(/Prices are in Indian rupees and include all taxes \(GST\)/).waitFor();
      await page.getByText('Please keep your order number (for example #A1B2C3) at hand.').waitFor();
    });
  });
});
