import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QueryKey } from '@tanstack/react-query';
import { StaleBatch } from './live-changes';

describe('StaleBatch', () => {
  let invalidated: QueryKey[][];
  let busy: boolean;
  let batch: StaleBatch;

  beforeEach(() => {
    vi.useFakeTimers();
    invalidated = [];
    busy = false;
    batch = new StaleBatch({
      invalidate: (prefixes) => invalidated.push([...prefixes]),
      busy: () => busy,
      delayMs: 100,
    });
  });
  afterEach(() => {
    batch.stop();
    vi.useRealTimers();
  });

  it('reads once for changes arriving together, each prefix once', () => {
    batch.change('comments');
    batch.change('comment_replies');
    batch.change('reactions');
    expect(invalidated).toEqual([]);
    vi.advanceTimersByTime(100);
    expect(invalidated).toEqual([[['comments'], ['events', 'page']]]);
    vi.advanceTimersByTime(1000);
    expect(invalidated).toHaveLength(1);
  });

  it('waits while the member’s own writes are in flight', () => {
    busy = true;
    batch.change('comment_reactions');
    vi.advanceTimersByTime(500);
    expect(invalidated).toEqual([]);
    busy = false;
    vi.advanceTimersByTime(100);
    expect(invalidated).toEqual([[['comments']]]);
  });

  it('after a reconnect makes everything stale (the empty prefix)', () => {
    batch.change('reactions');
    batch.catchUp();
    vi.advanceTimersByTime(100);
    expect(invalidated).toEqual([[[]]]);
  });

  it('does nothing once stopped', () => {
    batch.change('comments');
    batch.stop();
    vi.advanceTimersByTime(1000);
    expect(invalidated).toEqual([]);
  });
});
