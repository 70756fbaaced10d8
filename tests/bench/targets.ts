/**
 * Issue 25's CPU targets, read against the machine of the sitting (decision 0092).
 *
 * The targets are milliseconds of CPU per request on the machine the issue was measured on, where
 * the Express hello-world cost 0.08 ms per request. The machines the bench has run on since have
 * cost 0.08–0.30 ms per hello-world request, and the same code's CPU per request moved with them
 * from one sitting to the next. So every figure is also given in hello-world requests
 * (this sitting's Express hello-world CPU per request), and each target is scaled by the same
 * ratio. Both are printed; neither replaces the milliseconds.
 */

/** The Express hello-world's CPU per request where issue 25's targets were set (its own table). */
export const REFERENCE_HELLO_WORLD_MS = 0.08;

export interface CpuTarget {
  /** The scenario id the target is for. */
  scenario: string;
  /** CPU ms per request, all of the shop's processes and PostgreSQL, on the reference machine. */
  ms: number;
  /** Only for a run with the gateway's answer cache off (the uncached listing). */
  uncachedOnly?: boolean;
}

export const CPU_TARGETS: readonly CpuTarget[] = [
  { scenario: 'placeOrder', ms: 5 },
  { scenario: 'addToCart', ms: 1.5 },
  { scenario: 'loadCart', ms: 0.8 },
  { scenario: 'products', ms: 1.0, uncachedOnly: true },
];

export interface TargetReading {
  scenario: string;
  'target ms (reference)': number;
  'target in hello-worlds': number;
  'target ms here': number;
  'measured ms': number;
  'measured in hello-worlds': number;
  within: boolean;
}

const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;

/** A total in hello-world requests of the same sitting (undefined when the hello-world cost nothing measurable). */
export function inHelloWorlds(totalMs: number, helloWorldMs: number): number | undefined {
  return helloWorldMs > 0 ? round(totalMs / helloWorldMs, 1) : undefined;
}

/** Each target the run measured, scaled to this sitting's hello-world, beside what was measured. */
export function readTargets(measured: Record<string, number>, helloWorldMs: number, uncached: boolean): TargetReading[] {
  if (!(helloWorldMs > 0)) return [];
  return CPU_TARGETS.filter((t) => measured[t.scenario] !== undefined && (!t.uncachedOnly || uncached)).map((t) => {
    const ms = measured[t.scenario]!;
    const targetHelloWorlds = t.ms / REFERENCE_HELLO_WORLD_MS;
    return {
      scenario: t.scenario,
      'target ms (reference)': t.ms,
      'target in hello-worlds': round(targetHelloWorlds, 1),
      'target ms here': round(targetHelloWorlds * helloWorldMs, 2),
      'measured ms': ms,
      'measured in hello-worlds': round(ms / helloWorldMs, 1),
      within: ms / helloWorldMs <= targetHelloWorlds,
    };
  });
}

export interface TargetSummary {
  scenario: string;
  'target in hello-worlds': number;
  rounds: number;
  /** The middle round's reading (the mean of the two middle ones for an even count). */
  'median in hello-worlds': number;
  lowest: number;
  highest: number;
  'rounds within': number;
  'median ms': number;
  /** Whether the median reading is within the target. */
  within: boolean;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/**
 * The readings of several rounds, each against its own round's hello-world (decision 0096), by
 * scenario: the median in hello-world requests and its spread. A machine shared with other work
 * moves one run's figures by a tenth either way; the median of rounds moves much less.
 */
export function summariseRounds(perRound: TargetReading[][]): TargetSummary[] {
  const byScenario = new Map<string, TargetReading[]>();
  for (const readings of perRound) for (const r of readings) byScenario.set(r.scenario, [...(byScenario.get(r.scenario) ?? []), r]);
  return [...byScenario.entries()].map(([scenario, readings]) => {
    const ratios = readings.map((r) => r['measured in hello-worlds']);
    const target = readings[0]!['target in hello-worlds'];
    const mid = median(ratios);
    return {
      scenario,
      'target in hello-worlds': target,
      rounds: readings.length,
      'median in hello-worlds': round(mid, 1),
      lowest: Math.min(...ratios),
      highest: Math.max(...ratios),
      'rounds within': readings.filter((r) => r.within).length,
      'median ms': round(median(readings.map((r) => r['measured ms'])), 2),
      within: mid <= target,
    };
  });
}
