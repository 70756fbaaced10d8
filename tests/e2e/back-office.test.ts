import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import { answerDialog, logIn, placeOrderOverRest, screenshotOnFailure, shipWith, shopInBrowser, signedUpContext } from '../support/browser';

const ADMIN = { email: 'admin@back-office.test', password: 'admin-pass-office' };
const EMPLOYEE = { name: 'Esha Employee', email: 'esha@back-office.test', phone: '9876500031', password: 'esha-pass-1' };
const BUYER = { name: 'Dev Buyer', email: 'dev@back-office.test', phone: '9876500032', password: 'dev-pass-1' };
const SHIPPING = { address: '7 Park Street', city: 'Kolkata', state: 'West Bengal', country: 'India', pinCode: '700016', phoneNo: '9876500032' };

/**
 * A day in the back office: staff find an order by the number a customer reads out, open it,
 * print its packing slip and ship it; search a user and change a role after confirming; delete a
 * review from the moderation page; make a category with a subcategory and a product in it; an
 * employee may look at categories but not change them.
 */
describe('the back office in the browser', () => {
  const others: BrowserContext[] = [];
  const e2e = shopInBrowser('back-office', ADMIN, {
    beforeClose: async () => {
      for (const other of others) await other.close().catch(() => undefined);
    },
  });

  const signedUp = (account: typeof BUYER) => signedUpContext(e2e, others, account);
  const placeOrder = (request: APIRequestContext, productId: string) => placeOrderOverRest(e2e, request, { productId, quantity: 2, shippingInfo: SHIPPING });
  const login = (page: Page, account: { email: string; password: string }) => logIn(page, e2e.shop.url, account);

  let buyer: BrowserContext;
  let productId: string;
  let productName: string;

  beforeAll(async () => {
    buyer = await signedUp(BUYER);
    await signedUp(EMPLOYEE);
    const listing = await (await buyer.request.get(`${e2e.shop.url}/api/v1/products?category=1&inStock=true&limit=48`)).json();
    const product = (listing.products as Array<{ _id: string; name: string; stock: number; size: string[] }>).find((p) => p.stock >= 5 && p.size.length === 0)!;
    productId = product._id;
    productName = product.name;
    await login(e2e.page, ADMIN);
  });

  test('staff find an order by the number the customer reads out, open it, print the slip, ship it', async () => {
    await screenshotOnFailure(e2e.page, 'back-office-orders', async () => {
      const other = await placeOrder(buyer.request, productId);
      const wanted = await placeOrder(buyer.request, productId);
      const page = e2e.page;
      await page.goto(`${e2e.shop.url}/admin?section=orders`);
      await page.getByRole('heading', { name: 'Orders Management' }).waitFor();

      // The customer reads out the number of their confirmation: "#6FC7A0", typed in lower case.
      await page.getByLabel('Find orders').fill(`#${wanted.slice(-6)}`);
      await page.getByRole('button', { name: 'Search orders' }).click();
      await page.getByText('1 order found').waitFor();
      const staffNumber = `#${wanted.slice(-6).toUpperCase()}`;
      expect(await page.getByRole('row').filter({ hasText: `#${other.slice(-6).toUpperCase()}` }).count()).toBe(0);
      await page.getByRole('link', { name: `Open order ${staffNumber}` }).click();

      await page.getByRole('heading', { name: `Order ${staffNumber}` }).waitFor();
      const deliverTo = page.getByRole('region', { name: 'Deliver to' });
      await deliverTo.getByText(BUYER.name).waitFor();
      await deliverTo.getByText(SHIPPING.address).waitFor();
      await deliverTo.getByText(SHIPPING.phoneNo).waitFor();
      await page.getByRole('region', { name: 'Items' }).getByText('Qty: 2').waitFor();
      await page.getByRole('region', { name: 'Price details' }).getByText('Total').waitFor();

      // The packing slip prints alone: the order number as text and as a QR code, the address.
      expect(await page.getByRole('region', { name: 'Packing slip' }).isVisible()).toBe(false);
      await page.emulateMedia({ media: 'print' });
      const slip = page.getByRole('region', { name: 'Packing slip' });
      expect(await slip.isVisible()).toBe(true);
      await slip.getByText(`Order ${staffNumber}`).waitFor();
      await slip.getByRole('img', { name: `QR code of order ${wanted}` }).waitFor();
      await slip.getByText('Cash on delivery: collect', { exact: false }).waitFor();
      expect(await page.getByRole('button', { name: 'Mark as Shipped' }).isVisible()).toBe(false);
      await page.screenshot({ path: `${__dirname}/artifacts/packing-slip.png` });
      await page.emulateMedia({ media: 'screen' });

      await page.getByRole('button', { name: 'Mark as Shipped' }).click();
      await shipWith(page, staffNumber, 'Delhivery', '1234567890123');
      await page.getByText('Order status updated to Shipped').waitFor();
      await page.getByRole('region', { name: 'Status' }).getByRole('link', { name: '1234567890123' }).waitFor();
      await page.getByRole('button', { name: 'Mark as Delivered' }).waitFor();
      const shipped = page.getByRole('region', { name: 'Status' }).getByRole('listitem').filter({ hasText: 'Shipped' });
      await shipped.getByText(/IST$/).waitFor();
    });
  });

  test("the dashboard charts the orders of the last 7 or 30 days, with their figures as tables", async () => {
    await screenshotOnFailure(e2e.page, 'back-office-dashboard', async () => {
      const page = e2e.page;
      await page.goto(`${e2e.shop.url}/admin?section=dashboard`);
      const period = page.getByRole('group', { name: 'Chart period' });
      const week = period.getByRole('button', { name: 'Last 7 days' });
      const month = period.getByRole('button', { name: 'Last 30 days' });
      expect(await week.getAttribute('aria-pressed')).toBe('true');

      // Each chart's text alternative: the two orders of the journey above (one shipped), 2 units each.
      const table = (name: string) => page.getByRole('table', { name, exact: true });
      await table('Daily sales, last 7 days').waitFor({ state: 'attached' });
      expect(await table('Daily sales, last 7 days').getByRole('row').count()).toBe(1 + 7);
      const byStatus = table('Orders of the last 7 days by status');
      expect(await byStatus.getByRole('row', { name: /^Processing/ }).getByRole('cell').innerText()).toBe('1');
      expect(await byStatus.getByRole('row', { name: /^Shipped/ }).getByRole('cell').innerText()).toBe('1');
      expect(await table('Top products of the last 7 days').getByRole('row', { name: new RegExp(`^${productName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) }).getByRole('cell').first().innerText()).toBe('4');
      expect(await table('Sales by category, last 7 days').getByRole('row', { name: /^Home & Kitchen/ }).getByRole('cell').first().innerText()).toBe('4');

      // 30 days: another span of days and of dates; the 7-day tables are gone.
      const weekRange = await page.getByText(/\(IST\)$/).innerText();
      await month.click();
      await table('Daily sales, last 30 days').waitFor({ state: 'attached' });
      expect(await month.getAttribute('aria-pressed')).toBe('true');
      expect(await table('Daily sales, last 30 days').getByRole('row').count()).toBe(1 + 30);
      expect(await table('Daily sales, last 7 days').count()).toBe(0);
      await table('Orders of the last 30 days by status').waitFor({ state: 'attached' });
      expect(await page.getByText(/\(IST\)$/).innerText()).not.toBe(weekRange);
      await page.getByRole('heading', { name: 'Daily sales, last 30 days' }).waitFor();

      await week.click();
      await table('Daily sales, last 7 days').waitFor({ state: 'attached' });
      expect(e2e.dialogs).toEqual([]);
    });
  });

  test('an admin searches a user and changes the role after confirming it', async () => {
    await screenshotOnFailure(e2e.page, 'back-office-users', async () => {
      const page = e2e.page;
      await page.goto(`${e2e.shop.url}/admin?section=users`);
      await page.getByLabel('Find users').fill('ESHA@back-office');
      await page.getByRole('button', { name: 'Search users' }).click();
      await page.getByText('1 account found').waitFor();
      const row = page.getByRole('listitem').filter({ hasText: EMPLOYEE.email });
      await row.getByText('Role: user').waitFor();

      // The change asks first, naming the account and the new role.
      await page.getByRole('button', { name: `Edit Role for ${EMPLOYEE.name}` }).click();
      await page.getByRole('menu').getByRole('menuitemradio', { name: 'Emp' }).click();
      await answerDialog(page, `Change the role of ${EMPLOYEE.name} to Emp?`, 'Change role');
      await page.getByText('Role changed to emp').waitFor();
      expect(e2e.dialogs).toEqual([]);
      await row.getByText('Role: emp').waitFor();

      await page.getByLabel('Role', { exact: true }).selectOption('emp');
      await page.getByLabel('Find users').fill('');
      await page.getByRole('button', { name: 'Search users' }).click();
      await page.getByText('1 account found').waitFor();
      expect(await page.getByRole('listitem').filter({ hasText: BUYER.email }).count()).toBe(0);
    });
  });

  test('staff delete a review from the moderation page after confirming', async () => {
    await screenshotOnFailure(e2e.page, 'back-office-reviews', async () => {
      const written = await buyer.request.put(`${e2e.shop.url}/api/v1/review`, {
        headers: { origin: e2e.shop.url },
        data: { productId, rating: 1, comment: 'Spam spam visit my shop' },
      });
      expect(written.status()).toBe(200);
      const page = e2e.page;
      await page.goto(`${e2e.shop.url}/admin?section=reviews`);
      await page.getByRole('heading', { name: 'Reviews', exact: true }).waitFor();
      await page.getByLabel('Rating').selectOption('1');
      await page.getByLabel('Find reviews').fill('visit my shop');
      await page.getByRole('button', { name: 'Search reviews' }).click();
      await page.getByText('1 review', { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Delete review by Dev B.' }).click();
      await answerDialog(page, 'Delete the review by Dev B.? This cannot be undone.', 'Delete');
      await page.getByText('Review deleted').waitFor();
      expect(e2e.dialogs).toEqual([]);
      await page.getByText('No reviews found.').waitFor();
    });
  });

  test('an admin creates a category with a subcategory and a product in it; an emp cannot edit categories', async () => {
    await screenshotOnFailure(e2e.page, 'back-office-categories', async () => {
      const page = e2e.page;
      // Staff reach the staff area from the account menu.
      await page.goto(`${e2e.shop.url}/`);
      await page.getByRole('button', { name: /^Account menu for/ }).click();
      await page.getByRole('link', { name: 'Staff area' }).click();
      await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
      await page.getByRole('navigation', { name: 'Dashboard sections' }).getByRole('link', { name: 'Categories' }).click();
      await page.getByLabel('Category name').fill('Temple Decor');
      await page.getByRole('button', { name: 'Add category' }).click();
      await page.getByText('Category created').waitFor();
      await page.getByLabel('New subcategory of Temple Decor').fill('Brass Bells');
      await page.getByRole('button', { name: 'Add subcategory to Temple Decor' }).click();
      await page.getByRole('list', { name: 'Subcategories of Temple Decor' }).getByRole('button', { name: 'Delete Brass Bells' }).waitFor();

      // The shop's sidebar shows it at once (the cached categories were purged).
      await page.goto(`${e2e.shop.url}/`);
      await page.getByRole('link', { name: 'Temple Decor' }).first().waitFor();

      await page.goto(`${e2e.shop.url}/admin/product/create`);
      const field = (label: string) => page.getByLabel(label, { exact: true });
      await field('Product ID').fill('E2E-BELL-1');
      await field('Name').fill('Brass Temple Bell');
      await field('Description').fill('A small hand-cast brass bell for the pooja room.');
      await field('Price').fill('349');
      await field('Category').selectOption({ label: 'Temple Decor' });
      await field('Subcategory').selectOption({ label: 'Brass Bells' });
      await field('Stock').fill('7');
      await page.getByRole('button', { name: 'Create Product' }).click();
      await page.getByText('Product Created successfully').waitFor();

      // In use now: deleting the category is refused with the server's reason.
      await page.goto(`${e2e.shop.url}/admin?section=categories`);
      await page.getByRole('button', { name: 'Delete Temple Decor' }).click();
      await answerDialog(page, 'Delete Temple Decor? This cannot be undone.', 'Delete');
      await page.getByText('This category is used by 1 product; move or delete them first').waitFor();
      expect(e2e.dialogs).toEqual([]);

      // The employee (made emp in the users journey above) signs in afresh.
      const empContext = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
      others.push(empContext);
      const empPage = await empContext.newPage();
      await login(empPage, EMPLOYEE);
      await empPage.goto(`${e2e.shop.url}/admin?section=categories`);
      await empPage.getByText('Only an admin can change categories.').waitFor();
      await empPage.getByRole('heading', { name: 'Temple Decor' }).waitFor();
      expect(await empPage.getByRole('button', { name: /^(Rename|Delete|Hide|Add category)/ }).count()).toBe(0);
      const refused = await empContext.request.post(`${e2e.shop.url}/api/v1/admin/categories`, { headers: { origin: e2e.shop.url }, data: { name: 'Sneaky' } });
      expect(refused.status()).toBe(403);
    });
  });
});
