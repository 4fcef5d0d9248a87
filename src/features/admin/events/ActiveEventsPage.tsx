import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { sydneyToday } from '../../../lib/format/today';
import { DataTable } from '../table/DataTable';
import { ExportCsvButton } from '../table/ExportCsvButton';
import { useListSearch } from '../table/useListSearch';
import { AdminPage } from '../ui/AdminPage';
import {
  activeEventsKey,
  fetchActiveEvents,
  fetchAllActiveEvents,
  type ActiveEvent,
} from './active-events.data';
import { ACTIVE_EVENT_CSV, departureLabel, eventDatesLabel, placesLabel } from './manifest';

const column = createColumnHelper<ActiveEvent>();
const number = new Intl.NumberFormat('en-AU');

// Column ids are admin_active_events()'s sort keys.
const columns = [
  column.accessor('title', {
    id: 'title',
    header: 'Event',
    cell: ({ row }) => (
      <>
        <span className="font-medium">{row.original.title}</span>
        {row.original.location && (
          <span className="text-muted-foreground block text-xs">{row.original.location}</span>
        )}
      </>
    ),
  }),
  column.accessor('start_date', {
    id: 'start_date',
    header: 'Dates',
    cell: ({ row }) => eventDatesLabel(row.original),
  }),
  column.display({
    id: 'departure',
    header: 'Departure',
    enableSorting: false,
    cell: ({ row }) => departureLabel(row.original, sydneyToday()),
  }),
  column.accessor('places_sold', {
    id: 'places_sold',
    header: 'Places sold',
    cell: ({ row }) => placesLabel(row.original),
  }),
  column.accessor('travellers_named', {
    id: 'travellers_named',
    header: 'Travellers named',
    enableSorting: false,
    cell: ({ getValue }) => number.format(getValue()),
  }),
  column.display({
    id: 'manifest',
    header: 'Manifest',
    enableSorting: false,
    cell: ({ row }) => (
      <Link
        to="/admin/active-events/$eventId/manifest"
        params={{ eventId: row.original.id }}
        className="text-primary underline underline-offset-2"
        aria-label={`Manifest of ${row.original.title}`}
      >
        Manifest
      </Link>
    ),
  }),
];

/** /admin/active-events: running or departing within 60 days, with places sold and each manifest. */
export function ActiveEventsPage() {
  const [search, update] = useListSearch();
  const list = useQuery({
    queryKey: activeEventsKey(search),
    queryFn: () => fetchActiveEvents(search),
    placeholderData: keepPreviousData,
  });
  return (
    <AdminPage
      title="Active events"
      description="Published events running today or departing within the next 60 days (Sydney dates), with places sold against capacity and each event's manifest."
      actions={
        <ExportCsvButton
          what="events"
          columns={ACTIVE_EVENT_CSV}
          readAll={() => fetchAllActiveEvents(search)}
        />
      }
    >
      <DataTable
        caption="Active events"
        columns={columns}
        rows={list.data?.rows}
        total={list.data?.total}
        getRowId={(row) => row.id}
        state={search}
        onStateChange={update}
        isError={list.isError}
        searchLabel="Search by title, place or slug"
        emptyText={
          search.q
            ? 'No active event matches this search.'
            : 'No event is running or departing in the next 60 days.'
        }
      />
    </AdminPage>
  );
}
