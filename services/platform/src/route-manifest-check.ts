import type { Express } from 'express';
import jwt from 'jsonwebtoken';
import type { RouteSpec } from '@shop/proto-contracts/routes';
import { JWT_ALGORITHM, JWT_ISSUER } from './auth';

/** What the tests read of Express 5's router internals. */
interface Layer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
  slash?: boolean;
  match(path: string): boolean;
}

const API = '/api/v1';

/**
 * Every `METHOD /path` (below /api/v1) an Express app registers: routes on the app itself and on
 * routers mounted at /, at /api/v1 or in a router so mounted. Routes elsewhere (/internal, /media,
 * /graphql, health) are left out.
 */
export function registeredApiRoutes(app: Express): string[] {
  const found: string[] = [];
  const walk = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
        for (const path of paths) {
          const full = prefix + path;
          if (!full.startsWith(`${API}/`)) continue;
          for (const [method, on] of Object.entries(layer.route.methods)) if (on && method !== '_all') found.push(`${method.toUpperCase()} ${full.slice(API.length)}`);
        }
      } else if (layer.handle?.stack) {
        // Express 5 keeps no mount path on a layer: ask whether it matches below /api/v1.
        if (layer.slash) walk(layer.handle.stack, prefix);
        else if (prefix === '' && layer.match(`${API}/probe`) && !layer.match('/probe')) walk(layer.handle.stack, API);
      }
    }
  };
  const router = (app as unknown as { router: { stack: Layer[] } }).router;
  walk(router.stack, '');
  return [...new Set(found)].sort();
}

/** `METHOD /path` of manifest routes, sorted. */
export function declaredRoutes(routes: readonly RouteSpec[]): string[] {
  return routes.map((r) => `${r.method} ${r.path}`).sort();
}

/** A short-lived access token of a made-up account with this role, signed as auth signs them. */
export function accessTokenFor(privateKey: string, role: 'user' | 'emp' | 'admin', sub = `00000000-0000-4000-8000-00000000${role === 'user' ? '0001' : role === 'emp' ? '0002' : '0003'}`): string {
  return jwt.sign({ sub, role, email: `${role}@example.in`, name: `A ${role}`, av: 0 }, privateKey, { algorithm: JWT_ALGORITHM, issuer: JWT_ISSUER, expiresIn: '10m' });
}

/**
 * Calls every declared route the way that must be refused, and answers what each got: a `login`
 * route without a token (401 expected), a `staff` route as a shopper (403), an `admin` route as emp
 * (403), and a `staff` route as emp (never 401 or 403). Path parameters get a made-up value; no body
 * is sent, so nothing is changed.
 */
export async function probeAccess(baseUrl: string, routes: readonly RouteSpec[], privateKey: string) {
  const tokens = { user: accessTokenFor(privateKey, 'user'), emp: accessTokenFor(privateKey, 'emp') };
  const results: Array<{ route: string; as: 'nobody' | 'user' | 'emp'; status: number; expected: string }> = [];
  const call = async (route: RouteSpec, as: 'nobody' | 'user' | 'emp') => {
    const path = route.path.replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000999');
    const res = await fetch(`${baseUrl}${API}${path}`, {
      method: route.method,
      headers: as === 'nobody' ? {} : { authorization: `Bearer ${tokens[as]}` },
      redirect: 'manual',
    });
    await res.arrayBuffer();
    return res.status;
  };
  for (const route of routes) {
    const name = `${route.method} ${route.path}`;
    if (route.access === 'login') results.push({ route: name, as: 'nobody', status: await call(route, 'nobody'), expected: '401' });
    if (route.access === 'staff' || route.access === 'admin') {
      results.push({ route: name, as: 'nobody', status: await call(route, 'nobody'), expected: '401' });
      results.push({ route: name, as: 'user', status: await call(route, 'user'), expected: '403' });
    }
    if (route.access === 'admin') results.push({ route: name, as: 'emp', status: await call(route, 'emp'), expected: '403' });
    if (route.access === 'staff') results.push({ route: name, as: 'emp', status: await call(route, 'emp'), expected: 'not 401/403' });
  }
  return results;
}

/** The probes whose answer was not the expected one (an empty list when access is as declared). */
export function accessMismatches(results: Awaited<ReturnType<typeof probeAccess>>) {
  return results.filter((r) => (r.expected === 'not 401/403' ? r.status === 401 || r.status === 403 : String(r.status) !== r.expected));
}
