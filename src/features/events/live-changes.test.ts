import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QueryKey } from '@tanstack/react-query';
import {
  ALL_COMMENTS,
  ALL_EVENTS,
  eventComments,
  eventHolding,
  eventReactions,
  LIVE_TABLES,
  StaleBatch,
  staleFor,
} from './live-changes';

describe('staleFor: a live change touches the one event it concerns', () => {
  const shown = new Map([
    ['c1', 'e1'],
    ['r1', 'e2'],
  ]);
  const eventOfPost = (id: string) => shown.get(id);

  it('a comment, reply or removal names its event: that event’s comments only', () => {
    const row = { id: 'c9', event_id: 'e7', content: 'Hi' };
    expect(staleFor('comments', { new: row }, eventOfPost)).toEqual([eventComments('e7')]);
    expect(staleFor('comment_replies', { new: row }, eventOfPost)).toEqual([eventComments('e7')]);
    expect(staleFor('comment_removals', { new: { event_id: 'e7' } }, eventOfPost)).toEqual([
      ['comments', 'e7'],
    ]);
  });

  it('a heart is placed by the post it is on; on a post the page does not show, it touches nothing', () => {
    expect(staleFor('comment_reactions', { new: { id: 'h', comment_id: 'c1' } }, eventOfPost)).toEqual([
      eventComments('e1'),
    ]);
    expect(staleFor('comment_reactions', { new: { id: 'h', reply_id: 'r1' } }, eventOfPost)).toEqual([
      eventComments('e2'),
    ]);
    expect(staleFor('comment_reactions', { new: { id: 'h', comment_id: 'c404' } }, eventOfPost)).toEqual([]);
  });

  it('a heart taken back names its post: placed as a heart given; an event reaction taken back, its event', () => {
    const removal = (row: Record<string, unknown>) =>
      staleFor('reaction_removals', { new: row }, eventOfPost);
    expect(removal({ id: 1, event_id: 'e1', comment_id: 'c1', reply_id: null })).toEqual([
      eventComments('e1'),
    ]);
    expect(removal({ id: 2, event_id: 'e2', comment_id: null, reply_id: 'r1' })).toEqual([
      eventComments('e2'),
    ]);
    expect(removal({ id: 3, event_id: 'e5', comment_id: 'c404', reply_id: null })).toEqual([]);
    expect(removal({ id: 4, event_id: 'e3', comment_id: null, reply_id: null })).toEqual([
      eventReactions('e3'),
    ]);
  });

  it('hears hearts and event reactions as they are given, and taken back only through reaction_removals', () => {
    expect(LIVE_TABLES).toMatchObject({
      comment_reactions: 'INSERT',
      reactions: 'INSERT',
      reaction_removals: 'INSERT',
    });
  });

  it('a delete names only its id: the event of the post it removed, else everything of its kind', () => {
    expect(staleFor('comments', { old: { id: 'c1' } }, eventOfPost)).toEqual([eventComments('e1')]);
    expect(staleFor('comments', { old: { id: 'c404' } }, eventOfPost)).toEqual([ALL_COMMENTS]);
    // A heart taken back: its post is unknown.
    expect(staleFor('comment_reactions', { old: { id: 'h' } }, eventOfPost)).toEqual([ALL_COMMENTS]);
    expect(staleFor('reactions', { old: { id: 'x' } }, eventOfPost)).toEqual([ALL_EVENTS]);
  });

  it('an event reaction patches that event’s reactions into the page’s events read', () => {
    expect(
      staleFor('reactions', { new: { id: 'x', event_id: 'e3', reaction_type: 'ghost' } }, eventOfPost),
    ).toEqual([eventReactions('e3')]);
  });
});

describe('eventHolding', () => {
  const comment = (id: string, replies: string[] = []) => ({ id, replies: replies.map((r) => ({ id: r })) });
  const entries: [QueryKey, unknown][] = [
    [
      ['comments', 'first', 'from:2026-01-01', 'u'],
      ['e1', 'e2'],
    ],
    [['comments', 'e1', 'thread', 'u'], { comments: [comment('c1', ['r1'])], total: 4 }],
    [['comments', 'e2', 'more', 13, 'u'], { comments: [comment('c2')], more: false }],
    [['comments', 'e3', 'replies', 'c3', 'u'], [{ id: 'r3' }]],
    [['comments', 'e4', 'thread', 'u'], undefined],
  ];

  it('finds the event of a shown comment or reply in any of its reads', () => {
    expect(eventHolding(entries, 'c1')).toBe('e1');
    expect(eventHolding(entries, 'r1')).toBe('e1');
    expect(eventHolding(entries, 'c2')).toBe('e2');
    expect(eventHolding(entries, 'r3')).toBe('e3');
    expect(eventHolding(entries, 'e1')).toBeUndefined();
    expect(eventHolding(entries, 'nowhere')).toBeUndefined();
  });
});

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
    batch.change([eventComments('e1')]);
    batch.change([eventComments('e2')]);
    batch.change([eventComments('e1')]);
    batch.change([eventReactions('e1')]);
    batch.change([]);
    expect(invalidated).toEqual([]);
    vi.advanceTimersByTime(100);
    expect(invalidated).toEqual([[eventComments('e1'), eventComments('e2'), eventReactions('e1')]]);
    vi.advanceTimersByTime(1000);
    expect(invalidated).toHaveLength(1);
  });

  it('does not even wait for a change that touches nothing', () => {
    batch.change([]);
    vi.advanceTimersByTime(1000);
    expect(invalidated).toEqual([]);
  });

  it('waits while the member’s own writes are in flight', () => {
    busy = true;
    batch.change([eventComments('e1')]);
    vi.advanceTimersByTime(500);
    expect(invalidated).toEqual([]);
    busy = false;
    vi.advanceTimersByTime(100);
    expect(invalidated).toEqual([[eventComments('e1')]]);
  });

  it('after a reconnect makes everything stale (the empty prefix)', () => {
    batch.change([eventReactions('e1')]);
    batch.catchUp();
    vi.advanceTimersByTime(100);
    expect(invalidated).toEqual([[[]]]);
  });

  it('does nothing once stopped', () => {
    batch.change([eventComments('e1')]);
    batch.stop();
    vi.advanceTimersByTime(1000);
    expect(invalidated).toEqual([]);
  });
});
