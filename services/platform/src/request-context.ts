import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import type { Logger } from './logger';

export interface RequestContext {
  /** Created at the gateway (x-request-id) and carried to services and into events as correlationId. */
  requestId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

export const REQUEST_ID_HEADER = 'x-request-id';

export function currentContext(): RequestContext | undefined {
  return storage.getStore();
}

export function runWithContext<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, fn);
}

/** Paths that carry a secret (a password-reset token) are logged without it. */
export function loggablePath(path: string): string {
  return path.replace(/(\/reset\/)[^/]+/, '$1[redacted]');
}

const validRequestId = /^[A-Za-z0-9._:-]{1,100}$/;

/** Accepts a well-formed incoming request id (or makes one), echoes it, and logs one line per request. */
export function requestContext(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const incoming = req.header(REQUEST_ID_HEADER);
    const requestId = incoming && validRequestId.test(incoming) ? incoming : randomUUID();
    res.setHeader(REQUEST_ID_HEADER, requestId);
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      if (req.path === '/healthz' || req.path === '/readyz') return;
      logger.info(
        { requestId, method: req.method, path: loggablePath(req.path), status: res.statusCode, ms: Math.round(ms * 10) / 10 },
        'request',
      );
    });
    storage.run({ requestId }, next);
  };
}

/** The caller's address as the gateway saw it, set by the gateway on every request it forwards. */
export const CLIENT_ADDRESS_HEADER = 'x-shop-client-address';
/** Proves CLIENT_ADDRESS_HEADER comes from the gateway: the shared INTERNAL_API_TOKEN. */
export const GATEWAY_TOKEN_HEADER = 'x-shop-gateway-token';

/** The headers by which the gateway tells a service who its caller is. */
export function gatewayClientHeaders(internalToken: string, address: string): Record<string, string> {
  return { [CLIENT_ADDRESS_HEADER]: address, [GATEWAY_TOKEN_HEADER]: internalToken };
}

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

const resolvedAddresses = new WeakMap<Request, string>();
const validAddress = /^[0-9A-Fa-f:.]{2,45}$/;

/**
 * Decides once per request who the caller is: the address the gateway vouches for (its header with
 * the internal token), else the connection's own address. A bare X-Forwarded-For, or the address
 * header without the token, is ignored: anyone can write those, and per-address limits would mean
 * nothing. Without an internal token configured, nothing is vouched for.
 */
export function clientAddressFromGateway(internalToken: string | undefined): RequestHandler {
  return (req, _res, next) => {
    const claimed = req.header(CLIENT_ADDRESS_HEADER);
    const token = req.header(GATEWAY_TOKEN_HEADER);
    if (internalToken && claimed && token && validAddress.test(claimed) && sameSecret(token, internalToken)) {
      resolvedAddresses.set(req, claimed);
    }
    next();
  };
}

/** The caller's address: as the gateway vouched for it, else the connection's peer. */
export function clientAddress(req: Request): string {
  return resolvedAddresses.get(req) ?? req.socket.remoteAddress ?? 'unknown';
}
