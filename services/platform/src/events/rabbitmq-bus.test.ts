import amqp from 'amqplib';
import { randomBytes } from 'node:crypto';
import { createLogger } from '../logger';
import { startTcpProxy } from '../../../../tests/support/tcp-proxy';
import { makeEvent } from './outbox';
import { RabbitBus } from './rabbitmq-bus';

const url = process.env.RABBITMQ_URL;

async function waitFor(probe: () => boolean | Promise<boolean>, timeoutMs = 15_000) {
  const until = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}

// These tests need a RabbitMQ server (CI sets RABBITMQ_URL); the in-process transport is covered
// by outbox.test.ts, which runs in both modes.
(url ? describe : describe.skip)('RabbitMQ transport', () => {
  const logger = createLogger('test', process.env.BUS_LOG ?? 'silent');
  const buses: RabbitBus[] = [];
  const fastRetry = { maxAttempts: 3, delayMs: () => 50 };

  function bus(overrides: Partial<ConstructorParameters<typeof RabbitBus>[0]> = {}) {
    const b = new RabbitBus({ url: url!, logger, namespace: `t${randomBytes(4).toString('hex')}.`, retry: fastRetry, maxReconnectDelayMs: 200, ...overrides });
    buses.push(b);
    return b;
  }

  afterAll(async () => {
    for (const b of buses) {
      // Straight to the broker: some buses reach it through a proxy that is gone by now.
      await b.deleteTopology(url!).catch(() => undefined);
      await b.close();
    }
  });

  test('a handler that keeps failing is retried, then parked on the dead-letter queue', async () => {
    const b = bus();
    await b.start();
    let calls = 0;
    await b.subscribe({ queue: 'platform.poison', types: ['ProductDeleted'], handler: async () => {
      calls += 1;
      throw new Error('always fails');
    } });
    await b.publish(makeEvent('test', 'ProductDeleted', { productId: 'poison' }));
    await waitFor(() => calls >= 3);
    const conn = await amqp.connect(url!);
    const ch = await conn.createChannel();
    const dlq = `${(b as unknown as { opts: { namespace: string } }).opts.namespace}platform.poison.dlq`;
    await waitFor(async () => (await ch.checkQueue(dlq)).messageCount === 1);
    expect(calls).toBe(3);
    const msg = await ch.get(dlq, { noAck: true });
    expect(msg && JSON.parse(msg.content.toString()).payload.productId).toBe('poison');
    await conn.close();
  });

  test('close() stops consuming, lets the running handler finish and settles its message', async () => {
    const b = bus();
    await b.start();
    let release!: () => void;
    const started: string[] = [];
    const finished: string[] = [];
    await b.subscribe({ queue: 'platform.drain', types: ['ProductDeleted'], handler: async (e) => {
      started.push(e.payload.productId as string);
      await new Promise<void>((r) => (release = r));
      finished.push(e.payload.productId as string);
    } });
    await b.publish(makeEvent('test', 'ProductDeleted', { productId: 'running' }));
    await waitFor(() => started.length === 1);
    const closed = b.close();
    // Published after close began: no longer consumed here; it waits in the queue for a replica.
    const publisher = bus({ namespace: (b as unknown as { opts: { namespace: string } }).opts.namespace });
    await publisher.start();
    await publisher.publish(makeEvent('test', 'ProductDeleted', { productId: 'later' }));
    release();
    await closed;
    expect(finished).toEqual(['running']);
    const conn = await amqp.connect(url!);
    const ch = await conn.createChannel();
    const queue = `${(b as unknown as { opts: { namespace: string } }).opts.namespace}platform.drain`;
    // The running one was acknowledged (not delivered again); the later one waits.
    await waitFor(async () => (await ch.checkQueue(queue)).messageCount === 1);
    const msg = await ch.get(queue, { noAck: true });
    expect(msg && JSON.parse(msg.content.toString()).payload.productId).toBe('later');
    await conn.close();
  });

  test('a transient subscription gives every process its own copy and its queue goes with the process', async () => {
    const namespace = `t${randomBytes(4).toString('hex')}.`;
    const publisher = bus({ namespace });
    const first = bus({ namespace });
    const second = bus({ namespace });
    await Promise.all([publisher.start(), first.start(), second.start()]);
    const seen: string[] = [];
    await first.subscribe({ queue: 'cache.one', types: ['ProductChanged'], transient: true, handler: async (e) => void seen.push(`one:${e.payload.productId}`) });
    await second.subscribe({ queue: 'cache.two', types: ['ProductChanged'], transient: true, handler: async (e) => void seen.push(`two:${e.payload.productId}`) });
    await publisher.publish(makeEvent('test', 'ProductChanged', { productId: 'p1' }));
    await waitFor(() => seen.length === 2);
    expect(seen.sort()).toEqual(['one:p1', 'two:p1']);

    await first.close();
    const conn = await amqp.connect(url!);
    const ch = await conn.createChannel();
    ch.on('error', () => undefined);
    await waitFor(async () => {
      try {
        await ch.checkQueue(`${namespace}cache.one`);
        return false;
      } catch {
        return true;
      }
    });
    await conn.close().catch(() => undefined);
  });

  test('events published after the connection drops are delivered once it returns', async () => {
    const target = new URL(url!);
    const proxy = await startTcpProxy(target.hostname, Number(target.port || 5672));
    try {
      const viaProxy = new URL(url!);
      viaProxy.host = `127.0.0.1:${proxy.port}`;
      const b = bus({ url: viaProxy.toString() });
      await b.start();
      const received: string[] = [];
      await b.subscribe({ queue: 'platform.flaky-net', types: ['ProductChanged'], handler: async (e) => {
        received.push(String(e.payload.productId));
      } });
      await b.publish(makeEvent('test', 'ProductChanged', { productId: 'before' }));
      await waitFor(() => received.includes('before'));

      await proxy.cut();
      await waitFor(() => !b.isReady());
      await expect(b.publish(makeEvent('test', 'ProductChanged', { productId: 'during' }))).rejects.toThrow();

      await proxy.restore();
      await waitFor(() => b.isReady());
      await b.publish(makeEvent('test', 'ProductChanged', { productId: 'after' }));
      await waitFor(() => received.includes('after'));
      // At least once: when the cut comes between the handler and its ack reaching the broker,
      // 'before' is delivered again (consumers drop the repeat by its event id).
      expect([...new Set(received)]).toEqual(['before', 'after']);
    } finally {
      await proxy.stop();
    }
  });

  test('a handler still running when the connection drops settles nothing, rejects nothing, and gets the event again', async () => {
    const target = new URL(url!);
    const proxy = await startTcpProxy(target.hostname, Number(target.port || 5672));
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const viaProxy = new URL(url!);
      viaProxy.host = `127.0.0.1:${proxy.port}`;
      const subscriber = bus({ url: viaProxy.toString() });
      await subscriber.start();
      let release: () => void = () => undefined;
      const calls: string[] = [];
      await subscriber.subscribe({ queue: 'platform.slow', types: ['ProductChanged'], handler: async (e) => {
        calls.push(String(e.payload.productId));
        // The first delivery is still being handled when the broker goes away.
        if (calls.length === 1) await new Promise<void>((resolve) => (release = resolve));
      } });
      const publisher = bus({ namespace: (subscriber as unknown as { opts: { namespace: string } }).opts.namespace });
      await publisher.start();
      await publisher.publish(makeEvent('test', 'ProductChanged', { productId: 'slow' }));
      await waitFor(() => calls.length === 1);
      await proxy.cut();
      await waitFor(() => !subscriber.isReady());
      release(); // the handler ends now and acks on a closed channel
      await new Promise((r) => setTimeout(r, 100));
      expect(subscriber.state()).toBe('reconnecting');
      await proxy.restore();
      await waitFor(() => calls.length === 2);
      expect(calls).toEqual(['slow', 'slow']);
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
      await proxy.stop();
    }
  });

  test('a handler that finds the database out of reach is retried until it is back, beyond the attempt limit', async () => {
    const b = bus();
    await b.start();
    let calls = 0;
    await b.subscribe({ queue: 'platform.db-down', types: ['ProductDeleted'], handler: async () => {
      calls += 1;
      // What pg reports while PostgreSQL restarts; the first 4 tries meet it (the limit here is 3).
      if (calls <= 4) throw Object.assign(new Error('the database system is starting up'), { code: '57P03' });
    } });
    await b.publish(makeEvent('test', 'ProductDeleted', { productId: 'waits' }));
    await waitFor(() => calls === 5, 20_000);
    const conn = await amqp.connect(url!);
    const ch = await conn.createChannel();
    const dlq = `${(b as unknown as { opts: { namespace: string } }).opts.namespace}platform.db-down.dlq`;
    expect((await ch.checkQueue(dlq)).messageCount).toBe(0);
    await conn.close();
  }, 30_000);
});
