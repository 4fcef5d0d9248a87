import { describe, expect, it } from 'vitest';
import { COMMENT_MAX, commentTextOk } from '../../lib/rules';
import { authorIds, eventThreads, timeAgo, type CommentRow, type ReplyRow } from './comments';

const EVENT = 'e1';
const reply = (id: string, created_at: string, extra: Partial<ReplyRow> = {}): ReplyRow => ({
  id,
  user_id: 'u2',
  content: id,
  created_at,
  is_deleted: false,
  ...extra,
});
const comment = (id: string, created_at: string, extra: Partial<CommentRow> = {}): CommentRow => ({
  id,
  event_id: EVENT,
  user_id: 'u1',
  content: id,
  created_at,
  updated_at: created_at,
  is_deleted: false,
  is_pinned: false,
  attachment_url: null,
  attachment_name: null,
  comment_replies: [],
  ...extra,
});
const names = new Map([['u1', 'Mia Member']]);

describe('eventThreads', () => {
  it('puts pinned comments first, then the oldest first', () => {
    const rows = [
      comment('new', '2026-01-03T00:00:00Z'),
      comment('old', '2026-01-01T00:00:00Z'),
      comment('pinned', '2026-01-04T00:00:00Z', { is_pinned: true }),
      comment('mid', '2026-01-02T00:00:00Z'),
    ];
    expect(eventThreads(rows, EVENT, names).map((c) => c.id)).toEqual(['pinned', 'old', 'mid', 'new']);
  });

  it("shows only the event's comments and their live replies, oldest first", () => {
    const rows = [
      comment('c', '2026-01-01T00:00:00Z', {
        comment_replies: [
          reply('r2', '2026-01-02T02:00:00Z'),
          reply('gone', '2026-01-02T03:00:00Z', { is_deleted: true }),
          reply('r1', '2026-01-02T01:00:00Z'),
        ],
      }),
      comment('elsewhere', '2026-01-01T00:00:00Z', { event_id: 'e2' }),
    ];
    const threads = eventThreads(rows, EVENT, names);
    expect(threads.map((c) => c.id)).toEqual(['c']);
    expect(threads[0]?.replies.map((r) => r.id)).toEqual(['r1', 'r2']);
  });

  it('carries an attached image’s URL and name, or none', () => {
    const url = 'http://127.0.0.1:54321/storage/v1/object/public/event-images/u1/1.png';
    const rows = [
      comment('plain', '2026-01-01T00:00:00Z'),
      comment('pictured', '2026-01-02T00:00:00Z', { attachment_url: url, attachment_name: 'ghost.png' }),
    ];
    expect(
      eventThreads(rows, EVENT, names).map(({ attachmentUrl, attachmentName }) => [
        attachmentUrl,
        attachmentName,
      ]),
    ).toEqual([
      [null, null],
      [url, 'ghost.png'],
    ]);
  });

  it('hides a deleted comment together with its replies', () => {
    const rows = [
      comment('deleted', '2026-01-01T00:00:00Z', {
        is_deleted: true,
        comment_replies: [reply('orphan', '2026-01-02T00:00:00Z')],
      }),
    ];
    expect(eventThreads(rows, EVENT, names)).toEqual([]);
  });

  it("names authors from their public name, else 'Anonymous', and marks edited comments", () => {
    const rows = [
      comment('c', '2026-01-01T00:00:00Z', {
        updated_at: '2026-01-01T00:05:00Z',
        comment_replies: [reply('r', '2026-01-02T00:00:00Z')],
      }),
      comment('d', '2026-01-02T00:00:00Z', { user_id: 'blank' }),
    ];
    const threads = eventThreads(rows, EVENT, new Map([...names, ['blank', '  ']]));
    expect(threads.map((c) => [c.author, c.edited])).toEqual([
      ['Mia Member', true],
      ['Anonymous', false],
    ]);
    expect(threads[0]?.replies[0]?.author).toBe('Anonymous');
  });
});

describe('authorIds', () => {
  it('lists each author of a comment or reply once', () => {
    const rows = [
      comment('a', '2026-01-01T00:00:00Z', { comment_replies: [reply('r', '2026-01-01T00:00:00Z')] }),
      comment('b', '2026-01-01T00:00:00Z'),
    ];
    expect(authorIds(rows)).toEqual(['u1', 'u2']);
  });
});

describe('timeAgo', () => {
  const now = Date.parse('2026-03-10T12:00:00Z');
  it.each([
    ['2026-03-10T11:59:30Z', 'less than a minute ago'],
    ['2026-03-10T12:00:05Z', 'less than a minute ago'],
    ['2026-03-10T11:59:00Z', '1 minute ago'],
    ['2026-03-10T11:15:00Z', '45 minutes ago'],
    ['2026-03-10T09:00:00Z', '3 hours ago'],
    ['2026-03-08T12:00:00Z', '2 days ago'],
    ['2026-02-20T12:00:00Z', '2 weeks ago'],
    ['2025-12-01T12:00:00Z', '3 months ago'],
    ['2024-03-01T12:00:00Z', '2 years ago'],
  ])('%s reads %s', (iso, text) => {
    expect(timeAgo(iso, now)).toBe(text);
  });
});

describe('commentTextOk', () => {
  it.each([
    ['', false],
    ['  \n ', false],
    [' hi ', true],
    ['x'.repeat(COMMENT_MAX), true],
    [` ${'x'.repeat(COMMENT_MAX)} `, true],
    ['x'.repeat(COMMENT_MAX + 1), false],
    ['👻'.repeat(COMMENT_MAX), true],
  ])('%j: %s', (text, ok) => {
    expect(commentTextOk(text)).toBe(ok);
  });
});
