import { describe, expect, it } from 'vitest';
import { slowBursts, type BurstRow } from './attack.ts';

const row = (database: BurstRow['database'], readsP95Ms: number): BurstRow => ({
  database,
  attack: '40-deep embed',
  burst: 6,
  answers: { '400': 6 },
  burstMs: 20,
  reads: 10,
  readsP50Ms: 5,
  readsP95Ms,
  readsMaxMs: readsP95Ms,
  readsFailed: 0,
});

describe('slowBursts, the goal of the full bench:attack', () => {
  it('passes bursts whose bystander p95 wait is within the goal, even exactly at it', () => {
    expect(slowBursts([row('pglite', 155), row('postgres', 1000)], 1000)).toEqual([]);
  });

  it('names each burst whose bystander p95 wait is over the goal', () => {
    expect(slowBursts([row('pglite', 1001), row('postgres', 17)], 1000)).toEqual([
      "pglite, 6 × 40-deep embed: the bystander's p95 wait 1001 ms is over the goal of 1000 ms",
    ]);
  });
});
