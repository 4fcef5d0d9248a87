// Pure helpers of the moderation screen: the suspension lengths on offer, the queue's query
// from the address and its CSV columns.
import type { ListSearch } from '../search';
import type { CsvColumn } from '../table/csv';
import { PAGE_SIZE, pageRange } from '../table/paging';
import { QUEUE_FILTERS, QUEUE_SORTS, type QueueItem, type QueueQuery } from './moderation.data';

/** How long a suspension lasts, in days: the choices of the suspend dialog. */
export const SUSPENSION_DAYS = [1, 3, 7, 30, 90] as const;

/** The end of a suspension of `days` days starting at `from`. */
export function suspensionEnd(days: number, from: Date = new Date()): Date {
  return new Date(from.getTime() + days * 86_400_000);
}

export const daysLabel = (days: number) => (days === 1 ? '1 day' : `${days} days`);

/** The queue's `filter` in the address: which posts it lists ('' is the open reports). */
export const QUEUE_FILTER_OPTIONS = [
  { value: '', label: 'Open reports' },
  { value: 'hidden', label: 'Hidden posts' },
  { value: 'all', label: 'All posts' },
] as const;

/** What the address asks the queue for; an unknown sort or filter falls back to the newest report first. */
export function queueQuery(search: ListSearch, pageSize = PAGE_SIZE): QueueQuery {
  const sort = QUEUE_SORTS.find((key) => key === search.sort);
  const filter = QUEUE_FILTERS.find((key) => key === search.filter) ?? 'open';
  return {
    search: search.q?.trim() ?? '',
    filter,
    sort: sort ?? 'last_report',
    dir: sort ? (search.dir ?? 'asc') : 'desc',
    limit: pageSize,
    offset: pageRange(search.page ?? 1, pageSize).from,
  };
}

/** The export: one row per post, its reports in one cell, times as ISO so spreadsheets sort them. */
export const QUEUE_CSV_COLUMNS: readonly CsvColumn<QueueItem>[] = [
  { header: 'Kind', value: (row) => (row.kind === 'comment' ? 'Comment' : 'Reply') },
  { header: 'Author', value: (row) => row.author_name },
  { header: 'Event', value: (row) => row.event_title },
  { header: 'Text', value: (row) => row.content },
  { header: 'Posted', value: (row) => row.posted_at },
  { header: 'Hidden', value: (row) => (row.hidden ? 'Yes' : 'No') },
  { header: 'Pinned', value: (row) => (row.pinned ? 'Yes' : 'No') },
  { header: 'Reports', value: (row) => row.flag_count },
  { header: 'Last report', value: (row) => row.last_flagged_at },
  {
    header: 'Reasons',
    value: (row) =>
      row.flags.map((flag) => `${flag.reporter}: ${flag.reason ?? 'No reason given'}`).join('; '),
  },
  { header: 'Author suspended until', value: (row) => row.suspended_until },
  { header: 'Post id', value: (row) => row.target_id },
];
