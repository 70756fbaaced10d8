/** The services behind the gateway. */
export type ServiceName = 'auth' | 'catalog' | 'cart' | 'order' | 'media';
export const serviceNames: ServiceName[] = ['auth', 'catalog', 'cart', 'order', 'media'];

export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Express-style path under /api/v1 (":param" segments). */
  path: string;
  service: ServiceName;
}

const r = (method: Route['method'], path: string, service: ServiceName): Route => ({ method, path, service });

/**
 * Every /api/v1 path and the service that owns it: the spec's section 7 tables plus the paths our
 * own features add. A path not listed here is a 404 at the gateway, never forwarded.
 */
export const routeTable: Route[] = [
  // Authentication and profile
  r('POST', '/register', 'auth'),
  r('POST', '/login', 'auth'),
  r('POST', '/logout', 'auth'),
  r('POST', '/refresh-token', 'auth'),
  r('GET', '/profile', 'auth'),
  r('PUT', '/profile/update', 'auth'),
  r('POST', '/email/confirm/:token', 'auth'),
  r('POST', '/email/verification', 'auth'),
  r('POST', '/email/verify/:token', 'auth'),
  r('POST', '/addPhone', 'auth'),
  r('POST', '/addAddress', 'auth'),
  r('PUT', '/password/update', 'auth'),
  r('POST', '/password/forgot', 'auth'),
  r('POST', '/reset/:token', 'auth'),
  r('POST', '/sendOTP', 'auth'),
  r('POST', '/password/reset-otp', 'auth'),
  r('GET', '/auth/providers', 'auth'),
  r('GET', '/auth/oidc/start', 'auth'),
  r('GET', '/auth/oidc/callback', 'auth'),
  // Newsletter (double opt-in; the links need no login)
  r('POST', '/newsletter', 'auth'),
  r('GET', '/newsletter/confirm/:token', 'auth'),
  r('GET', '/newsletter/unsubscribe/:token', 'auth'),
  r('GET', '/admin/newsletter', 'auth'),
  r('GET', '/admin/newsletter/export', 'auth'),
  // Admin: users
  r('GET', '/admin/users', 'auth'),
  r('GET', '/admin/user/:id', 'auth'),
  r('PUT', '/admin/user/:id', 'auth'),
  r('DELETE', '/admin/user/:id', 'auth'),
  // Products and reviews
  r('GET', '/products', 'catalog'),
  r('GET', '/productsByTag', 'catalog'),
  r('GET', '/product/:id', 'catalog'),
  r('PUT', '/review', 'catalog'),
  r('GET', '/categories', 'catalog'),
  r('GET', '/search', 'catalog'),
  r('GET', '/search/suggest', 'catalog'),
  // Admin: products and reviews
  r('GET', '/admin/products', 'catalog'),
  r('GET', '/admin/products/low-stock', 'catalog'),
  r('POST', '/admin/product/create', 'catalog'),
  r('PUT', '/admin/product/:id', 'catalog'),
  r('DELETE', '/admin/product/:id', 'catalog'),
  r('GET', '/admin/reviews', 'catalog'),
  r('DELETE', '/admin/reviews', 'catalog'),
  r('PUT', '/admin/review/:id', 'catalog'),
  // Admin: categories (staff read; admin change)
  r('GET', '/admin/categories', 'catalog'),
  r('POST', '/admin/categories', 'catalog'),
  r('PUT', '/admin/categories/:id', 'catalog'),
  r('DELETE', '/admin/categories/:id', 'catalog'),
  // Admin: GST rates by HSN (staff read; admin change; decision 0046)
  r('GET', '/admin/gst-rates', 'catalog'),
  r('POST', '/admin/gst-rates', 'catalog'),
  r('PUT', '/admin/gst-rates/:id', 'catalog'),
  r('DELETE', '/admin/gst-rates/:id', 'catalog'),
  // Cart
  r('POST', '/addToCart', 'cart'),
  r('GET', '/loadCart', 'cart'),
  r('PUT', '/cart/updateItem', 'cart'),
  r('DELETE', '/removeFromCart/:productId', 'cart'),
  // Guest cart merged at login (decision 0063)
  r('POST', '/cart/merge', 'cart'),
  // Wishlist (the spec's header button, made real)
  r('GET', '/wishlist', 'cart'),
  r('POST', '/wishlist', 'cart'),
  r('DELETE', '/wishlist/:productId', 'cart'),
  r('POST', '/wishlist/:productId/move-to-cart', 'cart'),
  // Orders
  r('POST', '/new/order', 'order'),
  r('GET', '/orders/user', 'order'),
  r('GET', '/order/:id', 'order'),
  r('POST', '/order/:id/cancel', 'order'),
  r('GET', '/orders/date', 'order'),
  r('GET', '/admin/orders', 'order'),
  r('GET', '/admin/orders/export', 'order'),
  r('GET', '/admin/dashboard/sales', 'order'),
  r('GET', '/admin/gst-summary', 'order'),
  r('GET', '/admin/gst-summary/csv', 'order'),
  r('PUT', '/admin/order/:id', 'order'),
  r('DELETE', '/admin/order/:id', 'order'),
  r('POST', '/admin/order/:id/cod-collected', 'order'),
  r('GET', '/admin/order/:id/notes', 'order'),
  r('POST', '/admin/order/:id/notes', 'order'),
  // Returns within 30 days and GST tax invoices
  r('POST', '/order/:id/return/quote', 'order'),
  r('GET', '/returns/:id/credit-note', 'order'),
  r('GET', '/returns/:id/credit-note/pdf', 'order'),
  r('POST', '/order/:id/return', 'order'),
  r('GET', '/returns/user', 'order'),
  r('GET', '/admin/returns', 'order'),
  r('PUT', '/admin/return/:id', 'order'),
  r('GET', '/admin/return/:id/refund-details', 'order'),
  r('GET', '/order/:id/invoice', 'order'),
  // Coupons (decision 0028)
  r('GET', '/admin/coupons', 'order'),
  r('POST', '/admin/coupons', 'order'),
  r('PUT', '/admin/coupon/:id', 'order'),
  r('DELETE', '/admin/coupon/:id', 'order'),
  r('POST', '/coupon/check', 'order'),
  // Payment test provider
  r('POST', '/createOrder', 'order'),
  r('POST', '/verifyOrder', 'order'),
  r('POST', '/payments/test/:orderId/pay', 'order'),
  // Image upload (replaces the spec's third-party image host)
  r('POST', '/upload', 'media'),
];

interface CompiledRoute extends Route {
  pattern: RegExp;
}

const compiled: CompiledRoute[] = routeTable.map((route) => ({
  ...route,
  pattern: new RegExp(`^${route.path.replace(/:[A-Za-z]+/g, '[^/]+')}/?$`),
}));

/**
 * The owning service of a path below /api/v1 and the route's pattern (`/product/:id`): `{ service,
 * path }` when the method matches, `{ allowed }` (for a 405) when only the path does, undefined
 * when the path is unknown.
 */
export function resolveRoute(method: string, subPath: string): { service: ServiceName; path: string } | { allowed: string[] } | undefined {
  const matches = compiled.filter((c) => c.pattern.test(subPath));
  if (matches.length === 0) return undefined;
  const m = method === 'HEAD' ? 'GET' : method;
  const hit = matches.find((c) => c.method === m);
  if (hit) return { service: hit.service, path: hit.path };
  return { allowed: [...new Set(matches.map((c) => c.method))] };
}
