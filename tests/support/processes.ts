import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const repoRoot = join(__dirname, '..', '..');

/** A free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

export interface RunningProcess {
  name: string;
  /** The spawned process (with `pid1`, the `unshare` that waits for it and exits with its code). */
  child: ChildProcess;
  /** Sends a signal to the Node process itself (inside its PID namespace with `pid1`). */
  signal(signal: NodeJS.Signals): void;
  output: () => string;
  stop(): Promise<void>;
}

/**
 * The process `unshare --pid --fork` started: PID 1 of its own PID namespace, as in a container,
 * where a signal the process has no handler for does nothing.
 */
function innerPid(outer: number): number | undefined {
  try {
    const children = readFileSync(`/proc/${outer}/task/${outer}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
    return children.length ? Number(children[0]) : undefined;
  } catch {
    return undefined;
  }
}

/** The processes started here and not yet exited: stopped when this process exits (below). */
const running = new Set<RunningProcess>();

/**
 * When this process exits (its work done, an uncaught error, or `process.exit` from a signal
 * handler), the processes it started and left running get SIGTERM: without it they outlived it,
 * holding ports and taking CPU from whatever ran next on the machine (a bench run measured beside
 * a killed run's shop). A SIGKILL of this process still leaves them.
 */
process.once('exit', () => {
  for (const proc of running) {
    try {
      proc.signal('SIGTERM');
    } catch {
      /* already gone */
    }
  }
});

/**
 * Starts a TypeScript entry point with tsx as its own process; keeps its output for diagnostics.
 * With `pid1`, it runs as PID 1 of a PID namespace of its own (what a container's entry point is).
 */
export function startProcess(name: string, entry: string, env: Record<string, string>, options: { pid1?: boolean } = {}): RunningProcess {
  // SERVICE_NODE_ARGS: extra Node flags for the services only, e.g. '--cpu-prof --cpu-prof-dir=prof'.
  const nodeArgs = (process.env.SERVICE_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const command = [process.execPath, ...nodeArgs, '--import', 'tsx', join(repoRoot, entry)];
  const [file, ...args] = options.pid1 ? ['unshare', '--pid', '--fork', ...command] : command;
  const child = spawn(file!, args, {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const keep = (chunk: Buffer) => {
    out += chunk.toString();
    if (out.length > 200_000) out = out.slice(-100_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const signal = (sig: NodeJS.Signals) => {
    const pid = options.pid1 ? innerPid(child.pid!) : child.pid;
    if (pid) process.kill(pid, sig);
  };
  const proc: RunningProcess = {
    name,
    child,
    signal,
    output: () => out,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        signal('SIGTERM');
      }),
  };
  running.add(proc);
  child.once('exit', () => running.delete(proc));
  return proc;
}

/** Polls a URL until it answers 200 (or the process dies, or time runs out). */
export async function waitForHttp(url: string, proc?: RunningProcess, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (proc && proc.child.exitCode !== null) throw new Error(`${proc.name} exited early:\n${proc.output()}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    if (Date.now() > until) throw new Error(`${url} not ready in time${proc ? `:\n${proc.output()}` : ''}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
