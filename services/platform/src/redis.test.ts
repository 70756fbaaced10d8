import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTcpProxy } from '../../../tests/support/tcp-proxy';
import { createServiceApp, finishServiceApp, listen, type Runtime } from './runtime';
import { createTestEnvironment, createTestRuntime, TestHttpClient, type TestEnvironment } from './testing';

const redisUrl = process.env.REDIS_URL;

/**
 * A Redis whose address stops answering (no reset, no refusal: a frozen TCP proxy between the
 * service and Redis). Requests must not wait for the operating system's TCP timeout: rate limits
 * let them through, and /readyz says the service is not ready because of Redis — until it answers.
 */
(redisUrl ? describe : describe.skip)('Redis that stops answering', () => {
  let env: TestEnvironment;
  let runtime: Runtime;
  let server: Server;
  let client: TestHttpClient;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;

  beforeAll(async () => {
    const target = new URL(redisUrl!);
    proxy = await startTcpProxy(target.hostname, Number(target.port || 6379));
    env = await createTestEnvironment();
    const via = new URL(redisUrl!);
    via.host = `127.0.0.1:${proxy.port}`;
    env.settings.REDIS_URL = via.toString();
    runtime = await createTestRuntime(env, 'platformredis');
    const app = createServiceApp(runtime);
    app.get('/limited', runtime.rateLimiter.middleware({ name: 'limited', limit: 100, windowMs: 60_000 }), (_req, res) => {
      res.json({ ok: true });
    });
    finishServiceApp(app, runtime);
    server = await listen(app, 0);
    client = new TestHttpClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  });

  afterAll(async () => {
    proxy?.thaw();
    server?.closeAllConnections();
    await new Promise((r) => server?.close(r));
    await env?.cleanup();
    await proxy?.stop();
  });

  test('ready with Redis answering; the rate limit counts', async () => {
    const ready = await client.get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body.checks).toEqual({ database: 'ok', redis: 'ok' });
    const limited = await client.get('/limited');
    expect(limited.status).toBe(200);
    expect(limited.headers.get('ratelimit-remaining')).toBe('99');
  });

  test('Redis silent: requests are answered (the limit lets them through) and /readyz names Redis', async () => {
    proxy.freeze();
    const limited = await client.get('/limited');
    expect(limited.status).toBe(200);
    expect(limited.headers.get('ratelimit-remaining')).toBeNull();
    const ready = await client.get('/readyz');
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({ status: 'unavailable', failing: ['redis'], checks: { database: 'ok', redis: 'failing' } });
    await expect(runtime.redis!.get('anything')).rejects.toThrow(/timed out/i);
  });

  test('Redis answering again: ready again', async () => {
    proxy.thaw();
    let ready = await client.get('/readyz');
    for (let i = 0; i < 50 && ready.status !== 200; i++) {
      await new Promise((r) => setTimeout(r, 100));
      ready = await client.get('/readyz');
    }
    expect(ready.status).toBe(200);
    expect((await client.get('/limited')).headers.get('ratelimit-remaining')).not.toBeNull();
  });
});
