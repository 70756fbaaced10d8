/**
 * The whole route manifest: every /api/v1 route of every service (decision 0071). Imported by path
 * (`@shop/proto-contracts/src/routes`), not through the package index, so the web bundle never
 * carries it.
 */
import { authManifest } from './auth.routes';
import { cartManifest } from './cart.routes';
import { catalogManifest } from './catalog.routes';
import { mediaManifest } from './media.routes';
import { orderManifest } from './order.routes';
import type { RouteSpec, ServiceName } from './route-manifest';

export * from './route-manifest';
export { authManifest, cartManifest, catalogManifest, mediaManifest, orderManifest };

/** Each service's routes, by service. */
export const routesByService: Record<ServiceName, readonly RouteSpec[]> = {
  auth: Object.values(authManifest),
  catalog: Object.values(catalogManifest),
  cart: Object.values(cartManifest),
  order: Object.values(orderManifest),
  media: Object.values(mediaManifest),
};

/** Every route, in the order of the services. */
export const routeManifest: readonly RouteSpec[] = Object.values(routesByService).flat();
