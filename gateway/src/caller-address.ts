import type { IncomingMessage } from 'node:http';
import type { Request, RequestHandler } from 'express';
import { CLIENT_ADDRESS_HEADER, GATEWAY_TOKEN_HEADER } from '@shop/platform';

const callerAddresses = new WeakMap<IncomingMessage, string>();

/**
 * Notes who the caller is on arrival — req.ip, where X-Forwarded-For counts only with TRUST_PROXY
 * (Express's "trust proxy") — then drops every header a client could use to speak for the gateway:
 * services hear the address only from the gateway, vouched for by the internal token (decision 0022).
 */
export function noteCallerAddress(): RequestHandler {
  return (req: Request, _res, next) => {
    callerAddresses.set(req, req.ip ?? req.socket.remoteAddress ?? 'unknown');
    const headers = req.headers;
    if (headers[CLIENT_ADDRESS_HEADER] !== undefined) delete headers[CLIENT_ADDRESS_HEADER];
    if (headers[GATEWAY_TOKEN_HEADER] !== undefined) delete headers[GATEWAY_TOKEN_HEADER];
    if (headers['x-forwarded-for'] !== undefined) delete headers['x-forwarded-for'];
    next();
  };
}

/** The caller as the gateway saw it on arrival. */
export function callerAddress(req: IncomingMessage): string {
  return callerAddresses.get(req) ?? req.socket.remoteAddress ?? 'unknown';
}
