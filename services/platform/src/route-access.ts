import type { Request, RequestHandler, Response, Router } from 'express';
import type { z } from 'zod';
import { rolesOfAccess, type RouteAccess, type RouteDeclaration, type RouteSpec } from '@shop/proto-contracts/routes';
import { parseContract } from '@shop/proto-contracts';
import { requireLogin, requireRole } from './auth';
import { badRequest } from './errors';

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

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a route's declared schemas made of the request (undefined for a part it does not declare). */
export interface RouteInput<R extends RouteDeclaration> {
  params: Parsed<R['params']>;
  query: Parsed<R['query']>;
  headers: Parsed<R['headers']>;
  body: Parsed<R['body']>;
}

/** The last handler of a manifest route: it gets the request as the declaration parsed it. */
export type RouteAction<R extends RouteDeclaration> = (req: Request, res: Response, input: RouteInput<R>) => unknown;

/** One declared part of the request, read with its schema (400 with the first issue, or the route's own message). */
function parsePart(route: RouteDeclaration, schema: z.ZodType | undefined, value: unknown): unknown {
  if (!schema) return undefined;
  const result = parseContract(schema, value ?? {});
  if (!result.success) throw badRequest(route.invalid ?? result.message);
  return result.data;
}

/** The declared request headers, by the names the manifest gives them (Express reads headers in any case). */
function headersOf(req: Request, schema: z.ZodType): Record<string, string | undefined> {
  const names = Object.keys((schema as unknown as { shape?: Record<string, unknown> }).shape ?? {});
  return Object.fromEntries(names.map((name) => [name, req.header(name)]));
}

/**
 * Registers a manifest route on a router mounted at /api/v1 (decisions 0071, 0085): its method and
 * path; its access rule, enforced before anything else; the given middlewares (a body parser, a
 * rate limit that belongs to the action, a multipart reader); then the declared `params`, `query`,
 * `headers` and `body` read with their schemas, and the action called with what they parsed (a
 * redirect route's action reads the request itself). The action only calls the domain and answers.
 */
export function registerRoute<R extends RouteSpec>(router: Router, route: R, ...handlers: [...RequestHandler[], RouteAction<R>]): void {
  const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
  const middlewares = handlers.slice(0, -1) as RequestHandler[];
  const action = handlers[handlers.length - 1] as RouteAction<R>;
  // A redirect route is a browser navigation: every outcome, bad input included, is a redirect its
  // action chooses, so its declared query only describes it (decision 0085).
  const run: RequestHandler = (req, res) => {
    if (route.answers === 'redirect') return action(req, res, {} as RouteInput<R>) as Promise<void> | void;
    const input = {
      params: parsePart(route, route.params, req.params),
      query: parsePart(route, route.query, req.query),
      headers: route.headers ? parsePart(route, route.headers, headersOf(req, route.headers)) : undefined,
      body: parsePart(route, route.body, req.body),
    } as RouteInput<R>;
    return action(req, res, input) as Promise<void> | void;
  };
  router[method](route.path, ...accessGuard(route.access), ...middlewares, run);
}
