import { performance } from 'node:perf_hooks';

export interface MeasureLimits {
  /** Stop after this long (milliseconds, all contenders together) … */
  durationMs: number;
  /** … or after this many rounds, whichever comes first. */
  maxIterations: number;
  warmupIterations: number;
}

export interface Measurement {
  count: number;
  /** One request at a time: requests per second of time spent in them. */
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
}

/** The value below which `fraction` of the sorted samples fall (nearest rank). */
export function percentile(sortedSamples: readonly number[], fraction: number): number {
  if (sortedSamples.length === 0) return Number.NaN;
  const rank = Math.ceil(fraction * sortedSamples.length);
  return sortedSamples[Math.min(sortedSamples.length, Math.max(1, rank)) - 1] ?? Number.NaN;
}

export function summarize(samples: readonly number[]): Measurement {
  const sorted = [...samples].sort((a, b) => a - b);
  const totalMs = sorted.reduce((sum, sample) => sum + sample, 0);
  return {
    count: sorted.length,
    requestsPerSecond: totalMs > 0 ? (sorted.length * 1000) / totalMs : Number.NaN,
    p50Ms: percentile(sorted, 0.5),
    p99Ms: percentile(sorted, 0.99),
  };
}

/**
 * Runs the contenders in turns, one operation at a time (latency, not queueing), after a warm-up. Taking turns
 * means a machine busy with something else slows them alike, so their ratio stays meaningful.
 */
export async function measureInTurns<K extends string>(
  contenders: Record<K, () => Promise<void>>,
  limits: MeasureLimits,
): Promise<Record<K, Measurement>> {
  const names = Object.keys(contenders) as K[];
  for (let i = 0; i < limits.warmupIterations; i++) {
    for (const name of names) await contenders[name]();
  }
  const samples = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<K, number[]>;
  const started = performance.now();
  for (
    let round = 0;
    round < limits.maxIterations && performance.now() - started < limits.durationMs;
    round++
  ) {
    for (const name of names) {
      const before = performance.now();
      await contenders[name]();
      samples[name].push(performance.now() - before);
    }
  }
  return Object.fromEntries(names.map((name) => [name, summarize(samples[name])])) as Record<K, Measurement>;
}
