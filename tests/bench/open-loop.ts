/**
 * An open-loop load generator: requests start at a fixed arrival rate whether or not earlier ones
 * have answered, as real shoppers arrive. A closed loop (autocannon's connections) waits for each
 * answer before the next request, so a slow shop is sent less work and its queueing never shows
 * (coordinated omission). Here each latency is counted from the moment its request was due, so a
 * stall shows in the percentiles of every request that arrived during it.
 */
import http from 'node:http';

export interface OpenLoopRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface OpenLoopResult {
  targetRate: number;
  /** Requests answered per second over the run (the rate the shop kept up with). */
  achievedRate: number;
  sent: number;
  answered: number;
  p50: number;
  p99: number;
  p999: number;
  max: number;
  non2xx: number;
  errors: number;
}

/** The q-quantile (0..1) of sorted values, nearest rank. */
export function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

/**
 * Sends `rate` requests per second to `base` for `seconds`, each one made by `next()`, and waits
 * for the answers (at most `drainMs` after the last one was due).
 */
export async function openLoop(base: string, next: () => OpenLoopRequest, rate: number, seconds: number, drainMs = 30_000): Promise<OpenLoopResult> {
  const url = new URL(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  const total = Math.round(rate * seconds);
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  let sent = 0;
  let lastAnswer = 0;
  const start = performance.now();
  const pending = new Set<Promise<void>>();

  const send = (dueAt: number) => {
    const r = next();
    const done = new Promise<void>((resolve) => {
      const req = http.request({ host: url.hostname, port: url.port, method: r.method, path: r.path, headers: r.headers, agent }, (res) => {
        res.resume();
        res.on('end', () => {
          lastAnswer = performance.now();
          latencies.push(lastAnswer - dueAt);
          if (res.statusCode! < 200 || res.statusCode! >= 300) non2xx++;
          resolve();
        });
        res.on('error', () => {
          errors++;
          resolve();
        });
      });
      req.on('error', () => {
        errors++;
        resolve();
      });
      req.end(r.body);
    });
    pending.add(done);
    void done.then(() => pending.delete(done));
  };

  // Each pass sends every request that has come due since the last one; the timer's own lateness
  // is charged to the requests (their latency counts from when they were due).
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      while (sent < total && start + (sent * 1000) / rate <= now) send(start + (sent++ * 1000) / rate);
      if (sent >= total) resolve();
      else setTimeout(tick, Math.max(0, Math.min(5, start + (sent * 1000) / rate - performance.now())));
    };
    tick();
  });
  await Promise.race([Promise.all(pending), new Promise((r) => setTimeout(r, drainMs))]);
  agent.destroy();
  const unanswered = sent - latencies.length - errors;
  const sorted = [...latencies].sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  const elapsedS = ((lastAnswer || performance.now()) - start) / 1000;
  return {
    targetRate: rate,
    achievedRate: Math.round((latencies.length / Math.max(elapsedS, seconds)) * 10) / 10,
    sent,
    answered: latencies.length,
    p50: round(quantile(sorted, 0.5)),
    p99: round(quantile(sorted, 0.99)),
    p999: round(quantile(sorted, 0.999)),
    max: round(sorted.at(-1) ?? 0),
    non2xx,
    errors: errors + unanswered,
  };
}
