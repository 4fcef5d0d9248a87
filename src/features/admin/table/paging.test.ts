import { describe, expect, it } from 'vitest';
import { EXPORT_BATCH, pageCount, pageOf, pageRange, readAllRows } from './paging';

describe('paging', () => {
  it('turns a 1-based page into an inclusive range', () => {
    expect(pageRange(1, 25)).toEqual({ from: 0, to: 24 });
    expect(pageRange(3, 25)).toEqual({ from: 50, to: 74 });
    expect(pageRange(0, 25)).toEqual({ from: 0, to: 24 });
  });

  it('reads a list RPC’s page: rows without their total_count, and the total they carry', () => {
    const records = [
      { id: 'a', total_count: 27 },
      { id: 'b', total_count: 27 },
    ];
    expect(pageOf(records, 25)).toEqual({ rows: [{ id: 'a' }, { id: 'b' }], total: 27 });
    // An empty first page matches nothing; an empty page past the end cannot say how many match.
    expect(pageOf([], 0)).toEqual({ rows: [], total: 0 });
    expect(pageOf([], 50)).toEqual({ rows: [], total: null });
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
