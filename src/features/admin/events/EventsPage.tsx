import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { buttonClass } from '../../../components/ui/button-styles';
import { DataTable } from '../table/DataTable';
import { ExportCsvButton } from '../table/ExportCsvButton';
import { readAllRows } from '../table/paging';
import { useListSearch } from '../table/useListSearch';
import { AdminPage } from '../ui/AdminPage';
import { EVENT_CSV_COLUMNS, badgeName, eventDates, eventPrice, statusName } from './event-format';
import { EVENT_STATUSES, listEvents, listEventsRange, type AdminEventRow } from './events.data';
import { StatusTabs } from './StatusTabs';

const column = createColumnHelper<AdminEventRow>();
const number = new Intl.NumberFormat('en-AU');

const columns = [
  column.accessor('title', {
    id: 'title',
    header: 'Event',
    cell: ({ row }) => (
      <Link
        to="/admin/event-management"
        search={{ id: row.original.id }}
        className="text-primary font-medium underline"
      >
        {row.original.title}
      </Link>
    ),
  }),
  column.accessor('start_date', {
    id: 'start_date',
    header: 'Dates',
    cell: ({ row }) => <span className="whitespace-nowrap">{eventDates(row.original)}</span>,
  }),
  column.accessor('location', { id: 'location', header: 'Location', cell: (info) => info.getValue() ?? '—' }),
  // The phase: a published event that has ended reads Completed, as members see it (decision 0063).
  column.accessor('phase', { id: 'phase', header: 'Status', cell: (info) => statusName(info.getValue()) }),
  column.accessor('badge', {
    header: 'Badge',
    enableSorting: false,
    cell: (info) => badgeName(info.getValue()),
  }),
  column.accessor('price_cents', {
    id: 'price_cents',
    header: 'Price',
    cell: ({ row }) => eventPrice(row.original),
  }),
  column.accessor('max_registrations', {
    header: 'Places',
    enableSorting: false,
    cell: (info) => {
      const places = info.getValue();
      return places === null ? 'No limit' : number.format(places);
    },
  }),
];

/** /admin/events: every event by status, searched, sorted and paged on the server, exported as CSV. */
export function EventsPage() {
  const [search, update] = useListSearch();
  const status = EVENT_STATUSES.find((value) => value === search.filter);
  const list = useQuery({
    queryKey: ['admin', 'events', 'list', search],
    queryFn: () => listEvents(search),
    placeholderData: keepPreviousData,
  });
  return (
    <AdminPage
      title="Events"
      description="Every event, draft to cancelled. A published event reads Completed once its last day has passed. Open one to edit, publish or cancel it."
      actions={
        <>
          <Link to="/admin/event-management" className={buttonClass('primary', 'sm')}>
            New event
          </Link>
          <ExportCsvButton
            what="events"
            columns={EVENT_CSV_COLUMNS}
            readAll={() => readAllRows((from, to) => listEventsRange(search, from, to))}
          />
        </>
      }
    >
      <DataTable
        caption={status ? `Events: ${statusName(status).toLowerCase()}` : 'Events'}
        columns={columns}
        rows={list.isPlaceholderData ? undefined : list.data?.rows}
        total={list.data?.total}
        getRowId={(row) => row.id}
        state={search}
        onStateChange={update}
        isError={list.isError}
        searchLabel="Search by title, location or slug"
        toolbar={<StatusTabs value={status} onChange={(filter) => update({ filter })} />}
        emptyText={search.q ? 'No events match this search.' : 'No events here yet.'}
      />
    </AdminPage>
  );
}
