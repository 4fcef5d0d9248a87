import { describe, expect, it } from 'vitest';
import { COMMENT_MAX, commentTextOk } from './comment-rules';
import {
  ANONYMOUS,
  EMPTY_COMMENT,
  toComments,
  toggledHeart,
  toPage,
  timeAgo,
  validateComment,
  type CommentRow,
  type ReplyRow,
} from './comments';

const reply = (id: string, more: Partial<ReplyRow> = {}): ReplyRow => ({
  id,
  user_id: 'u2',
  author: 'Olly',
  content: `reply ${id}`,
  created_at: '2026-01-01T00:00:00Z',
  edited: false,
  hearts: 0,
  hearted: false,
  attachment_url: null,
  attachment_name: null,
  ...more,
});

const comment = (id: string, more: Partial<CommentRow> = {}): CommentRow => ({
  ...reply(id, { user_id: 'u1', content: `comment ${id}`, author: 'Mia' }),
  is_pinned: false,
  reply_count: 0,
  replies: [],
  ...more,
});

describe('toPage', () => {
  it('keeps the server’s order and shows up to `shown`; one row more means there is more', () => {
    const rows = ['a', 'b', 'c'].map((id) => comment(id));
    expect(toPage(rows, 2)).toMatchObject({ comments: [{ id: 'a' }, { id: 'b' }], more: true });
    expect(toPage(rows, 3).more).toBe(false);
    expect(toPage([], 10)).toEqual({ comments: [], more: false });
  });
});

describe('toComments', () => {
  it('maps a row to what the page shows: names, edits, hearts, pins, images, replies and their count', () => {
    const [shown] = toComments([
      comment('a', {
        is_pinned: true,
        edited: true,
        hearts: 3,
        hearted: true,
        attachment_url: 'https://cdn.example/a.png',
        attachment_name: 'a.png',
        reply_count: 5,
        replies: [reply('r1', { author: null }), reply('r2', { author: '  ' })],
      }),
    ]);
    expect(shown).toMatchObject({
      id: 'a',
      userId: 'u1',
      author: 'Mia',
      content: 'comment a',
      edited: true,
      pinned: true,
      hearts: 3,
      hearted: true,
      attachmentUrl: 'https://cdn.example/a.png',
      attachmentName: 'a.png',
      replyCount: 5,
    });
    expect(shown!.replies).toMatchObject([
      { id: 'r1', author: ANONYMOUS, edited: false, hearts: 0, hearted: false, attachmentUrl: null },
      { id: 'r2', author: ANONYMOUS },
    ]);
  });
});

describe('toggledHeart', () => {
  it('adds the member’s heart when absent and takes it back when present', () => {
    const [post] = toComments([comment('a', { hearts: 2 })]);
    expect(toggledHeart(post!)).toEqual({ hearts: 3, hearted: true });
    expect(toggledHeart({ ...post!, hearts: 3, hearted: true })).toEqual({ hearts: 2, hearted: false });
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

describe('validateComment', () => {
  it('refuses what commentTextOk refuses (blank, or over the limit once trimmed), and nothing else', () => {
    expect(validateComment(EMPTY_COMMENT)).toEqual({ content: 'Please write something first.' });
    expect(validateComment({ content: ' \n ' })).toEqual({ content: 'Please write something first.' });
    expect(validateComment({ content: 'x'.repeat(COMMENT_MAX + 1) })).toEqual({
      content: 'A comment must be 2,000 characters or fewer.',
    });
    expect(validateComment({ content: ` ${'👻'.repeat(COMMENT_MAX)} ` })).toEqual({});
    for (const content of ['', ' ', 'Hi', 'x'.repeat(COMMENT_MAX), 'x'.repeat(COMMENT_MAX + 1)]) {
      expect(validateComment({ content }).content === undefined).toBe(commentTextOk(content));
    }
  });
});
