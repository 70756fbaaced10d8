import { connect, createServer, type Socket } from 'node:net';

/**
 * A round-robin TCP balancer on loopback in front of several replicas, as a Kubernetes Service or
 * a compose network alias stands in front of a scaled service: each new connection goes to the
 * next backend; a backend that refuses the connection (its process is gone) is skipped for that
 * connection. Answers its port and how many connections each backend got.
 */
export async function startBalancer(backends: () => number[]) {
  const sockets = new Set<Socket>();
  const served = new Map<number, number>();
  let next = 0;
  const server = createServer((client) => {
    sockets.add(client);
    client.pause();
    const ports = backends();
    const tryBackend = (attempt: number) => {
      if (attempt >= ports.length) {
        client.destroy();
        return;
      }
      const port = ports[(next++ + attempt) % ports.length]!;
      const upstream = connect(port, '127.0.0.1');
      upstream.once('connect', () => {
        served.set(port, (served.get(port) ?? 0) + 1);
        sockets.add(upstream);
        const drop = () => {
          client.destroy();
          upstream.destroy();
          sockets.delete(client);
          sockets.delete(upstream);
        };
        upstream.removeAllListeners('error');
        client.on('error', drop).on('close', drop);
        upstream.on('error', drop).on('close', drop);
        client.pipe(upstream).pipe(client);
        client.resume();
      });
      upstream.once('error', () => tryBackend(attempt + 1));
    };
    client.on('error', () => client.destroy());
    tryBackend(0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    served,
    async stop() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
