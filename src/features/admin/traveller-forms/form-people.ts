import type { ListSearch } from '../search';
import { PAGE_SIZE, pageRange } from '../table/paging';
import type { FormTraveller } from './admin-traveller-forms.data';

/** A person's name as the table shows it: the traveller (traveller forms) or the member. */
export function personName(row: FormTraveller, perTraveller: boolean): string {
  if (!perTraveller) return row.full_name ?? '—';
  return row.traveller_name ?? `${row.unnamed} not named yet`;
}

/** The sort keys of the people table (its column ids). */
export const PEOPLE_SORTS = ['name', 'filled'] as const;

/**
 * One page of a form's people, sorted as asked: the status is one request for the whole event (small), so
 * the table pages and sorts it here. Unsorted, the database's order stands (not filled first).
 */
export function peoplePage(rows: FormTraveller[], state: ListSearch, perTraveller: boolean): FormTraveller[] {
  const sorted = [...rows];
  const direction = state.dir === 'desc' ? -1 : 1;
  if (state.sort === 'name') {
    sorted.sort(
      (a, b) => direction * personName(a, perTraveller).localeCompare(personName(b, perTraveller), 'en-AU'),
    );
  } else if (state.sort === 'filled') {
    // Not filled sorts before any date ascending.
    sorted.sort((a, b) => direction * (a.submitted_at ?? '').localeCompare(b.submitted_at ?? ''));
  }
  const { from, to } = pageRange(state.page ?? 1, PAGE_SIZE);
  return sorted.slice(from, to + 1);
}
