import { describe, expect, it } from 'vitest';
import { daysLabel, QUEUE_CSV_COLUMNS, queueQuery, suspensionEnd } from './moderation';
import { formatDateTime } from '../../../lib/format/dates';
import type { QueueItem } from './moderation.data';

describe('moderation helpers', () => {
  it('read times in Sydney', () => {
    expect(formatDateTime('2026-01-01T00:30:00Z')).toMatch(/^1 Jan 2026, 11:30\s?am$/i);
  });
  it('end a suspension whole days later', () => {
    expect(suspensionEnd(3, new Date('2026-01-01T00:00:00Z')).toISOString()).toBe('2026-01-04T00:00:00.000Z');
    expect([daysLabel(1), daysLabel(7)]).toEqual(['1 day', '7 days']);
  });
});

describe('the queue query from the address', () => {
  it('defaults to open reports, newest report first, page 1', () => {
    expect(queueQuery({})).toEqual({
      search: '',
      filter: 'open',
      sort: 'last_report',
      dir: 'desc',
      limit: 25,
      offset: 0,
    });
  });
  it('takes a known sort, filter and page; drops what the server does not know', () => {
    expect(queueQuery({ q: ' spam ', filter: 'hidden', sort: 'author', page: 3 })).toMatchObject({
      search: 'spam',
      filter: 'hidden',
      sort: 'author',
      dir: 'asc',
      offset: 50,
    });
    expect(queueQuery({ filter: 'deleted', sort: 'content', dir: 'asc' })).toMatchObject({
      filter: 'open',
      sort: 'last_report',
      dir: 'desc',
    });
  });
  it('exports the reports in one cell', () => {
    const item = {
      flags: [
        { reporter: 'Rex', reason: 'Rude', at: '2026-01-01T00:00:00Z' },
        { reporter: 'Ann', reason: null, at: '2026-01-02T00:00:00Z' },
      ],
    } as QueueItem;
    const reasons = QUEUE_CSV_COLUMNS.find((column) => column.header === 'Reasons')!;
    expect(reasons.value(item)).toBe('Rex: Rude; Ann: No reason given');
  });
});
