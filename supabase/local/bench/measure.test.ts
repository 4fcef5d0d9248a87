import { describe, expect, it } from 'vitest';
import { measureInTurns, percentile, summarize } from './measure.ts';

describe('percentile and summary', () => {
  it('takes the nearest rank of sorted samples', () => {
    const samples = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(samples, 0.5)).toBe(50);
    expect(percentile(samples, 0.99)).toBe(99);
    expect(percentile([7], 0.99)).toBe(7);
    expect(percentile([], 0.5)).toBeNaN();
  });

  it('gives requests per second of time spent, whatever the order of samples', () => {
    expect(summarize([4, 2, 2, 2])).toEqual({ count: 4, requestsPerSecond: 400, p50Ms: 2, p99Ms: 4 });
  });
});

describe('measureInTurns', () => {
  it('alternates the contenders up to the round bound, after the warm-up', async () => {
    const calls: string[] = [];
    const result = await measureInTurns(
      {
        api: async () => void calls.push('api'),
        direct: async () => void calls.push('direct'),
      },
      { durationMs: 60_000, maxIterations: 25, warmupIterations: 5 },
    );
    expect(calls).toHaveLength(60);
    expect(calls.slice(0, 4)).toEqual(['api', 'direct', 'api', 'direct']);
    expect(result.api.count).toBe(25);
    expect(result.direct.count).toBe(25);
  });
});
