import { Agent, request } from 'node:http';
import { startDistributedShop, rabbitmqAddress, services, type DistributedShop, type ServiceName } from '../support/distributed-shop';
import { startTcpProxy } from '../support/tcp-proxy';

/**
 * SIGTERM while PostgreSQL, RabbitMQ and Redis no longer answer (no reset, no refusal), with an
 * idle keep-alive client connected to every process. This is what `podman pod stop` did to the
 * pods of `podman kube play` (decision 0079): it stops a pod's pause container together with the
 * application and tears the pod's network down at once, so the application's goodbyes (a
 * consumer's cancel, the AMQP close, PostgreSQL's Terminate, Redis' QUIT) were never answered and
 * the processes hit their own 9 s bound and exited 1. Here every process reaches the three
 * servers through a TCP proxy of the test that is frozen before the signal. What an operator sees
 * must hold: every process exits by itself with 0, and says which peer it had to cut.
 */
const pgTarget = () => new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const redisTarget = () => new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');

describe('SIGTERM while the broker, the database and Redis no longer answer', () => {
  let shop: DistributedShop;
  let proxies: Array<Awaited<ReturnType<typeof startTcpProxy>>> = [];
  const figures: string[] = [];

  beforeAll(async () => {
    const pg = pgTarget();
    const redis = redisTarget();
    const rabbit = rabbitmqAddress();
    proxies = [
      await startTcpProxy(pg.hostname, Number(pg.port || 5432)),
      await startTcpProxy(rabbit.host, rabbit.port),
      await startTcpProxy(redis.hostname, Number(redis.port || 6379)),
    ];
    const [postgres, rabbitmq, redisProxy] = proxies.map((p) => p.port) as [number, number, number];
    shop = await startDistributedShop({ catalog: { DEMO_CATALOG: 'false' } }, { pid1: true, peersVia: { postgres, rabbitmq, redis: redisProxy } });
  }, 240_000);

  afterAll(async () => {
    if (figures.length) console.log(`Shutdown with unreachable peers\n${figures.join('\n')}`);
    for (const p of proxies) p.thaw();
    await shop?.stop();
    for (const p of proxies) await p.stop();
  }, 60_000);

  /** One answered request on a keep-alive connection that then stays open and idle. */
  function idleKeepAlive(url: string): Promise<Agent> {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    return new Promise((resolve, reject) => {
      request(`${url}/healthz`, { agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(agent));
      })
        .on('error', reject)
        .end();
    });
  }

  test('every service and the gateway exit 0 by themselves, cutting the peers that do not answer', async () => {
    const names = [...services, 'gateway'] as const;
    const urlOf = (name: ServiceName | 'gateway') => (name === 'gateway' ? shop.base : shop.urls[name]);
    // Each process has worked with its peers: a listing (catalog's database, the gateway's Redis)
    // and every readiness check (database and Redis) answered through the proxies.
    expect((await fetch(`${shop.base}/api/v1/products`)).status).toBe(200);
    for (const name of names) expect((await fetch(`${urlOf(name)}/readyz`)).status).toBe(200);
    const agents = await Promise.all(names.map((name) => idleKeepAlive(urlOf(name))));

    for (const p of proxies) p.freeze();
    // Every service's outbox relay starts a pass every 500 ms: after 1.5 s each has a query
    // waiting on the database that will never answer (as a pass caught by the network going away).
    await new Promise((r) => setTimeout(r, 1_500));
    const exits = names.map(
      (name) =>
        new Promise<{ name: string; code: number | null; signal: string | null; ms: number }>((resolve) => {
          const started = Date.now();
          shop.processes[name].child.once('exit', (code, signal) => resolve({ name, code, signal, ms: Date.now() - started }));
        }),
    );
    for (const name of names) shop.processes[name].signal('SIGTERM');
    // A process that never exits by itself is killed, so the test reports it rather than hanging.
    const killer = setTimeout(() => {
      for (const name of names) if (shop.processes[name].child.exitCode === null) shop.processes[name].child.kill('SIGKILL');
    }, 45_000);
    const results = await Promise.all(exits);
    clearTimeout(killer);
    for (const agent of agents) agent.destroy();

    for (const r of results) figures.push(`${r.name}: exit ${r.code ?? r.signal} after ${r.ms} ms`);
    const outputs = Object.fromEntries(names.map((name) => [name, shop.processes[name].output()]));
    expect(results.filter((r) => r.code !== 0).map((r) => `${r.name} exited ${r.code ?? r.signal}: ${outputs[r.name]!.slice(-1500)}`)).toEqual([]);
    for (const name of names) expect(outputs[name]).not.toContain('shutdown did not finish in time');
    // The peers really did not answer: every process cut its broker connection, and every service
    // left its relay's pass behind and cut the database connection that pass was waiting on.
    for (const name of names) expect(outputs[name]).toContain('RabbitMQ did not answer the close; connection cut');
    for (const name of services) expect(outputs[name]).toContain('background work did not finish its pass');
    for (const name of services) expect(outputs[name]).toContain('PostgreSQL did not answer the close; connections cut');
  }, 120_000);
});
