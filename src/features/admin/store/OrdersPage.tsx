import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { formatDateTime } from '../../../lib/format/dates';
import { DataTable } from '../table/DataTable';
import { ExportCsvButton } from '../table/ExportCsvButton';
import { FilterSelect } from '../table/FilterSelect';
import { readAllRows } from '../table/paging';
import { useListSearch } from '../table/useListSearch';
import { AdminPage } from '../ui/AdminPage';
import type { OrderSearch } from './order-search';
import { fetchOrders, ordersKey, type OrderRow } from './orders.data';
import {
  listStateLabel,
  money,
  ORDER_CSV_COLUMNS,
  ordersQuery,
  PAY_FILTERS,
  payLabel,
  STATE_FILTERS,
} from './orders';

const column = createColumnHelper<OrderRow>();
const number = new Intl.NumberFormat('en-AU');

// Column ids are admin_orders()'s sort keys.
const COLUMNS = [
  column.accessor('number', {
    id: 'number',
    header: 'Order',
    cell: ({ row }) => (
      <Link
        to="/admin/store/$orderId"
        params={{ orderId: row.original.id }}
        className="text-primary font-medium whitespace-nowrap underline-offset-2 hover:underline"
      >
        {row.original.number}
      </Link>
    ),
  }),
  column.accessor('placed_at', {
    id: 'placed',
    header: 'Placed',
    cell: ({ getValue }) => <time dateTime={getValue()}>{formatDateTime(getValue())}</time>,
  }),
  column.accessor('buyer_name', {
    id: 'buyer',
    header: 'Buyer',
    cell: ({ row }) => (
      <span className="flex flex-col">
        <span>{row.original.buyer_name ?? 'No name given'}</span>
        {row.original.buyer_email && (
          <span className="text-muted-foreground text-xs">{row.original.buyer_email}</span>
        )}
      </span>
    ),
  }),
  column.accessor('items', {
    id: 'items',
    header: 'Items',
    cell: ({ getValue }) => number.format(getValue()),
  }),
  column.accessor('total_cents', {
    id: 'total',
    header: 'Total',
    cell: ({ row }) => money(row.original.total_cents, row.original.currency),
  }),
  column.accessor('pay_by', {
    id: 'pay_by',
    header: 'Pay by',
    enableSorting: false,
    cell: ({ getValue }) => payLabel(getValue()),
  }),
  column.accessor('state', {
    id: 'state',
    header: 'State',
    cell: ({ row }) => listStateLabel(row.original),
  }),
];

/**
 * /admin/store: every store order, one page per request (admin_orders), searched by order number, buyer or
 * e-mail, filtered by state and payment; the export reads every matching row.
 */
export function OrdersPage() {
  const [search, update] = useListSearch();
  const query = ordersQuery(search as OrderSearch);
  const list = useQuery({
    queryKey: ordersKey(query),
    queryFn: () => fetchOrders(query),
    placeholderData: keepPreviousData,
  });
  const readAll = () =>
    readAllRows(async (from, to) => fetchOrders({ ...query, offset: from, limit: to - from + 1 }));
  return (
    <AdminPage
      title="Store orders"
      description="Every store order: search by order number, buyer or e-mail, open one to mark it paid, packed and shipped."
      actions={<ExportCsvButton what="orders" columns={ORDER_CSV_COLUMNS} readAll={readAll} />}
    >
      <DataTable
        caption="Store orders"
        columns={COLUMNS}
        rows={list.data?.rows}
        total={list.data?.total}
        getRowId={(row) => row.id}
        state={search}
        onStateChange={update}
        isError={list.isError}
        searchLabel="Search by order number, buyer or e-mail"
        toolbar={
          <>
            <FilterSelect
              label="State"
              options={STATE_FILTERS}
              value={query.state ?? ''}
              onChange={(filter) => update({ filter })}
            />
            <FilterSelect
              label="Paid by"
              options={PAY_FILTERS}
              value={query.pay ?? ''}
              // A new choice starts again at page 1, as a new search does.
              onChange={(pay) => update({ pay: pay || undefined, page: undefined } as Partial<OrderSearch>)}
            />
          </>
        }
        stackOnPhone
        emptyText={search.q || search.filter || query.pay ? 'No orders match this search.' : 'No orders yet.'}
      />
    </AdminPage>
  );
}
