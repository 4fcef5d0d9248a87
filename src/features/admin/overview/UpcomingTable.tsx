import { Link } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { formatOrdinalDate } from '../../../lib/format/date-words';
import type { ListSearch } from '../search';
import { DataTable } from '../table/DataTable';
import { formatCount, placesLabel } from './overview';
import type { UpcomingDeparture } from './overview.data';
import { UPCOMING_PAGE_SIZE, upcomingPage } from './upcoming-list';

const column = createColumnHelper<UpcomingDeparture>();
const number = (value: number) => <span className="tabular-nums">{formatCount(value)}</span>;
const COLUMNS = [
  column.accessor('title', {
    id: 'title',
    header: 'Departure',
    cell: ({ row }) => (
      <Link
        to="/admin/event-management"
        search={{ id: row.original.id }}
        className="font-medium underline-offset-4 hover:underline"
      >
        {row.original.title}
      </Link>
    ),
  }),
  column.accessor('start_date', {
    id: 'start_date',
    header: 'Starts',
    cell: (info) => <span className="whitespace-nowrap">{formatOrdinalDate(info.getValue())}</span>,
  }),
  column.accessor('sold', {
    id: 'sold',
    header: 'Places sold',
    cell: ({ row }) => <span className="tabular-nums">{placesLabel(row.original)}</span>,
  }),
  column.accessor('waitlist', {
    id: 'waitlist',
    header: 'Waitlist',
    cell: (info) => number(info.getValue()),
  }),
  column.accessor('interest', {
    id: 'interest',
    header: 'Interest',
    cell: (info) => number(info.getValue()),
  }),
];

/**
 * Upcoming departures (published, from today): places sold against capacity and enquiries per event, as
 * the admin's table; searched, sorted and paged in the browser (they come with the overview, all at once).
 */
export function UpcomingTable({ departures }: { departures: readonly UpcomingDeparture[] }) {
  const [state, setState] = useState<ListSearch>({});
  if (departures.length === 0)
    return <p className="text-muted-foreground">No published departures from today on.</p>;
  const { rows, total } = upcomingPage(departures, state);
  return (
    <DataTable
      caption="Upcoming departures"
      columns={COLUMNS}
      rows={rows}
      total={total}
      getRowId={(row) => row.id}
      state={state}
      // A new search or sort starts again from its first page.
      onStateChange={(next) =>
        setState((current) => ({ ...current, ...('page' in next ? {} : { page: undefined }), ...next }))
      }
      searchLabel="Search departures"
      emptyText="No upcoming departure matches this search."
      pageSize={UPCOMING_PAGE_SIZE}
    />
  );
}
