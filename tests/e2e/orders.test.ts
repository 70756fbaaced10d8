import sharp from 'sharp';
import { screenshotOnFailure, shopInBrowser } from '../support/browser';
import { pollUntil } from '../support/poll';

const ADMIN = { email: 'admin@orders.test', password: 'admin-pass-orders' };

/**
 * A shopper buys the last two units of a product in Chromium, follows the order in My Orders,
 * cancels it, and sees the units back on the product page.
 */
describe('checkout and order tracking in the browser', () => {
  const e2e = shopInBrowser('orders', ADMIN);

  /** A product with exactly two units, made by staff through the admin API. */
  async function productWithTwoUnits(): Promise<{ _id: string; name: string; price: number }> {
    const staff = await e2e.browser.newContext();
    try {
      expect((await staff.request.post(`${e2e.shop.url}/api/v1/login`, { data: ADMIN })).status()).toBe(200);
      const created = await staff.request.post(`${e2e.shop.url}/api/v1/admin/product/create`, {
        headers: { origin: e2e.shop.url },
        data: { id: 'E2E-LAMP-1', name: 'Brass Diya Lamp', price: 1299, description: 'Hand-cast brass lamp for the puja room.', category: 1, subcat: 'cookware', stock: 2, discount: 10 },
      });
      expect(created.status()).toBe(201);
      return (await created.json()).product;
    } finally {
      await staff.close();
    }
  }

  test('browse → cart → checkout → success with the real number → My Orders → cancel → stock back', async () => {
    await screenshotOnFailure(e2e.page, 'orders', async () => {
      const lamp = await productWithTwoUnits();
      await e2e.context.request.post(`${e2e.shop.url}/api/v1/register`, {
        data: { name: 'Order Tester', email: 'orders@shop.test', phone: '98765 43210', password: 'orders-pass-1' },
      });

      // Browse to the product and put both units in the cart.
      await e2e.page.goto(`${e2e.shop.url}/product/${lamp._id}`);
      await e2e.page.getByRole('heading', { name: lamp.name }).waitFor();
      await e2e.page.getByText('Only 2 left').waitFor();
      // Prices include GST (decision 0045): the page says so, and nothing is added at checkout.
      await e2e.page.locator('.product-info').getByText('Inclusive of all taxes').waitFor();
      expect(await e2e.page.getByText(/GST at checkout/).count()).toBe(0);
      await e2e.page.getByRole('button', { name: 'Increase' }).click();
      await e2e.page.getByRole('button', { name: 'Add to Cart' }).click();
      await e2e.page.getByText(`${lamp.name} is added to cart successfully`).waitFor();
      await e2e.page.getByText('In Cart (2)').waitFor();

      // The server's figures: first order, so 10% off the subtotal; prices include GST; + ₹5 shipping,
      // and the cash total rounded to the whole rupee (half a rupee up).
      const subtotal = lamp.price * 2;
      const discount = Math.round(subtotal * 10) / 100;
      const total = Math.floor(Math.round((subtotal - discount + 5) * 100 + 50) / 100);
      const inr = (n: number) => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(n);

      // The cart shows the same estimate the checkout charges.
      await e2e.page.goto(`${e2e.shop.url}/cart`);
      await e2e.page.getByRole('heading', { name: 'Your Cart' }).waitFor();
      const estimate = e2e.page.getByLabel('Estimated checkout price');
      await estimate.getByText('First order discount (10%)').waitFor();
      await estimate.getByText(inr(total)).waitFor();
      await e2e.page.getByRole('button', { name: 'Buy Now' }).click();
      await e2e.page.getByRole('heading', { name: 'Confirm Order' }).waitFor();

      // No saved address yet, so the add form is open; the registration phone is preselected.
      await e2e.page.getByRole('button', { name: 'Place Order' }).click();
      const notice = e2e.page.getByRole('alertdialog');
      await notice.getByText('Please select a shipping address and phone number.').waitFor();
      await notice.getByRole('button', { name: 'OK' }).click();
      await notice.waitFor({ state: 'detached' });
      await e2e.page.getByLabel('PIN code', { exact: true }).fill('560001');
      await e2e.page.getByText('Bangalore, Karnataka').waitFor();
      await e2e.page.getByLabel('City', { exact: true }).fill('Bengaluru');
      await e2e.page.getByLabel('Full name', { exact: true }).fill('Asha Rao');
      await e2e.page.getByLabel('Address line 1', { exact: true }).fill('12 MG Road, Ashok Nagar');
      await e2e.page.getByRole('button', { name: 'Add Address' }).click();
      await e2e.page.getByText('Address added successfully!').waitFor();
      expect(await e2e.page.getByRole('radio', { name: /12 MG Road/ }).isChecked()).toBe(true);

      await e2e.page.getByText(inr(total)).first().waitFor();

      await e2e.page.getByRole('button', { name: 'Place Order' }).click();
      await e2e.page.getByText('Order placed successfully!', { exact: true }).waitFor();
      await e2e.page.getByRole('heading', { name: 'Order Placed Successfully!' }).waitFor();
      const orderId = new URL(e2e.page.url()).searchParams.get('order')!;
      expect(orderId).toBeTruthy();
      // The number the shopper reads is the one staff read: '#' and the id's last 6 characters.
      const number = `#${orderId.slice(-6).toUpperCase()}`;
      await e2e.page.getByText(number).first().waitFor();
      // The success page shows what was ordered and where it goes, and links to the order's page.
      const items = e2e.page.getByRole('region', { name: 'Items (2)' });
      await items.getByRole('link', { name: lamp.name }).waitFor();
      await items.getByText('Qty: 2').waitFor();
      const deliveringTo = e2e.page.getByRole('region', { name: 'Delivering to' });
      await deliveringTo.getByText('12 MG Road, Ashok Nagar').waitFor();
      await deliveringTo.getByText('Bengaluru, Karnataka – 560001').waitFor();
      expect(await e2e.page.getByRole('link', { name: 'View Order' }).getAttribute('href')).toBe(`/orders/${orderId}`);
      expect(await e2e.page.getByRole('link', { name: number }).getAttribute('href')).toBe(`/orders/${orderId}`);
      // Signed up a moment ago, never verified: no order mails, and the page says how to get them (decision 0042, amendment).
      expect(await e2e.page.getByRole('link', { name: 'Verify your email to get order updates by mail' }).getAttribute('href')).toBe('/profile');

      // The ordered line left the cart (OrderPlaced reached the cart service).
      await e2e.page.getByRole('link', { name: 'Cart, 0 items' }).waitFor();

      // "View Order" opens this order's page: its number, what was ordered, and the timeline at "Ordered".
      await e2e.page.getByRole('link', { name: 'View Order' }).click();
      await e2e.page.getByRole('heading', { name: `Order ${number}` }).waitFor();
      await e2e.page.getByRole('list', { name: 'Items' }).getByRole('link', { name: lamp.name }).waitFor();
      expect(await e2e.page.getByRole('list', { name: 'Order progress' }).locator('[aria-current="step"]').textContent()).toMatch(/^Ordered: current step/);
      await e2e.page.goBack();
      await e2e.page.getByRole('heading', { name: 'Order Placed Successfully!' }).waitFor();

      await e2e.page.getByRole('link', { name: 'Track Your Orders' }).click();
      await e2e.page.getByRole('heading', { name: 'My Orders' }).waitFor();
      const card = e2e.page.getByRole('article').filter({ hasText: number });
      await card.getByText('Processing').first().waitFor();
      await card.getByText(lamp.name).waitFor();
      await card.getByText(inr(total)).waitFor();
      // Just placed and processing: the order is at "Ordered"; it has not shipped, so "Shipped" is not the current step.
      const progress = card.getByRole('list', { name: 'Order progress' });
      // As a screen reader reads each step (its name, then the hidden state).
      expect(await progress.getByRole('listitem').allTextContents()).toEqual([
        expect.stringMatching(/^Ordered: current step/),
        expect.stringMatching(/^Shipped: not yet/),
        expect.stringMatching(/^Delivered: not yet/),
      ]);
      expect(await progress.locator('[aria-current="step"]').innerText()).toMatch(/^Ordered/);

      // Sold out while the order stands.
      await e2e.page.goto(`${e2e.shop.url}/product/${lamp._id}`);
      await e2e.page.getByRole('heading', { name: lamp.name }).waitFor();
      await e2e.page.getByRole('button', { name: 'Out of Stock' }).waitFor();

      await e2e.page.goto(`${e2e.shop.url}/orders`);
      await e2e.page.getByRole('heading', { name: 'My Orders' }).waitFor();
      await e2e.page.getByRole('article').filter({ hasText: number }).getByRole('button', { name: /Cancel order/ }).click();
      const question = e2e.page.getByRole('alertdialog');
      await question.getByText(`Cancel order ${number}?`).waitFor();
      await question.getByRole('button', { name: 'Cancel order' }).click();
      await e2e.page.getByText('Order cancelled').waitFor();
      expect(e2e.dialogs).toEqual([]);
      await e2e.page.getByRole('button', { name: 'Cancelled' }).click();
      await e2e.page.getByRole('article').filter({ hasText: number }).getByText('Cancelled').first().waitFor();

      // The two units are back.
      await e2e.page.goto(`${e2e.shop.url}/product/${lamp._id}`);
      await e2e.page.getByRole('heading', { name: lamp.name }).waitFor();
      await e2e.page.getByText('Only 2 left').waitFor();
      await e2e.page.getByRole('button', { name: 'Add to Cart' }).waitFor();
    });
  });
  test('choosing a colour shows its pictures, and the cart line shows the chosen colour\'s picture', async () => {
    await screenshotOnFailure(e2e.page, 'colour-pictures', async () => {
      const staff = await e2e.browser.newContext();
      const headers = { origin: e2e.shop.url };
      expect((await staff.request.post(`${e2e.shop.url}/api/v1/login`, { data: ADMIN })).status()).toBe(200);
      // Three real pictures through the media upload: the product's own, a red and a blue one.
      const upload = async (rgb: [number, number, number]) => {
        const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: rgb[0], g: rgb[1], b: rgb[2] } } }).png().toBuffer();
        const res = await staff.request.post(`${e2e.shop.url}/api/v1/upload`, { headers, multipart: { file: { name: 'p.png', mimeType: 'image/png', buffer: png } } });
        expect(res.status()).toBe(201);
        return (await res.json()).secure_url as string;
      };
      const [plain, red, blue] = [await upload([200, 200, 200]), await upload([220, 20, 60]), await upload([30, 60, 200])];
      const created = await staff.request.post(`${e2e.shop.url}/api/v1/admin/product/create`, {
        headers,
        data: { id: 'E2E-TEE-1', name: 'Two Colour Tee', price: 499, description: 'A cotton tee.', category: 'men', subcat: 'shirts', size: ['M'], stockDetail: { M: 5 }, colors: ['Red', 'Blue'], image: [plain], colorImages: { Red: [red], Blue: [blue] } },
      });
      expect(created.status()).toBe(201);
      const tee = (await created.json()).product;
      await staff.close();
      const mediaId = (url: string) => url.split('/')[2]!;
      const mainPicture = e2e.page.locator('.gallery__main img');

      await e2e.page.goto(`${e2e.shop.url}/product/${tee._id}`);
      await e2e.page.getByRole('heading', { name: 'Two Colour Tee' }).waitFor();
      await e2e.page.getByRole('radio', { name: 'Blue' }).check();
      await pollUntil(async () => ((await mainPicture.getAttribute('src'))?.includes(mediaId(blue)) ? true : undefined), 5_000);
      await e2e.page.getByRole('radio', { name: 'Red' }).check();
      await pollUntil(async () => ((await mainPicture.getAttribute('src'))?.includes(mediaId(red)) ? true : undefined), 5_000);
      expect(await mainPicture.getAttribute('alt')).toBe('Two Colour Tee, Red');

      await e2e.page.getByRole('button', { name: 'Add to Cart' }).click();
      await e2e.page.getByText('Two Colour Tee is added to cart successfully').waitFor();
      await e2e.page.goto(`${e2e.shop.url}/cart`);
      const line = e2e.page.getByRole('listitem').filter({ has: e2e.page.getByRole('heading', { name: 'Two Colour Tee' }) });
      expect(await line.locator('img').first().getAttribute('src')).toContain(mediaId(red));
    });
  });
});
