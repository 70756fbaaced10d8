import createClient from 'openapi-fetch';
import { authManifest, cartManifest, catalogManifest, orderManifest, type RouteSpec } from '@shop/proto-contracts/routes';
import type { paths } from './shop-api.types';

/** A real answer holds the status and the JSON its manifest route declares (the contract test, decision 0071). */
export function expectDeclared(route: RouteSpec, status: number, body: unknown) {
  expect({ route: `${route.method} ${route.path}`, statuses: route.status ?? [200] }).toEqual({ route: `${route.method} ${route.path}`, statuses: expect.arrayContaining([status]) });
  const checked = route.response!.safeParse(body);
  expect(checked.success ? [] : checked.error.issues).toEqual([]);
}

/**
 * A partner's app on `partner` (an origin the shop lists in CORS_ORIGINS) through a client typed
 * from the published OpenAPI document: browses products, signs up, logs in, fills the cart, places
 * a cash-on-delivery order with an Idempotency-Key and reads it back, with cookies, the partner's
 * Origin on every call. Each answer is checked against the manifest and its CORS headers.
 */
export async function partnerJourney(shopUrl: string, partner: string) {
  const cookies = new Map<string, string>();
  const corsSeen: Array<{ url: string; allowOrigin: string | null; credentials: string | null }> = [];
  /** The browser's part: the partner's Origin on every call, cookies kept and sent back. */
  const browserFetch = async (request: Request) => {
    const headers = new Headers(request.headers);
    headers.set('origin', partner);
    if (cookies.size > 0) headers.set('cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await fetch(new Request(request, { headers }));
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    corsSeen.push({ url: new URL(request.url).pathname, allowOrigin: res.headers.get('access-control-allow-origin'), credentials: res.headers.get('access-control-allow-credentials') });
    return res;
  };
    const api = createClient<paths>({ baseUrl: shopUrl, fetch: browserFetch });

  const listing = await api.GET('/api/v1/products', { params: { query: { inStock: 'true', limit: '40' } as never } });
  expectDeclared(catalogManifest['GET /products'], listing.response.status, listing.data);
  type Listed = { _id: string; price: number; image: string[]; size: string[]; stockDetail: Record<string, number>; stock: number };
  const products = listing.data!.products as unknown as Listed[];
  const product = products.find((p) => p.stock > 2 && (p.size.length === 0 || (p.stockDetail[p.size[0]!] ?? 0) > 2))!;
  expect(product).toBeDefined();
  // Pictures resolve against the shop, not against the partner's page.
  for (const src of products.flatMap((p) => p.image)) expect(src).toMatch(/^https?:\/\//);

  const one = await api.GET('/api/v1/product/{id}', { params: { path: { id: product._id } } });
  expectDeclared(catalogManifest['GET /product/:id'], one.response.status, one.data);

  const account = { name: 'Partner Shopper', email: `partner.${Date.now()}@example.in`, phone: '9876501234', password: 'Partner#Pass1' };
  const signup = await api.POST('/api/v1/register', { body: account });
  expectDeclared(authManifest['POST /register'], signup.response.status, signup.data);
  cookies.clear();

  const login = await api.POST('/api/v1/login', { body: { email: account.email, password: account.password } });
  expectDeclared(authManifest['POST /login'], login.response.status, login.data);
  expect(cookies.has('access_token')).toBe(true);

  const profile = await api.GET('/api/v1/profile');
  expectDeclared(authManifest['GET /profile'], profile.response.status, profile.data);
  expect(profile.data!.user.email).toBe(account.email);

  const size = product.size[0];
  const added = await api.POST('/api/v1/addToCart', { body: { productId: product._id, quantity: 2, ...(size ? { properties: { size } } : {}) } });
  expectDeclared(cartManifest['POST /addToCart'], added.response.status, added.data);
  const cart = await api.GET('/api/v1/loadCart');
  expectDeclared(cartManifest['GET /loadCart'], cart.response.status, cart.data);
  expect(cart.data!.cartItems.map((i) => [i.productId, i.quantity])).toEqual([[product._id, 2]]);
  if (cart.data!.cartItems[0]!.image) expect(cart.data!.cartItems[0]!.image).toMatch(/^https?:\/\//);

  const key = `partner-${Date.now()}`;
  const order = {
    items: [{ productId: product._id, quantity: 2, ...(size ? { size } : {}) }],
    shippingInfo: { address: '12 MG Road', city: 'Bengaluru', state: 'Karnataka', country: 'India', pinCode: '560001', phoneNo: '9876501234' },
  };
  const placed = await api.POST('/api/v1/new/order', { body: order, params: { header: { 'Idempotency-Key': key } } });
  expectDeclared(orderManifest['POST /new/order'], placed.response.status, placed.data);
  expect(placed.response.status).toBe(201);
  const id = placed.data!.order.id;
  expect(placed.data!.order.paymentInfo.method).toMatch(/cod|cash/i);
  // Priced by the server at the catalog's price (GST included).
  expect(placed.data!.order.itemPrice).toBeCloseTo(product.price * 2, 2);
  expect(placed.data!.order.totalPrice).toBeGreaterThan(0);

  // The same key again (a retry after a lost answer) gives the same order, not a second one.
  const again = await api.POST('/api/v1/new/order', { body: order, params: { header: { 'Idempotency-Key': key } } });
  expectDeclared(orderManifest['POST /new/order'], again.response.status, again.data);
  expect(again.response.status).toBe(200);
  expect(again.data!.order.id).toBe(id);

  const mine = await api.GET('/api/v1/orders/user');
  expectDeclared(orderManifest['GET /orders/user'], mine.response.status, mine.data);
  expect(mine.data!.orders.map((o) => o.id)).toEqual([id]);
  const read = await api.GET('/api/v1/order/{id}', { params: { path: { id } } });
  expectDeclared(orderManifest['GET /order/:id'], read.response.status, read.data);
  expect(read.data!.order.orderItems.map((i) => [i.productId, i.quantity])).toEqual([[product._id, 2]]);

  // Every answer the partner's page got was readable by it: its origin, with credentials.
  expect(corsSeen.map((c) => c.url)).toHaveLength(11);
  expect(corsSeen.filter((c) => c.allowOrigin !== partner || c.credentials !== 'true')).toEqual([]);
}
