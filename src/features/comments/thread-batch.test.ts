import { describe, expect, it } from 'vitest';
import type { Thread } from './comments';
import { threadBatcher } from './thread-batch';

const thread = (total: number): Thread => ({ comments: [], total });

describe('threadBatcher', () => {
  it('reads the events asked for in one turn together, once each, and the next turn apart', async () => {
    const reads: string[][] = [];
    const load = threadBatcher(async (ids) => {
      reads.push(ids);
      return new Map(ids.map((id, n) => [id, thread(n + 1)]));
    });
    const [a, b, again] = await Promise.all([load('a'), load('b'), load('a')]);
    expect(reads).toEqual([['a', 'b']]);
    expect([a, b, again]).toEqual([thread(1), thread(2), thread(1)]);
    await load('c');
    expect(reads).toEqual([['a', 'b'], ['c']]);
  });

  it('answers no comments for an event the read left out, and passes a failure to its callers', async () => {
    const load = threadBatcher(async (ids) => {
      if (ids.includes('broken')) throw new Error('offline');
      return new Map();
    });
    expect(await load('gone')).toEqual({ comments: [], total: 0 });
    await expect(load('broken')).rejects.toThrow('offline');
  });

  it('splits a long list into requests of at most 50 events', async () => {
    const sizes: number[] = [];
    const load = threadBatcher(async (ids) => {
      sizes.push(ids.length);
      return new Map();
    });
    await Promise.all(Array.from({ length: 120 }, (_, n) => load(`e${n}`)));
    expect(sizes).toEqual([50, 50, 20]);
  });
});
