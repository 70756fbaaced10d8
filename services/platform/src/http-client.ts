import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';

/** Keep-alive agents for plain and TLS calls. */
export interface HttpAgents {
  'http:': http.Agent;
  'https:': https.Agent;
}

/**
 * How long a connection may wait unused in a pool before this side closes it: well inside the
 * services' own keep-alive timeout (65 s, `listen`). Without it node:http keeps an idle connection
 * until the server closes it, and a call written just as the server does fails with ECONNRESET
 * (a shopper's order answered "service unavailable" after a quiet minute). A server that announces
 * a shorter timeout (`Keep-Alive: timeout=N`) is left a second before it (decision 0091).
 */
export const IDLE_CONNECTION_MS = 30_000;

/** A keep-alive agent of `transport` whose idle connections close after `idleMs` ({@link IDLE_CONNECTION_MS}). */
export function keptAliveAgent<T extends typeof http | typeof https>(transport: T, idleMs = IDLE_CONNECTION_MS): InstanceType<T['Agent']> {
  return new transport.Agent({ keepAlive: true, maxSockets: 256, timeout: idleMs }) as InstanceType<T['Agent']>;
}

/** A pool of kept-alive connections of its own (destroy its agents to close them). */
export function keptAliveAgents(idleMs = IDLE_CONNECTION_MS): HttpAgents {
  return { 'http:': keptAliveAgent(http, idleMs), 'https:': keptAliveAgent(https, idleMs) };
}

/**
 * Connections kept open between calls (one pool per process): a service-to-service call then
 * costs no TCP handshake, and node:http costs about half the CPU of the global fetch per call (as
 * the gateway found for its subgraph calls).
 */
const sharedAgents: HttpAgents = keptAliveAgents();

/** A complete answer of {@link requestText}. */
export interface TextAnswer {
  status: number;
  statusMessage: string;
  headers: IncomingHttpHeaders;
  text: string;
}

/**
 * One HTTP call, its answer read whole as text (service answers are small documents). Fails (as
 * node:http does: an error with its `code`, e.g. ECONNREFUSED when nothing listens) when no answer
 * came, or with code ETIMEDOUT when none came within `timeoutMs`.
 */
export function requestText(
  url: string | URL,
  opts: { method: string; headers: Record<string, string>; body?: string; timeoutMs: number; agents?: HttpAgents },
): Promise<TextAnswer> {
  return new Promise((resolve, reject) => {
    const target = typeof url === 'string' ? new URL(url) : url;
    const agent = (opts.agents ?? sharedAgents)[target.protocol as keyof HttpAgents];
    if (!agent) return reject(new Error(`unsupported protocol ${target.protocol}`));
    const headers = opts.body === undefined ? opts.headers : { ...opts.headers, 'content-length': String(Buffer.byteLength(opts.body)) };
    const req = (target.protocol === 'https:' ? https : http).request(target, { method: opts.method, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', fail);
      res.on('end', () => {
        clearTimeout(timer);
        resolve({ status: res.statusCode ?? 0, statusMessage: res.statusMessage ?? '', headers: res.headers, text: Buffer.concat(chunks).toString('utf8') });
      });
    });
    function fail(err: Error) {
      clearTimeout(timer);
      reject(err);
    }
    const timer = setTimeout(() => req.destroy(Object.assign(new Error(`no answer within ${opts.timeoutMs} ms`), { code: 'ETIMEDOUT' })), opts.timeoutMs);
    req.on('error', fail);
    req.end(opts.body);
  });
}

/** An answer of {@link requestJson}: the status and the body read as JSON (`{}` when it is not JSON). */
export interface JsonAnswer {
  status: number;
  body: unknown;
}

/** One HTTP call to another service ({@link requestText}), its answer read as JSON. */
export async function requestJson(url: string, opts: { method: string; headers: Record<string, string>; body?: string; timeoutMs: number }): Promise<JsonAnswer> {
  const answer = await requestText(url, opts);
  let body: unknown = {};
  try {
    body = JSON.parse(answer.text);
  } catch {
    // Not JSON: the caller reads the status alone.
  }
  return { status: answer.status, body };
}
