import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
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
