import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { formatPrice } from '../../../lib/format/currency';
import { formatDate, sydneyDate } from '../../../lib/format/dates';
import { DataTable } from '../table/DataTable';
import { FilterSelect } from '../table/FilterSelect';
import { useListSearch } from '../table/useListSearch';
import { AdminPage } from '../ui/AdminPage';
import { attentionKey, fetchAttention, type AttentionRow } from './schedules.data';
import { ATTENTION_FILTER_OPTIONS, attentionReasons } from './schedules';

const column = createColumnHelper<AttentionRow>();

const columns = [
  column.accessor('invoice_number', {
    id: 'invoice_number',
    header: 'Booking',
    enableSorting: false,
    cell: ({ row }) => (
      <Link
        to="/admin/manage-plan/$bookingId"
        params={{ bookingId: row.original.booking_id }}
        className="text-primary font-medium underline underline-offset-2"
        aria-label={`Schedule of ${row.original.invoice_number}`}
      >
        {row.original.invoice_number}
      </Link>
    ),
  }),
  column.accessor('member_name', {
    id: 'member',
    header: 'Member',
    enableSorting: false,
    cell: ({ row }) => (
      <>
        <span>{row.original.member_name ?? 'No name given'}</span>
        {row.original.member_email && (
          <span className="text-muted-foreground block text-xs">{row.original.member_email}</span>
        )}
      </>
    ),
  }),
  column.accessor('event_title', {
    id: 'event',
    header: 'Departure',
    enableSorting: false,
    cell: ({ row }) => (
      <>
        <span>{row.original.event_title}</span>
        <span className="text-muted-foreground block text-xs">{formatDate(row.original.departs_on)}</span>
      </>
    ),
  }),
  column.display({
    id: 'reasons',
    header: 'Needs attention',
    cell: ({ row }) => (
      <ul className="space-y-0.5 text-sm">
        {attentionReasons(
          row.original,
          row.original.changed_at ? sydneyDate(row.original.changed_at) : null,
          row.original.autopay_failed_at ? sydneyDate(row.original.autopay_failed_at) : null,
        ).map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
      </ul>
    ),
  }),
  column.accessor('paid_cents', {
    id: 'paid',
    header: 'Paid',
    enableSorting: false,
    cell: ({ row }) =>
      `${formatPrice(row.original.paid_cents, row.original.currency)} of ${formatPrice(row.original.total_cents, row.original.currency)}`,
  }),
];

/** /admin/manage-plan: bookings whose schedule needs an admin, most urgent first. */
export function ManagePlanPage() {
  const [search, update] = useListSearch();
  const list = useQuery({
    queryKey: attentionKey(search),
    queryFn: () => fetchAttention(search),
    placeholderData: keepPreviousData,
  });
  return (
    <AdminPage
      title="Payment schedules"
      description="Bookings whose schedule needs attention: an instalment overdue (Sydney dates), a schedule changed in the last 14 days, a pending booking whose hold expired, or an AutoPay charge that failed and was not paid since. Open one to move, split or merge instalments, or waive an amount."
    >
      <DataTable
        caption="Bookings whose schedule needs attention"
        columns={columns}
        rows={list.data?.rows}
        total={list.data?.total}
        getRowId={(row) => row.booking_id}
        state={search}
        onStateChange={update}
        isError={list.isError}
        searchLabel="Search by invoice, reference, member or event"
        toolbar={
          <FilterSelect
            options={ATTENTION_FILTER_OPTIONS}
            value={search.filter ?? ''}
            onChange={(filter) => update({ filter })}
          />
        }
        emptyText={
          search.q || search.filter
            ? 'No booking matches this search.'
            : 'Every schedule is in order: nothing is overdue, changed lately or past its hold.'
        }
      />
    </AdminPage>
  );
}
