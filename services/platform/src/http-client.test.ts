import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { IDLE_CONNECTION_MS, keptAliveAgents, requestText } from './http-client';
import { listen } from './runtime';

/**
 * Service-to-service calls over kept-alive connections: a connection left idle is closed by the
 * caller before the service would close it, so no call is ever written onto a connection that the
 * service is closing at that moment (ECONNRESET, a shopper's "service unavailable").
 */
describe('kept-alive service calls', () => {
  let server: Server;
  let url: string;
  const connections: Array<{ closed: boolean }> = [];

  beforeAll(async () => {
    // The services' own server: its keep-alive timeout (65 s) is far longer than these tests.
    server = await listen((_req: IncomingMessage, res: ServerResponse) => {
      res.setHeader('content-type', 'application/json');
      res.end('{"ok":true}');
    }, 0);
    server.on('connection', (socket: Socket) => {
      const connection = { closed: false };
      connections.push(connection);
      socket.on('close', () => (connection.closed = true));
    });
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const waitUntil = async (done: () => boolean) => {
    for (let i = 0; i < 100 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 50));
    return done();
  };

  test('the caller closes a connection it left idle, long before the service would', async () => {
    expect(IDLE_CONNECTION_MS).toBeLessThan(server.keepAliveTimeout);
    const agents = keptAliveAgents(200);
    const first = connections.length;

    const one = await requestText(url, { method: 'POST', headers: {}, body: '{}', timeoutMs: 5_000, agents });
    const two = await requestText(url, { method: 'POST', headers: {}, body: '{}', timeoutMs: 5_000, agents });
    expect([one.status, two.status, one.text]).toEqual([200, 200, '{"ok":true}']);
    expect(connections.length - first).toBe(1); // back to back: the same connection

    expect(await waitUntil(() => connections[first]!.closed)).toBe(true);

    // The next call opens a new connection and is answered.
    const three = await requestText(url, { method: 'POST', headers: {}, body: '{}', timeoutMs: 5_000, agents });
    expect(three.status).toBe(200);
    expect(connections.length - first).toBe(2);
    agents['http:'].destroy();
  });

  test('a connection in use is not cut by the idle limit: a slow answer still arrives', async () => {
    const slow = await listen((_req: IncomingMessage, res: ServerResponse) => void setTimeout(() => res.end('late'), 600), 0);
    const agents = keptAliveAgents(200);
    try {
      const answer = await requestText(`http://127.0.0.1:${(slow.address() as AddressInfo).port}/`, { method: 'GET', headers: {}, timeoutMs: 5_000, agents });
      expect([answer.status, answer.text]).toEqual([200, 'late']);
    } finally {
      agents['http:'].destroy();
      slow.closeAllConnections();
      await new Promise((resolve) => slow.close(resolve));
    }
  });
});
