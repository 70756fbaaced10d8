import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import { answerDialog, logIn, placeOrderOverRest, screenshotOnFailure, shipWith, shopInBrowser, signedUpContext } from '../support/browser';

const ADMIN = { email: 'admin@admin-users.test', password: 'admin-pass-users' };
const EMPLOYEE = { name: 'Asha Employee', email: 'asha@admin-users.test', phone: '9876500011', password: 'asha-pass-1' };
const LEAVER = { name: 'Bala Leaver', email: 'bala@admin-users.test', phone: '9876500012', password: 'bala-pass-1' };
const BUYER = { name: 'Chitra Buyer', email: 'chitra@admin-users.test', phone: '9876500013', password: 'chitra-pass-1' };
const SHIPPING = { address: '12 MG Road', city: 'Bengaluru', state: 'Karnataka', country: 'India', pinCode: '560001', phoneNo: '9876500013' };

const adminNumber = (orderId: string) => `#${orderId.slice(-6).toUpperCase()}`;

/**
 * An admin changes a user's role and deletes a user in the Users section, and moves orders
 * through the status machine in Orders Management (every move asked first); the new employee then sees the staff
 * area without what only an admin may do, and a shopper is kept out.
 */
describe('the staff users and orders screens in the browser', () => {
  const others: BrowserContext[] = [];
  const e2e = shopInBrowser('admin-users', ADMIN, {
    beforeClose: async () => {
      for (const other of others) await other.close().catch(() => undefined);
    },
  });

  const signedUp = (account: typeof BUYER) => signedUpContext(e2e, others, account);
  const placeOrder = (request: APIRequestContext, productId: string) => placeOrderOverRest(e2e, request, { productId, quantity: 1, shippingInfo: SHIPPING });
  const login = (page: Page, account: { email: string; password: string }) => logIn(page, e2e.shop.url, account);

  test('Edit Role, Delete user, order status moves, the employee and shopper views', async () => {
    await screenshotOnFailure(e2e.page, 'admin-users-orders', async () => {
      const employee = await signedUp(EMPLOYEE);
      await signedUp(LEAVER);
      const buyer = await signedUp(BUYER);

      // Eleven orders: two pages of ten.
      const listing = await (await buyer.request.get(`${e2e.shop.url}/api/v1/products?category=1&inStock=true&limit=48`)).json();
      const product = (listing.products as Array<{ _id: string; name: string; stock: number; size: string[] }>).find((p) => p.stock >= 11 && p.size.length === 0)!;
      expect(product).toBeDefined();
      const orderIds: string[] = [];
      for (let i = 0; i < 11; i++) orderIds.push(await placeOrder(buyer.request, product._id));
      const newest = orderIds[10]!;
      const stale = orderIds[9]!;

      await login(e2e.page, ADMIN);
      await e2e.page.goto(`${e2e.shop.url}/admin`);
      // Users is the default section for an admin.
      await e2e.page.getByRole('heading', { name: 'Users', exact: true }).waitFor();
      const rowOf = (email: string) => e2e.page.getByRole('listitem').filter({ hasText: email });
      await rowOf(EMPLOYEE.email).getByText('Role: user').waitFor();
      await rowOf(ADMIN.email).getByText('Your own role and account cannot be changed here.').waitFor();
      expect(await rowOf(ADMIN.email).getByRole('button', { name: /Edit Role/ }).count()).toBe(0);

      // Edit Role → Emp.
      await e2e.page.getByRole('button', { name: `Edit Role for ${EMPLOYEE.name}` }).click();
      const menu = e2e.page.getByRole('menu');
      expect(await menu.getByRole('menuitemradio').allInnerTexts()).toEqual(['User', 'Admin', 'Emp'].map((r) => expect.stringContaining(r)));
      await menu.getByRole('menuitemradio', { name: 'Emp' }).click();
      await answerDialog(e2e.page, `Change the role of ${EMPLOYEE.name} to Emp?`, 'Change role');
      await e2e.page.getByText('Role changed to emp').waitFor();
      await rowOf(EMPLOYEE.email).getByText('Role: emp').waitFor();

      // Delete, after confirming.
      await e2e.page.getByRole('button', { name: `Delete ${LEAVER.name}` }).click();
      await answerDialog(e2e.page, `Delete ${LEAVER.name}? This cannot be undone.`, 'Delete');
      await e2e.page.getByText('User deleted').waitFor();
      await rowOf(LEAVER.email).waitFor({ state: 'detached' });
      await e2e.page.reload();
      await rowOf(BUYER.email).waitFor();
      expect(await rowOf(LEAVER.email).count()).toBe(0);

      // Orders Management opens on every order, newest first, ten a page.
      await e2e.page.getByRole('navigation', { name: 'Dashboard sections' }).getByRole('link', { name: 'Orders' }).click();
      await e2e.page.getByRole('heading', { name: 'Orders Management' }).waitFor();
      await e2e.page.getByText('11 orders in all').waitFor();
      await e2e.page.getByText('Page 1 of 2').waitFor();
      const orderRow = (id: string) => e2e.page.getByRole('row').filter({ hasText: adminNumber(id) });
      await orderRow(newest).getByText(`1 x ${product.name}`).waitFor();
      await orderRow(newest).getByText('Processing').waitFor();
      // The list fits the page (no sideways scrolling at a laptop width).
      expect(await e2e.page.evaluate('document.documentElement.scrollWidth <= document.documentElement.clientWidth')).toBe(true);

      // Processing → Shipped (with courier and tracking number) → Delivered, each asked first; a
      // delivered order offers no more moves, only collecting its cash.
      await orderRow(newest).getByRole('button', { name: `Mark as Shipped ${adminNumber(newest)}` }).click();
      await shipWith(e2e.page, adminNumber(newest), 'DTDC', 'D55500011');
      await e2e.page.getByText('Order status updated to Shipped').waitFor();
      await orderRow(newest).getByText('Shipped', { exact: true }).waitFor();
      await orderRow(newest).getByRole('button', { name: `Mark as Delivered ${adminNumber(newest)}` }).click();
      await answerDialog(e2e.page, `Mark order ${adminNumber(newest)} as Delivered?`, 'Mark as Delivered');
      await e2e.page.getByText('Order status updated to Delivered').waitFor();
      await orderRow(newest).getByText('Delivered', { exact: true }).waitFor();
      expect(await orderRow(newest).getByRole('button', { name: /Mark as/ }).count()).toBe(0);
      await orderRow(newest).getByText('COD · Pending').waitFor();
      await orderRow(newest).getByRole('button', { name: `Cash collected ${adminNumber(newest)}` }).waitFor();

      // The buyer cancels an order while it is on screen: the move the screen still offers is
      // refused by the status machine with a clear message, and the list shows the order as it is.
      const cancelled = await buyer.request.post(`${e2e.shop.url}/graphql`, {
        headers: { origin: e2e.shop.url },
        data: { query: 'mutation($id: ID!) { cancelOrder(id: $id) { success message } }', variables: { id: stale } },
      });
      expect((await cancelled.json()).data.cancelOrder.success).toBe(true);
      await orderRow(stale).getByRole('button', { name: `Mark as Shipped ${adminNumber(stale)}` }).click();
      await shipWith(e2e.page, adminNumber(stale), 'Blue Dart', '81234567890');
      await e2e.page.getByText('Cannot change order status from cancelled to shipped').waitFor();
      await orderRow(stale).getByText('Cancelled', { exact: true }).waitFor();

      // Next page, then another day (back to page 1, nothing that day).
      await e2e.page.getByRole('button', { name: 'Next' }).click();
      await e2e.page.getByText('Page 2 of 2').waitFor();
      await orderRow(orderIds[0]!).waitFor();

      // An admin deletes the only order of page 2: the list falls back to the one page left.
      await orderRow(orderIds[0]!).getByRole('button', { name: `Delete order ${adminNumber(orderIds[0]!)}` }).click();
      await answerDialog(e2e.page, `Delete order ${adminNumber(orderIds[0]!)}? This cannot be undone.`, 'Delete order');
      await e2e.page.getByText('Order deleted', { exact: true }).waitFor();
      expect(e2e.dialogs).toEqual([]);
      await orderRow(orderIds[1]!).waitFor();
      expect(await e2e.page.getByText(/Page \d+ of/).count()).toBe(0);
      await e2e.page.getByText('10 orders in all').waitFor();

      // The delivered order is in the books (decision 0103): no Delete, only Archive, after confirming.
      expect(await orderRow(newest).getByRole('button', { name: /^Delete/ }).count()).toBe(0);
      await orderRow(newest).getByRole('button', { name: `Archive order ${adminNumber(newest)}` }).click();
      await answerDialog(e2e.page, `Archive order ${adminNumber(newest)}? It leaves this list and stays in the buyer's account, its invoice and the GST books.`, 'Archive order');
      await e2e.page.getByText('Order archived', { exact: true }).waitFor();
      await e2e.page.getByText('9 orders in all').waitFor();
      expect(await orderRow(newest).count()).toBe(0);
      // The Archived filter finds it again, marked, with Unarchive; at phone width too.
      await e2e.page.getByLabel('Archived', { exact: true }).selectOption('only');
      await e2e.page.getByRole('button', { name: 'Search orders' }).click();
      await orderRow(newest).getByText('Archived', { exact: true }).waitFor();
      expect(new URL(e2e.page.url()).searchParams.get('archived')).toBe('only');
      const wide = e2e.page.viewportSize();
      await e2e.page.setViewportSize({ width: 390, height: 844 });
      const unarchive = orderRow(newest).getByRole('button', { name: `Unarchive order ${adminNumber(newest)}` });
      expect(await unarchive.isVisible()).toBe(true);
      expect(await e2e.page.evaluate('document.documentElement.scrollWidth <= document.documentElement.clientWidth')).toBe(true);
      if (wide) await e2e.page.setViewportSize(wide);
      // The buyer's account keeps it as ever.
      const mine = await (await buyer.request.get(`${e2e.shop.url}/api/v1/orders/user`)).json();
      expect((mine.orders as { _id: string }[]).map((o) => o._id)).toContain(newest);

      await e2e.page.getByLabel('From', { exact: true }).fill('2025-01-15');
      await e2e.page.getByLabel('To', { exact: true }).fill('2025-01-15');
      await e2e.page.getByRole('button', { name: 'Search orders' }).click();
      await e2e.page.getByText('No orders match this search.').waitFor();
      expect(new URL(e2e.page.url()).searchParams.get('page')).toBeNull();
      expect(await e2e.page.getByText(/Page \d+ of/).count()).toBe(0);

      // The new employee: the staff area without Users and without deleting orders.
      const empPage = await employee.newPage();
      await login(empPage, EMPLOYEE);
      await empPage.goto(`${e2e.shop.url}/admin?section=users`);
      await empPage.getByRole('heading', { name: 'Orders Management' }).waitFor();
      const sections = empPage.getByRole('navigation', { name: 'Dashboard sections' });
      expect(await sections.getByRole('link').allInnerTexts()).toEqual(['Dashboard', 'Orders', 'Create', 'Products', 'Low stock', 'Reviews', 'Categories', 'Returns', 'Coupons', 'GST', 'Delivery']);
      await empPage.getByRole('heading', { name: 'Staff Dashboard' }).waitFor();
      await empPage.getByRole('row').filter({ hasText: adminNumber(orderIds[8]!) }).getByRole('button', { name: /Mark as Shipped/ }).waitFor();
      expect(await empPage.getByRole('button', { name: /^Delete/ }).count()).toBe(0);
      // The newsletter list holds people's addresses: an emp typing its address is sent back to the console.
      await empPage.goto(`${e2e.shop.url}/admin/newsletter`);
      await empPage.waitForURL(`${e2e.shop.url}/admin`);
      expect(await empPage.getByRole('heading', { name: 'Newsletter subscribers' }).count()).toBe(0);

      // A shopper is sent home.
      const buyerPage = await buyer.newPage();
      await buyerPage.goto(`${e2e.shop.url}/admin`);
      await buyerPage.waitForURL((url) => url.pathname === '/');
    });
  });
});
