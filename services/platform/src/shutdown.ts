import type { Server } from 'node:http';
import type { Logger } from './logger';

/** How long in-flight requests get to finish once a process is told to stop. */
export const DRAIN_MS = 5_000;
/** The whole stop (drain, consumers, relays, pools) is cut off after this: the process then exits 1. */
export const SHUTDOWN_TIMEOUT_MS = 9_000;
/**
 * How long a peer (RabbitMQ, PostgreSQL, Redis) gets to answer a goodbye (a consumer's cancel, a
 * channel's or connection's close, a pool's Terminate) before its connection is cut. A peer that
 * no longer answers (its address gone, as when a pod's network is torn down while its process
 * still stops) would otherwise hold the stop until SHUTDOWN_TIMEOUT_MS (decision 0079).
 */
export const GOODBYE_MS = 1_000;
/** How long background work (outbox relay, mail pass, jobs) gets to finish its current pass on stop. */
export const BACKGROUND_STOP_MS = 2_000;

/**
 * Waits for `done` at most `ms`; if it has not settled by then, calls `cut` (which drops the
 * connection or leaves the work behind) and returns false without waiting any longer. True when
 * `done` settled in time (resolved or rejected: a failed goodbye is still a goodbye).
 */
export async function settleOrCut(done: Promise<unknown>, ms: number, cut: () => void): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  const inTime = await Promise.race([done.then(() => true as const, () => true as const), late]);
  clearTimeout(timer);
  if (!inTime) cut();
  return inTime;
}

/**
 * Stops taking connections and lets the requests in flight finish: idle keep-alive connections
 * are closed at once, a busy one right after its response (which says `Connection: close`, so the
 * client does not send another request on it). Whatever is still open after graceMs is cut.
 */
export function closeServerGracefully(server: Server, graceMs = DRAIN_MS): Promise<void> {
  return new Promise<void>((resolve) => {
    if (!server.listening) {
      server.closeAllConnections();
      resolve();
      return;
    }
    let poll: NodeJS.Timeout | undefined;
    const cut = setTimeout(() => server.closeAllConnections(), graceMs);
    server.prependListener('request', (_req, res) => {
      if (!res.headersSent) res.setHeader('connection', 'close');
    });
    server.close(() => {
      clearTimeout(cut);
      clearInterval(poll);
      resolve();
    });
    server.closeIdleConnections();
    // A connection whose response just ended becomes idle; close it before it carries another request.
    poll = setInterval(() => server.closeIdleConnections(), 25);
  });
}

/**
 * Runs stop() once on the first SIGTERM or SIGINT (also as PID 1 in a container, where a signal
 * without a handler does nothing), then exits 0 — or 1 when stop() failed or did not finish within
 * timeoutMs. A second signal while stopping changes nothing.
 */
export function exitOnTerminationSignal(logger: Logger, stop: () => Promise<void>, timeoutMs = SHUTDOWN_TIMEOUT_MS) {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const started = Date.now();
    logger.info({ signal }, 'shutting down');
    const hard = setTimeout(() => {
      logger.error({ timeoutMs }, 'shutdown did not finish in time; exiting');
      process.exit(1);
    }, timeoutMs);
    stop().then(
      () => {
        clearTimeout(hard);
        logger.info({ ms: Date.now() - started }, 'stopped');
        process.exit(0);
      },
      (err: unknown) => {
        clearTimeout(hard);
        logger.error({ err: String(err) }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
