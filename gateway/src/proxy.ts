import http, { type IncomingHttpHeaders, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import https from 'node:https';
import type { Response } from 'express';
import { messages } from '@shop/proto-contracts';
import { CACHE_TAGS_HEADER, currentContext, gatewayClientHeaders, keptAliveAgent, REQUEST_ID_HEADER, type Logger } from '@shop/platform';
import { callerAddress } from './caller-address';
import { noteCacheTags } from './response-cache';

/** Headers of one hop only: never passed on in either direction (RFC 9110 §7.6.1). */
const hopByHop = new Set(['connection', 'keep-alive', 'proxy-connection', 'proxy-authenticate', 'proxy-authorization', 'te', 'trailer', 'upgrade']);

class UpstreamTimeout extends Error {
  readonly code = 'ETIMEDOUT';
  constructor() {
    super('upstream timeout');
  }
}

/** Forwards a request; `body`, when given, is its body already read (sent instead of piping the request). */
export type Proxy = (req: IncomingMessage & { originalUrl?: string }, res: ServerResponse, body?: Buffer) => void;

/**
 * Forwards a request to one service, as it came (method, full path, headers, body), with the
 * request id and the caller's address vouched for by the internal token; the service's answer goes
 * back as it is (status, headers, set-cookie, body). One node:http request over reused connections,
 * with no per-request pipeline to build (decision 0035). A service that cannot be reached answers
 * 503, one that stays silent for `timeoutMs` 504, any other failure 502, each with a message.
 * With `mediaOrigin` (PUBLIC_URL), the JSON answers to /api/v1 reads carry absolute picture URLs
 * (`/media/…` becomes `<origin>/media/…`), so a partner's page on another origin can show them.
 */
export function createProxy(target: string, timeoutMs: number, logger: Logger, internalToken: string | undefined, mediaOrigin?: string): Proxy {
  const url = new URL(target);
  const secure = url.protocol === 'https:';
  const transport = secure ? https : http;
  // Reused connections to each service: a new TCP connection per request costs more than the request.
  const agent = keptAliveAgent(transport);
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  const port = url.port || (secure ? 443 : 80);
  const basePath = url.pathname.replace(/\/+$/, '');

  return (req, res, body) => {
    const headers: OutgoingHttpHeaders = {};
    const incoming = req.headers;
    for (const name in incoming) {
      if (!hopByHop.has(name)) headers[name] = incoming[name];
    }
    if (body) {
      delete headers['transfer-encoding'];
      headers['content-length'] = String(body.length);
    }
    const requestId = currentContext()?.requestId;
    if (requestId) headers[REQUEST_ID_HEADER] = requestId;
    if (internalToken) Object.assign(headers, gatewayClientHeaders(internalToken, callerAddress(req)));

    const upstream = transport.request({ agent, hostname, port, method: req.method, path: basePath + (req.originalUrl ?? req.url ?? '/'), headers });
    let settled = false;
    // Silence from the service (no answer, or a body that stops) ends the exchange after timeoutMs.
    const timer = setTimeout(() => upstream.destroy(new UpstreamTimeout()), timeoutMs);

    const fail = (err: NodeJS.ErrnoException) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      const code = err.code;
      const timedOut = err instanceof UpstreamTimeout || code === 'ECONNRESET' || code === 'ETIMEDOUT';
      const refused = code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EHOSTUNREACH';
      logger.warn({ code, target }, 'upstream failed');
      if (res.headersSent) {
        res.destroy();
        return;
      }
      const status = refused ? 503 : timedOut ? 504 : 502;
      res.statusCode = status;
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify({ success: false, message: status === 504 ? messages.upstreamTimeout : messages.upstreamDown }));
    };
    upstream.on('error', fail);

    upstream.on('response', (answer: IncomingMessage) => {
      timer.refresh();
      res.statusCode = answer.statusCode ?? 502;
      if (answer.statusMessage) res.statusMessage = answer.statusMessage;
      copyAnswerHeaders(answer.headers, res);
      if (mediaOrigin && req.method === 'GET' && (req.originalUrl ?? req.url ?? '').startsWith('/api/v1/') && String(answer.headers['content-type'] ?? '').startsWith('application/json')) {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => {
          timer.refresh();
          chunks.push(chunk);
        });
        answer.on('end', () => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          const body = Buffer.from(withAbsoluteMediaUrls(Buffer.concat(chunks).toString('utf8'), mediaOrigin), 'utf8');
          res.setHeader('Content-Length', String(body.length));
          res.end(body);
        });
        answer.on('error', fail);
        return;
      }
      answer.on('data', (chunk: Buffer) => {
        timer.refresh();
        if (!res.write(chunk)) {
          answer.pause();
          res.once('drain', () => answer.resume());
        }
      });
      answer.on('end', () => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        res.end();
      });
      answer.on('error', fail);
    });

    // A caller who leaves before the answer is complete: the service's work is abandoned too.
    res.on('close', () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      upstream.destroy();
    });

    const method = req.method;
    if (body) upstream.end(body);
    else if ((method === 'GET' || method === 'HEAD') && incoming['content-length'] === undefined && incoming['transfer-encoding'] === undefined) upstream.end();
    else req.pipe(upstream);
  };
}

/** The service's headers onto the answer (overriding the gateway's own of the same name); cache tags go to the cache, not the caller. */
function copyAnswerHeaders(headers: IncomingHttpHeaders, res: ServerResponse) {
  for (const name in headers) {
    const value = headers[name];
    // X-Powered-By names the service's framework: the edge hides it for every answer, as helmet does for its own.
    if (value === undefined || hopByHop.has(name) || name === 'transfer-encoding' || name === 'x-powered-by') continue;
    if (name === CACHE_TAGS_HEADER) {
      noteCacheTags(res as unknown as Response, String(value));
      continue;
    }
    res.setHeader(name, value);
  }
}

/** JSON text with every string that starts with `/media/` made absolute under `origin`. */
export function withAbsoluteMediaUrls(json: string, origin: string): string {
  // A JSON string value starts after an unescaped quote; `"/media/` cannot begin a key of ours.
  const base = JSON.stringify(origin.replace(/\/+$/, '')).slice(1, -1);
  return json.replace(/(^|[^\\])"\/media\//g, (_m, before: string) => `${before}"${base}/media/`);
}
