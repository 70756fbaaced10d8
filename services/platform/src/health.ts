import type { Express } from 'express';

export type ReadinessCheck = () => Promise<void> | void;

/** /healthz: the process is alive. /readyz: its dependencies answer (503 naming the ones that don't). */
export function mountHealthRoutes(app: Express, service: string, checks: Record<string, ReadinessCheck>) {
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok', service });
  });
  app.get('/readyz', async (_req, res) => {
    const failing: string[] = [];
    await Promise.all(
      Object.entries(checks).map(async ([name, check]) => {
        try {
          await check();
        } catch {
          failing.push(name);
        }
      }),
    );
    if (failing.length) {
      res.status(503).json({ status: 'unavailable', service, failing });
      return;
    }
    res.json({ status: 'ready', service });
  });
}
