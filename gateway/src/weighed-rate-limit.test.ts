import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { createLogger, listen } from '@shop/platform';
import { MAX_GUEST_MERGE_LINES } from '@shop/proto-contracts';
import { createGateway } from './app';
import { serviceNames, type ServiceName } from './route-table';

/**
 * Decision 0097: a guest-cart merge counts one request per line toward the per-client rate limit,
 * over REST and GraphQL (lines literal or in variables), before any service does the work.
 */
const PER_MINUTE = 120;
const servers: Server[] = [];
const received: Array<{ url: string; body: unknown }> = [];
let gateway: Awaited<ReturnType<typeof createGateway>>;
let base: string;

beforeAll(async () => {
  const urls = {} as Record<ServiceName, string>;
  for (const name of serviceNames) {
    const app = express();
    app.use(express.json({ limit: '1mb' }), (req, res) => {
      received.push({ url: req.originalUrl, body: req.body });
      res.json({ success: true, service: name });
    });
    const server = await listen(app, 0);
    servers.push(server);
    urls[name] = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }
  gateway = await createGateway({ urls, logger: createLogger('gateway-test', 'silent'), production: false, rateLimitPerMinute: PER_MINUTE });
  const server = await listen(gateway.app, 0);
  servers.push(server);
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await gateway?.stop();
  for (const s of servers) await new Promise((r) => s.close(r));
});

/** Each test is its own client (the loopback address the limit is keyed on). */
let clientCounter = 0;
const nextClient = () => {
  clientCounter += 1;
  return `127.0.${clientCounter}.1`;
};

const lines = (n: number) => Array.from({ length: n }, () => ({ productId: randomUUID(), quantity: 1 }));

/** A request from a loopback address of its own (the limit is per client address). */
async function send(from: string, path: string, body: unknown): Promise<{ status: number; text: string }> {
  const { request } = await import('node:http');
  const data = JSON.stringify(body);
  const url = new URL(base + path);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, path, method: 'POST', localAddress: from, agent: false, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

const statusCode = (r: { status: number }) => r.status;
const MERGE = 'mutation M($mergeKey: ID!, $lines: [GuestCartLineInput!]!) { mergeGuestCart(mergeKey: $mergeKey, lines: $lines) { success } }';

describe('a guest-cart merge counts its lines toward the rate limit', () => {
  test(`over REST: two merges of ${MAX_GUEST_MERGE_LINES} lines pass, the third is a 429 that never reaches the cart`, async () => {
    const from = nextClient();
    const body = { mergeKey: randomUUID(), lines: lines(MAX_GUEST_MERGE_LINES) };
    const before = received.length;
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await send(from, '/api/v1/cart/merge', body));
    expect(answers.map(statusCode)).toEqual([200, 200, 429]);
    expect(JSON.parse(answers[2]!.text)).toEqual({ success: false, message: 'Too many requests, please try again later.' });
    // The cart got the body exactly as sent, twice.
    expect(received.slice(before)).toEqual([
      { url: '/api/v1/cart/merge', body },
      { url: '/api/v1/cart/merge', body },
    ]);
  });

  test('over REST: one-line merges count one each', async () => {
    const from = nextClient();
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push(statusCode(await send(from, '/api/v1/cart/merge', { mergeKey: randomUUID(), lines: lines(1) })));
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
  });

  test('over GraphQL with the lines in variables: the third merge of 50 lines is a 429 before any subgraph is asked', async () => {
    const from = nextClient();
    const merge = () => send(from, '/graphql', { query: MERGE, variables: { mergeKey: randomUUID(), lines: lines(MAX_GUEST_MERGE_LINES) } });
    const first = [statusCode(await merge()), statusCode(await merge())];
    expect(first).not.toContain(429);
    const before = received.length;
    expect(statusCode(await merge())).toBe(429);
    expect(received.length).toBe(before);
  });

  test('over GraphQL, aliased merges count every line of each', async () => {
    const from = nextClient();
    // 3 aliases × 50 lines = 150 > 120: the first such request is refused.
    const aliased = `mutation M($k: ID!, $lines: [GuestCartLineInput!]!) { ${[0, 1, 2].map((i) => `m${i}: mergeGuestCart(mergeKey: $k, lines: $lines) { success }`).join(' ')} }`;
    const res = await send(from, '/graphql', { query: aliased, variables: { k: randomUUID(), lines: lines(MAX_GUEST_MERGE_LINES) } });
    expect(res.status).toBe(429);
    expect(JSON.parse(res.text).errors[0].extensions.code).toBe('TOO_MANY_REQUESTS');
  });
});
