import type { RequestHandler, Router } from 'express';
import type { RouteAccess, RouteSpec } from '@shop/proto-contracts/src/routes';
import { requireLogin, requireRole } from './auth';

const guards: Record<RouteAccess, RequestHandler[]> = {
  public: [],
  login: [requireLogin],
  staff: [requireRole('admin', 'emp')],
  admin: [requireRole('admin')],
};

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
