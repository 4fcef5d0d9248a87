import { describe, expect, it } from 'vitest';
import { EXPORT_BATCH, pageCount, pageRange, readAllRows } from './paging';

describe('paging', () => {
  it('turns a 1-based page into an inclusive range', () => {
    expect(pageRange(1, 25)).toEqual({ from: 0, to: 24 });
    expect(pageRange(3, 25)).toEqual({ from: 50, to: 74 });
    expect(pageRange(0, 25)).toEqual({ from: 0, to: 24 });
  });

  it('counts pages, at least one', () => {
    expect(pageCount(0, 25)).toBe(1);
    expect(pageCount(25, 25)).toBe(1);
    expect(pageCount(26, 25)).toBe(2);
  });

  it('reads an export in batches until the total', async () => {
    const all = Array.from({ length: EXPORT_BATCH + 10 }, (_, i) => i);
    const calls: number[] = [];
    const rows = await readAllRows(async (from, to) => {
      calls.push(from);
      return { rows: all.slice(from, to + 1), total: all.length };
    });
    expect(rows).toEqual(all);
    expect(calls).toEqual([0, EXPORT_BATCH]);
  });
});
