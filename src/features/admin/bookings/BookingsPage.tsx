import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { buttonClass } from '../../../components/ui/button-styles';
import { formatDate, formatDateTime } from '../../../lib/format/dates';
import { DataTable } from '../table/DataTable';
import { ExportCsvButton } from '../table/ExportCsvButton';
import { FilterSelect } from '../table/FilterSelect';
import { readAllRows } from '../table/paging';
import { useListSearch } from '../table/useListSearch';
import { AdminPage } from '../ui/AdminPage';
import type { BookingSearch } from './booking-search';
import {
  bookingEventsKey,
  bookingsKey,
  fetchBookingEvents,
  fetchBookings,
  type BookingRow,
} from './bookings.data';
import { BOOKING_CSV_COLUMNS, bookingsQuery, money, STATE_FILTERS, stateLabel } from './bookings';
import { NewBookingDialog } from './NewBookingDialog';

const column = createColumnHelper<BookingRow>();
const number = new Intl.NumberFormat('en-AU');

// Column ids are admin_bookings()'s sort keys.
const COLUMNS = [
  column.accessor('invoice_number', {
    id: 'invoice',
    header: 'Invoice',
    cell: ({ row }) => (
      <Link
        to="/admin/bookings/$bookingId"
        params={{ bookingId: row.original.id }}
        className="text-primary font-medium whitespace-nowrap underline-offset-2 hover:underline"
      >
        {row.original.invoice_number}
      </Link>
    ),
  }),
  column.accessor('member_name', {
    id: 'member',
    header: 'Member',
    cell: ({ row }) => (
      <span className="flex flex-col">
        <span>{row.original.member_name ?? 'No name given'}</span>
        {row.original.member_email && (
          <span className="text-muted-foreground text-xs">{row.original.member_email}</span>
        )}
      </span>
    ),
  }),
  column.accessor('event_title', {
    id: 'event',
    header: 'Event',
    cell: ({ row }) => (
      <span className="flex flex-col">
        <span>{row.original.event_title}</span>
        <span className="text-muted-foreground text-xs">{formatDate(row.original.event_start)}</span>
      </span>
    ),
  }),
  column.accessor('travellers', {
    id: 'travellers',
    header: 'Travellers',
    cell: ({ getValue }) => number.format(getValue()),
  }),
  column.accessor('total_cents', {
    id: 'total',
    header: 'Total',
    cell: ({ row }) => money(row.original.total_cents, row.original.currency),
  }),
  column.accessor('paid_cents', {
    id: 'paid',
    header: 'Paid',
    cell: ({ row }) => money(row.original.paid_cents, row.original.currency),
  }),
  column.accessor('left_cents', {
    id: 'left',
    header: 'Left to pay',
    cell: ({ row }) => money(row.original.left_cents, row.original.currency),
  }),
  column.accessor('state', {
    id: 'status',
    header: 'Status',
    cell: ({ getValue }) => stateLabel(getValue()),
  }),
  column.accessor('created_at', {
    id: 'created',
    header: 'Created',
    cell: ({ getValue }) => <time dateTime={getValue()}>{formatDateTime(getValue())}</time>,
  }),
];

/**
 * /admin/bookings: every booking, one page per request (admin_bookings), searched by member, e-mail, invoice
 * number or bank reference, filtered by departure and status; the export reads every matching row.
 */
export function BookingsPage() {
  const [search, update] = useListSearch();
  const query = bookingsQuery(search as BookingSearch);
  const list = useQuery({
    queryKey: bookingsKey(query),
    queryFn: () => fetchBookings(query),
    placeholderData: keepPreviousData,
  });
  const [booking, setBooking] = useState(false);
  const events = useQuery({ queryKey: bookingEventsKey, queryFn: () => fetchBookingEvents() });
  const readAll = () =>
    readAllRows(async (from, to) => fetchBookings({ ...query, offset: from, limit: to - from + 1 }));
  const eventOptions = [
    { value: '', label: 'Every departure' },
    ...(events.data ?? []).map((event) => ({
      value: event.id,
      label: `${event.title} (${formatDate(event.start_date)})`,
    })),
  ];
  return (
    <AdminPage
      title="Bookings"
      description="Every booking: search by member, e-mail, invoice number or bank reference, open one to take a payment or cancel it."
      actions={
        <>
          <button type="button" className={buttonClass('primary')} onClick={() => setBooking(true)}>
            New booking
          </button>
          <Link to="/admin/bookings/refunds" className={buttonClass('outline')}>
            Refunds to pay back
          </Link>
          <ExportCsvButton what="bookings" columns={BOOKING_CSV_COLUMNS} readAll={readAll} />
        </>
      }
    >
      <NewBookingDialog open={booking} onClose={() => setBooking(false)} />
      <DataTable
        caption="Bookings"
        columns={COLUMNS}
        rows={list.data?.rows}
        total={list.data?.total}
        getRowId={(row) => row.id}
        state={search}
        onStateChange={update}
        isError={list.isError}
        searchLabel="Search by member, e-mail, invoice or bank reference"
        toolbar={
          <>
            <FilterSelect
              label="Departure"
              options={eventOptions}
              value={query.event ?? ''}
              // A new departure starts again at page 1, as a new search does.
              onChange={(event) => update({ event, page: undefined } as Partial<BookingSearch>)}
            />
            <FilterSelect
              label="Status"
              options={STATE_FILTERS}
              value={query.state ?? ''}
              onChange={(filter) => update({ filter })}
            />
          </>
        }
        stackOnPhone
        emptyText={
          search.q || search.filter || query.event ? 'No bookings match this search.' : 'No bookings yet.'
        }
      />
    </AdminPage>
  );
}
