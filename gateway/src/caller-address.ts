import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import proxyaddr from 'proxy-addr';
import { CLIENT_ADDRESS_HEADER, GATEWAY_TOKEN_HEADER } from '@shop/platform';

const callerAddresses = new WeakMap<IncomingMessage, string>();

/** Express's compiled "trust proxy" setting (`app.get('trust proxy fn')`): whether a hop's address is a proxy of ours. */
export type TrustProxy = (address: string, hop: number) => boolean;

/**
 * The caller's address as Express's req.ip works it out (X-Forwarded-For counts only as far as
 * TRUST_PROXY trusts the hops), with node:http's request alone.
 */
export function addressOf(req: IncomingMessage, trust: TrustProxy): string {
  return proxyaddr(req, trust) ?? req.socket.remoteAddress ?? 'unknown';
}

/** The request's protocol as Express's req.protocol works it out (X-Forwarded-Proto only from a trusted proxy). */
export function protocolOf(req: IncomingMessage, trust: TrustProxy): string {
  const own = (req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
  if (!trust(req.socket.remoteAddress ?? '', 0)) return own;
  const header = req.headers['x-forwarded-proto'];
  const value = (Array.isArray(header) ? header[0] : header) || own;
  const comma = value.indexOf(',');
  return (comma === -1 ? value : value.slice(0, comma)).trim();
}

/**
 * Notes who the caller is on arrival — the address X-Forwarded-For gives only with TRUST_PROXY
 * (Express's "trust proxy") — then drops every header a client could use to speak for the gateway:
 * services hear the address only from the gateway, vouched for by the internal token (decision 0022).
 * Uses only node:http's request (the gateway's API front runs it without Express).
 */
export function noteCallerAddress(trust: TrustProxy): RequestHandler {
  return (req, _res, next) => {
    callerAddresses.set(req, addressOf(req, trust));
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
