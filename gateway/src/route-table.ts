import { routeManifest, serviceNames as manifestServiceNames, type HttpMethod, type ServiceName } from '@shop/proto-contracts/routes';

export type { ServiceName };
/** The services behind the gateway. */
export const serviceNames: ServiceName[] = [...manifestServiceNames];

export interface Route {
  method: HttpMethod;
  /** Express-style path under /api/v1 (":param" segments). */
  path: string;
  service: ServiceName;
  /** The body's list field whose length the call counts as toward the rate limit (the manifest's `weighedBy`). */
  weighedBy?: string;
}

/**
 * Every /api/v1 path and the service that owns it, from the route manifest (decision 0071). A path
 * not listed here is a 404 at the gateway, never forwarded.
 */
export const routeTable: Route[] = routeManifest.map(({ method, path, service, weighedBy }) => ({ method, path, service, ...(weighedBy ? { weighedBy } : {}) }));

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
export function resolveRoute(method: string, subPath: string): { service: ServiceName; path: string; weighedBy?: string } | { allowed: string[] } | undefined {
  const matches = compiled.filter((c) => c.pattern.test(subPath));
  if (matches.length === 0) return undefined;
  const m = method === 'HEAD' ? 'GET' : method;
  const hit = matches.find((c) => c.method === m);
  if (hit) return hit.weighedBy ? { service: hit.service, path: hit.path, weighedBy: hit.weighedBy } : { service: hit.service, path: hit.path };
  return { allowed: [...new Set(matches.map((c) => c.method))] };
}
