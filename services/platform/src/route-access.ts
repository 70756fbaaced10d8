import type { RequestHandler, Router } from 'express';
import { rolesOfAccess, type RouteAccess, type RouteSpec } from '@shop/proto-contracts/routes';
import { requireLogin, requireRole } from './auth';

const guardOf = (access: RouteAccess): RequestHandler[] => {
  const roles = rolesOfAccess[access];
  if (roles === undefined) return [];
  return roles === 'any' ? [requireLogin] : [requireRole(...roles)];
};

const guards = Object.fromEntries((Object.keys(rolesOfAccess) as RouteAccess[]).map((access) => [access, guardOf(access)])) as Record<RouteAccess, RequestHandler[]>;

/** The checks that enforce a manifest access rule (run before the body is read, so a stranger gets 401 whatever they send). */
export function accessGuard(access: RouteAccess): RequestHandler[] {
  return guards[access];
}

/**
 * Registers a manifest route on a router mounted at /api/v1: its method and path, and its access
 * rule enforced before the handlers (decision 0071). The handlers only parse, call the domain and answer.
 */
export function registerRoute(router: Router, route: RouteSpec, ...handlers: RequestHandler[]): void {
  const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
  router[method](route.path, ...accessGuard(route.access), ...handlers);
}
