import { formatDate, formatDateTime, sydneyDate } from '../../../lib/format/dates';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { useId } from 'react';
import { DataTable } from '../table/DataTable';
import { ExportCsvButton } from '../table/ExportCsvButton';
import { readAllRows } from '../table/paging';
import { useListSearch } from '../table/useListSearch';
import { AdminPage } from '../ui/AdminPage';
import { customersKey, fetchCustomers, type CustomerRow } from './customers.data';
import { CUSTOMER_CSV_COLUMNS, CUSTOMER_FILTERS, customerTierLabel, customersQuery } from './customers';

const column = createColumnHelper<CustomerRow>();
const number = new Intl.NumberFormat('en-AU');

// Column ids are admin_customers()'s sort keys.
const COLUMNS = [
  column.accessor('full_name', {
    id: 'name',
    header: 'Name',
    cell: ({ row }) => (
      <Link
        to="/admin/customers/$customerId"
        params={{ customerId: row.original.id }}
        className="text-primary font-medium underline-offset-2 hover:underline"
      >
        {row.original.full_name ?? 'No name given'}
      </Link>
    ),
  }),
  column.accessor('email', { id: 'email', header: 'E-mail' }),
  column.accessor('tier', {
    id: 'tier',
    header: 'Tier',
    cell: ({ getValue }) => customerTierLabel(getValue()),
  }),
  column.accessor('joined', {
    id: 'joined',
    header: 'Joined',
    cell: ({ getValue }) => <time dateTime={getValue()}>{formatDate(sydneyDate(getValue()))}</time>,
  }),
  column.accessor('bookings', {
    id: 'bookings',
    header: 'Bookings',
    cell: ({ getValue }) => number.format(getValue()),
  }),
  column.accessor('last_activity', {
    id: 'last_activity',
    header: 'Last activity',
    cell: ({ getValue }) => {
      const value = getValue();
      return value ? <time dateTime={value}>{formatDateTime(value)}</time> : '—';
    },
  }),
];

/**
 * /admin/customers: members and enquirers (e-mails that wrote to us without an account) in one list. Each
 * page, search and sort is one request (admin_customers); the export reads every matching row.
 */
export function CustomersPage() {
  const [search, update] = useListSearch();
  const query = customersQuery(search);
  const list = useQuery({
    queryKey: customersKey(query),
    queryFn: () => fetchCustomers(query),
    placeholderData: keepPreviousData,
  });
  const readAll = () =>
    readAllRows(async (from, to) => {
      const page = await fetchCustomers({ ...query, offset: from, limit: to - from + 1 });
      return { rows: page.rows, total: page.total };
    });
  return (
    <AdminPage
      title="Customers"
      description="Members and enquirers: search by name or e-mail, open one for their whole record."
      actions={<ExportCsvButton what="customers" columns={CUSTOMER_CSV_COLUMNS} readAll={readAll} />}
    >
      <DataTable
        caption="Customers"
        columns={COLUMNS}
        rows={list.data?.rows}
        total={list.data?.total}
        getRowId={(row) => `${row.kind}:${row.id}`}
        state={search}
        onStateChange={update}
        isError={list.isError}
        searchLabel="Search by name or e-mail"
        toolbar={<KindFilter value={search.filter ?? ''} onChange={(filter) => update({ filter })} />}
        stackOnPhone
        emptyText={search.q || search.filter ? 'No customers match this search.' : 'No customers yet.'}
      />
    </AdminPage>
  );
}

/** Everyone, members only or enquirers only (the address's `filter`). */
function KindFilter({ value, onChange }: { value: string; onChange: (filter: string) => void }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        Show
      </label>
      <select
        id={id}
        value={CUSTOMER_FILTERS.some((option) => option.value === value) ? value : ''}
        onChange={(event) => onChange(event.target.value)}
        className="border-border bg-background h-10 rounded-md border px-3"
      >
        {CUSTOMER_FILTERS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
