import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServiceApp, finishServiceApp, listen, type Runtime } from './runtime';
import { clientAddress, gatewayClientHeaders } from './request-context';
import { createTestEnvironment, createTestRuntime, TEST_INTERNAL_TOKEN, TestHttpClient, type TestEnvironment } from './testing';

/**
 * What every service's app does before its own routes: who the caller is (only the gateway may
 * say), /healthz and /readyz with their meaning, and a database outage as a 503 with a message.
 */
describe('service app', () => {
  let env: TestEnvironment;
  let runtime: Runtime;
  let server: Server;
  let client: TestHttpClient;
  let databaseDown = false;

  beforeAll(async () => {
    env = await createTestEnvironment();
    runtime = await createTestRuntime(env, 'platformapp');
    const app = createServiceApp(runtime);
    app.get('/whoami', (req, res) => {
      res.json({ address: clientAddress(req) });
    });
    app.get('/needs-db', () => {
      // What pg throws when PostgreSQL restarts under a query (drizzle wraps it).
      const lost = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
      throw Object.assign(new Error('Failed query: select 1'), { cause: lost });
    });
    finishServiceApp(app, runtime);
    server = await listen(app, 0);
    client = new TestHttpClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    const ping = runtime.database.ping.bind(runtime.database);
    runtime.database.ping = async () => {
      if (databaseDown) throw new Error('connect ECONNREFUSED');
      await ping();
    };
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
    await env.cleanup();
  });

  test('the caller address is the one the gateway vouches for with the internal token', async () => {
    const reply = await client.get('/whoami', gatewayClientHeaders(TEST_INTERNAL_TOKEN, '203.0.113.7'));
    expect(reply.body.address).toBe('203.0.113.7');
  });

  test('a bare X-Forwarded-For, or the address header with a wrong token, is ignored', async () => {
    const forged = await client.get('/whoami', { 'x-forwarded-for': '6.6.6.6' });
    expect(forged.body.address).toMatch(/127\.0\.0\.1$/);
    const wrongToken = await client.get('/whoami', gatewayClientHeaders('not-the-internal-token-at-all', '6.6.6.6'));
    expect(wrongToken.body.address).toMatch(/127\.0\.0\.1$/);
  });

  test('/readyz is ready with its database and reports the broker state without depending on it', async () => {
    expect((await client.get('/healthz')).status).toBe(200);
    const ready = await client.get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({ status: 'ready', checks: { database: 'ok' }, events: 'connected' });
  });

  test('without its database the service is alive but not ready, naming the database', async () => {
    databaseDown = true;
    try {
      expect((await client.get('/healthz')).status).toBe(200);
      const ready = await client.get('/readyz');
      expect(ready.status).toBe(503);
      expect(ready.body).toMatchObject({ status: 'unavailable', failing: ['database'] });
    } finally {
      databaseDown = false;
    }
  });

  test('a request that meets a database outage gets a 503 with a message, not a 500', async () => {
    const reply = await client.get('/needs-db');
    expect(reply).toEqual({ status: 503, body: { success: false, message: 'The service is temporarily unavailable. Please try again shortly.' } });
  });
});
