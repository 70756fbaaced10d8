import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import createClient from 'openapi-fetch';
import { authManifest, cartManifest, catalogManifest, orderManifest, type RouteSpec } from '@shop/proto-contracts/src/routes';
import { pollUntil } from '../../tests/support/poll';
import type { paths } from '../../tests/support/shop-api.types';
import { startEmbedded } from './main';

const partner = 'http://partner.example.in';
const publicUrl = 'http://shop.example.in';

/** A real answer holds the status and the JSON its manifest route declares. */
function expectDeclared(route: RouteSpec, status: number, body: unknown) {
  expect({ route: `${route.method} ${route.path}`, statuses: route.status ?? [200] }).toEqual({ route: `${route.method} ${route.path}`, statuses: expect.arrayContaining([status]) });
  const checked = route.response!.safeParse(body);
  expect(checked.success ? [] : checked.error.issues).toEqual([]);
}

/**
 * A partner's app on another origin uses the embedded shop through a client typed from the
 * published OpenAPI document (decision 0071): every answer carries the CORS headers for its origin
 * and matches what the route manifest declares.
 */
describe('a partner on another origin, through the typed client', () => {
  let shop: Awaited<ReturnType<typeof startEmbedded>>;
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-partner-'));
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

  beforeAll(async () => {
    shop = await startEmbedded({ PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST: join(dataDir, 'no-web'), CORS_ORIGINS: `${partner}, http://other-partner.example.in`, PUBLIC_URL: publicUrl });
  }, 180_000);

  afterAll(async () => {
    await shop?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('the preflight of a login from the partner is answered, with credentials allowed for that origin only', async () => {
    const ask = (origin: string) =>
      fetch(`${shop.url}/api/v1/login`, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' } });
    const preflight = await ask(partner);
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(partner);
    expect(preflight.headers.get('access-control-allow-credentials')).toBe('true');
    const stranger = await ask('http://elsewhere.example.in');
    expect(stranger.headers.get('access-control-allow-origin')).toBeNull();
  });

  test('browses products, signs up, logs in, fills the cart, places a COD order with an Idempotency-Key and reads it back', async () => {
    const api = createClient<paths>({ baseUrl: shop.url, fetch: browserFetch });

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
  }, 120_000);

  test('a picture of the shop, absolute under PUBLIC_URL, may be shown on the partner page', async () => {
    // The demo catalog's artwork is stored in the background after the first start.
    const src = await pollUntil(async () => {
      const listing = (await (await fetch(`${shop.url}/api/v1/products?limit=40`)).json()) as { products: Array<{ image: string[] }> };
      return listing.products.flatMap((p) => p.image)[0];
    }, 90_000);
    expect(src.startsWith(`${publicUrl}/media/`)).toBe(true);
    const res = await fetch(`${shop.url}${new URL(src).pathname}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
  }, 120_000);
});
