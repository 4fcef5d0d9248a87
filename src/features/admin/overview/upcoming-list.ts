/**
 * The overview's upcoming departures as a list: they all arrive with the overview (one request), so the
 * table's search, sort and paging happen here, in the browser, with the same controls as every admin list.
 */
import type { ListSearch } from '../search';
import type { UpcomingDeparture } from './overview.data';

/** Rows per page: ten keeps the charts below in view. */
export const UPCOMING_PAGE_SIZE = 10;

const SORTS = {
  title: (a, b) => a.title.localeCompare(b.title, 'en-AU'),
  start_date: (a, b) => a.start_date.localeCompare(b.start_date),
  sold: (a, b) => a.sold - b.sold,
  waitlist: (a, b) => a.waitlist - b.waitlist,
  interest: (a, b) => a.interest - b.interest,
} satisfies Record<string, (a: UpcomingDeparture, b: UpcomingDeparture) => number>;

export type UpcomingSort = keyof typeof SORTS;
export const isUpcomingSort = (value: string | undefined): value is UpcomingSort =>
  value !== undefined && Object.hasOwn(SORTS, value);

/** One page of the departures whose title holds the search (any case), sorted; soonest first by default. */
export function upcomingPage(
  departures: readonly UpcomingDeparture[],
  state: ListSearch,
  pageSize = UPCOMING_PAGE_SIZE,
): { rows: UpcomingDeparture[]; total: number } {
  const term = state.q?.trim().toLocaleLowerCase('en-AU') ?? '';
  const matching = term
    ? departures.filter((row) => row.title.toLocaleLowerCase('en-AU').includes(term))
    : [...departures];
  const sort = isUpcomingSort(state.sort) ? SORTS[state.sort] : SORTS.start_date;
  const sign = state.dir === 'desc' ? -1 : 1;
  // Ties fall back to the date, then the title, so a page never reshuffles between renders.
  matching.sort((a, b) => sign * sort(a, b) || SORTS.start_date(a, b) || SORTS.title(a, b));
  const pages = Math.max(1, Math.ceil(matching.length / pageSize));
  const page = Math.min(Math.max(1, state.page ?? 1), pages);
  return { rows: matching.slice((page - 1) * pageSize, page * pageSize), total: matching.length };
}
