// The polls screen's pure logic: the list's query from the address, the state filter, the CSV's columns.
import type { ListSearch } from '../search';
import type { CsvColumn } from '../table/csv';
import { PAGE_SIZE, pageRange } from '../table/paging';
import { POLL_SORTS, type AdminPollRow, type AdminPollsQuery } from './admin-polls.data';

/** The list's `filter` in the address: every poll, the open ones or the closed ones. */
export const POLL_FILTERS = [
  { value: '', label: 'Every poll' },
  { value: 'open', label: 'Open' },
  { value: 'closed', label: 'Closed' },
] as const;

/** What the address asks the list for; an unknown sort falls back to the latest closing first. */
export function adminPollsQuery(search: ListSearch, pageSize = PAGE_SIZE): AdminPollsQuery {
  const sort = POLL_SORTS.find((key) => key === search.sort);
  return {
    search: search.q?.trim() ?? '',
    state: search.filter === 'open' || search.filter === 'closed' ? search.filter : '',
    sort: sort ?? 'closes',
    dir: sort ? (search.dir ?? 'asc') : 'desc',
    limit: pageSize,
    offset: pageRange(search.page ?? 1, pageSize).from,
  };
}

/** One CSV row per option of every matching poll, with its votes (as the screen's old export). */
export interface PollResultLine {
  poll: AdminPollRow;
  option: string;
  votes: number;
}
export const resultLines = (polls: AdminPollRow[]): PollResultLine[] =>
  polls.flatMap((poll) =>
    poll.options.map((option, index) => ({ poll, option, votes: poll.results[index] ?? 0 })),
  );

export const POLL_CSV_COLUMNS: readonly CsvColumn<PollResultLine>[] = [
  { header: 'Question', value: (line) => line.poll.question },
  { header: 'For', value: (line) => line.poll.event_title ?? 'All members' },
  { header: 'Closes', value: (line) => line.poll.closes_at },
  { header: 'State', value: (line) => (line.poll.is_open ? 'Open' : 'Closed') },
  { header: 'Option', value: (line) => line.option },
  { header: 'Votes', value: (line) => line.votes },
];
