import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
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

/** The path of a request without its query, as Express's req.path is at the application's root. */
export function pathOf(req: IncomingMessage): string {
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

/** Paths that carry a secret (a password-reset token) are logged without it. */
export function loggablePath(path: string): string {
  return path.replace(/(\/reset\/)[^/]+/, '$1[redacted]');
}

const validRequestId = /^[A-Za-z0-9._:-]{1,100}$/;

/**
 * Accepts a well-formed incoming request id (or makes one), echoes it, and logs one line per
 * request. Uses only node:http's request and response (the gateway's API front runs it without Express).
 */
export function requestContext(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const incoming = req.headers[REQUEST_ID_HEADER] as string | undefined;
    const requestId = incoming && validRequestId.test(incoming) ? incoming : randomUUID();
    res.setHeader(REQUEST_ID_HEADER, requestId);
    // The request line is info: below that level nothing is timed or listened for.
    if (logger.isLevelEnabled('info')) {
      const path = pathOf(req);
      if (path !== '/healthz' && path !== '/readyz') logWhenAnswered(logger, req, res, requestId, path);
    }
    storage.run({ requestId }, next);
  };
}

function logWhenAnswered(logger: Logger, req: Request, res: Response, requestId: string, path: string) {
  const started = process.hrtime.bigint();
  res.on('finish', () => {
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    logger.info(
      { requestId, method: req.method, path: loggablePath(path), status: res.statusCode, ms: Math.round(ms * 10) / 10 },
      'request',
    );
  });
}

/** The caller's address as the gateway saw it, set by the gateway on every request it forwards. */
export const CLIENT_ADDRESS_HEADER = 'x-shop-client-address';
/** Proves CLIENT_ADDRESS_HEADER comes from the gateway: the shared INTERNAL_API_TOKEN. */
export const GATEWAY_TOKEN_HEADER = 'x-shop-gateway-token';

/** The headers by which the gateway tells a service who its caller is. */
export function gatewayClientHeaders(internalToken: string, address: string): Record<string, string> {
  return { [CLIENT_ADDRESS_HEADER]: address, [GATEWAY_TOKEN_HEADER]: internalToken };
}

const sameSecret = (given: string, expected: Buffer) => {
  const a = Buffer.from(given);
  return a.length === expected.length && timingSafeEqual(a, expected);
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
  const expected = internalToken ? Buffer.from(internalToken) : undefined;
  return (req, _res, next) => {
    const claimed = req.headers[CLIENT_ADDRESS_HEADER] as string | undefined;
    const token = req.headers[GATEWAY_TOKEN_HEADER] as string | undefined;
    if (expected && claimed && token && validAddress.test(claimed) && sameSecret(token, expected)) {
      resolvedAddresses.set(req, claimed);
    }
    next();
  };
}

/** The caller's address: as the gateway vouched for it, else the connection's peer. */
export function clientAddress(req: Request): string {
  return resolvedAddresses.get(req) ?? req.socket.remoteAddress ?? 'unknown';
}

/**
 * Middlewares run one after the other as a single one, stopping at the first error or at one that
 * answers (does not call next). A promise a step returns is not waited on, so a step must never
 * reject (call next with the error instead, as `authenticate` does).
 */
export function inSeries(...steps: RequestHandler[]): RequestHandler {
  return (req, res, next) => {
    let i = 0;
    const step = (err?: unknown) => {
      if (err) return next(err);
      const mw = steps[i++];
      if (!mw) return next();
      void mw(req, res, step);
    };
    step();
  };
}

/**
 * A signal that aborts when the caller goes away before its answer is sent (the connection closed
 * early), so work done only for that answer (a call to another service) can stop. One per answer,
 * however many resolvers of one GraphQL request ask.
 */
export function callerGoneSignal(res: ServerResponse): AbortSignal {
  let signal = callerSignals.get(res);
  if (signal) return signal;
  const controller = new AbortController();
  res.once('close', () => {
    if (!res.writableEnded) controller.abort();
  });
  signal = controller.signal;
  callerSignals.set(res, signal);
  return signal;
}

const callerSignals = new WeakMap<ServerResponse, AbortSignal>();
