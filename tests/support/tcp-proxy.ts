import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy on loopback that a test can cut and restore, to see how a client behaves when its
 * broker or database connection drops.
 */
export async function startTcpProxy(targetHost: string, targetPort: number) {
  const sockets = new Set<Socket>();
  const pairs = new Set<[Socket, Socket]>();
  let frozen = false;
  let server: Server | undefined;
  let port = 0;

  const listen = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const upstream = connect(targetPort, targetHost);
        sockets.add(client).add(upstream);
        const pair: [Socket, Socket] = [client, upstream];
        const drop = () => {
          client.destroy();
          upstream.destroy();
          sockets.delete(client);
          sockets.delete(upstream);
          pairs.delete(pair);
        };
        client.on('error', drop).on('close', drop);
        upstream.on('error', drop).on('close', drop);
        pairs.add(pair);
        if (!frozen) client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as { port: number }).port;
        resolve();
      });
    });

  await listen();
  return {
    get port() {
      return port;
    },
    /** Drops every connection and refuses new ones. */
    async cut() {
      const closed = new Promise<void>((resolve) => server!.close(() => resolve()));
      for (const s of sockets) s.destroy();
      sockets.clear();
      await closed;
    },
    /**
     * Stops passing bytes either way while every connection stays open and new ones are still
     * accepted: a peer whose address stopped answering (no reset, no refusal).
     */
    freeze() {
      frozen = true;
      for (const [client, upstream] of pairs) {
        client.unpipe(upstream);
        upstream.unpipe(client);
        client.pause();
        upstream.pause();
      }
    },
    /** Passes bytes again (what was sent meanwhile is delivered late). */
    thaw() {
      frozen = false;
      for (const [client, upstream] of pairs) client.pipe(upstream).pipe(client);
    },
    /** Accepts connections again on the same port. */
    restore: listen,
    async stop() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => (server?.listening ? server.close(() => resolve()) : resolve()));
    },
  };
}
