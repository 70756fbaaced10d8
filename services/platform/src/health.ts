import type { Express } from 'express';

/** Something the process needs to serve its own requests; throws (or rejects) when it cannot. */
export type ReadinessCheck = () => Promise<void> | void;
/** A dependency whose state is worth showing but never makes the process unready (e.g. the broker). */
export type StateReport = () => string;

const CHECK_TIMEOUT_MS = 2_000;

function withTimeout(check: ReadinessCheck): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    Promise.resolve().then(check),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS);
    }),
  ]).finally(() => clearTimeout(timer));
}

/**
 * /healthz: the process is alive (nothing else: a restart would not fix a database outage).
 * /readyz: it can serve its own requests — every check passes (503 naming the ones that fail).
 * `reports` go into the body either way without affecting the status: a broker outage is covered by
 * the outbox, so it must not take the service out of a load balancer.
 */
export function mountHealthRoutes(app: Express, service: string, checks: Record<string, ReadinessCheck>, reports: Record<string, StateReport> = {}) {
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok', service });
  });
  app.get('/readyz', async (_req, res) => {
    const results = await Promise.all(
      Object.entries(checks).map(async ([name, check]) => {
        try {
          await withTimeout(check);
          return [name, 'ok'] as const;
        } catch {
          return [name, 'failing'] as const;
        }
      }),
    );
    const failing = results.filter(([, state]) => state === 'failing').map(([name]) => name);
    const body = {
      service,
      checks: Object.fromEntries(results),
      ...Object.fromEntries(Object.entries(reports).map(([name, report]) => [name, report()])),
    };
    if (failing.length) {
      res.status(503).json({ status: 'unavailable', failing, ...body });
      return;
    }
    res.json({ status: 'ready', ...body });
  });
}
