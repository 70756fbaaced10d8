import { spawn, type ChildProcess } from 'node:child_process';

export interface SupervisedSpec {
  name: string;
  /** Arguments after the node executable. */
  args: string[];
  env: Record<string, string>;
  cwd: string;
}

export interface SupervisorOptions {
  /** Told about starts, exits and restarts (one line each). */
  report: (line: string) => void;
  /** First restart delay; doubled after each quick death up to maxDelayMs. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** A process that ran this long before dying is restarted after the base delay again. */
  stableAfterMs?: number;
}

export interface Supervised {
  readonly name: string;
  readonly pid: number | undefined;
  readonly restarts: number;
}

/**
 * Keeps a set of child processes running: one that exits is started again after a delay that
 * doubles while it keeps dying quickly (so a process that cannot start does not spin a CPU), and
 * stop() ends them all (SIGTERM, then SIGKILL after a grace period) without restarting any.
 */
export class Supervisor {
  private readonly children = new Map<string, { spec: SupervisedSpec; child?: ChildProcess; startedAt: number; failures: number; restarts: number; timer?: NodeJS.Timeout }>();
  private stopping = false;

  constructor(private readonly opts: SupervisorOptions) {}

  start(spec: SupervisedSpec): Supervised {
    const entry = { spec, startedAt: 0, failures: 0, restarts: 0 } as { spec: SupervisedSpec; child?: ChildProcess; startedAt: number; failures: number; restarts: number; timer?: NodeJS.Timeout };
    this.children.set(spec.name, entry);
    this.launch(entry);
    return {
      name: spec.name,
      get pid() {
        return entry.child?.exitCode === null ? entry.child.pid : undefined;
      },
      get restarts() {
        return entry.restarts;
      },
    };
  }

  private launch(entry: { spec: SupervisedSpec; child?: ChildProcess; startedAt: number; failures: number; restarts: number; timer?: NodeJS.Timeout }) {
    const { spec } = entry;
    // Inherited output: the children's log lines (pretty in a terminal) reach the operator as written.
    const child = spawn(process.execPath, spec.args, { cwd: spec.cwd, env: spec.env, stdio: ['ignore', 'inherit', 'inherit'] });
    entry.child = child;
    entry.startedAt = Date.now();
    this.opts.report(`${spec.name} started (pid ${child.pid})`);
    child.on('error', (err) => this.opts.report(`${spec.name} could not start: ${err.message}`));
    child.on('exit', (code, signal) => {
      if (this.stopping) return;
      const ranMs = Date.now() - entry.startedAt;
      entry.failures = ranMs >= (this.opts.stableAfterMs ?? 30_000) ? 0 : entry.failures + 1;
      const delay = Math.min((this.opts.baseDelayMs ?? 500) * 2 ** Math.max(entry.failures - 1, 0), this.opts.maxDelayMs ?? 30_000);
      this.opts.report(`${spec.name} exited (${signal ?? `code ${code}`}); restarting in ${(delay / 1000).toFixed(1)} s`);
      entry.timer = setTimeout(() => {
        entry.timer = undefined;
        if (this.stopping) return;
        entry.restarts += 1;
        this.launch(entry);
      }, delay);
    });
  }

  /**
   * Ends every child: SIGTERM (they shut down gracefully), SIGKILL after graceMs. The children named
   * in `first` are stopped before the others (the gateway drains while the services still answer).
   * Resolves true when every child exited by itself with code 0.
   */
  async stop(graceMs = 10_000, first: string[] = []): Promise<boolean> {
    this.stopping = true;
    const entries = [...this.children.values()];
    const stopOne = async (entry: (typeof entries)[number]): Promise<boolean> => {
      if (entry.timer) clearTimeout(entry.timer);
      const child = entry.child;
      if (!child || child.exitCode !== null || child.signalCode) return true;
      return new Promise<boolean>((resolve) => {
        let killed = false;
        const kill = setTimeout(() => {
          killed = true;
          this.opts.report(`${entry.spec.name} did not stop within ${graceMs} ms; killing it`);
          child.kill('SIGKILL');
        }, graceMs);
        child.once('exit', (code) => {
          clearTimeout(kill);
          resolve(!killed && code === 0);
        });
        child.kill('SIGTERM');
      });
    };
    const early = await Promise.all(entries.filter((e) => first.includes(e.spec.name)).map(stopOne));
    const rest = await Promise.all(entries.filter((e) => !first.includes(e.spec.name)).map(stopOne));
    return [...early, ...rest].every(Boolean);
  }
}
