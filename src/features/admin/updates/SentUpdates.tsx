import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { formatDateTime } from '../../../lib/format';
import type { CsvColumn } from '../table/csv';
import { DataTable } from '../table/DataTable';
import { ExportCsvButton } from '../table/ExportCsvButton';
import { readAllRows } from '../table/paging';
import { useListSearch } from '../table/useListSearch';
import type { ListSearch } from '../search';
import {
  listSentUpdates,
  SEGMENTS,
  SENT_SORTS,
  type SentQuery,
  type SentSort,
  type SentUpdate,
} from './updates.data';

const number = new Intl.NumberFormat('en-AU');
const segmentLabel = (segment: string) => SEGMENTS.find((s) => s.value === segment)?.label ?? segment;

const column = createColumnHelper<SentUpdate>();
// Column ids are the list's sort keys (columns of event_updates); the event's title does not sort.
const COLUMNS = [
  column.accessor('created_at', {
    id: 'created_at',
    header: 'Sent',
    cell: ({ getValue }) => (
      <time dateTime={getValue()} className="whitespace-nowrap">
        {formatDateTime(getValue())}
      </time>
    ),
  }),
  column.accessor((row) => row.events?.title ?? '', { id: 'event', header: 'Event', enableSorting: false }),
  column.accessor('title', { id: 'title', header: 'Title' }),
  column.accessor('segment', {
    id: 'segment',
    header: 'Sent to',
    cell: ({ getValue }) => segmentLabel(getValue()),
  }),
  column.accessor('in_app_count', {
    id: 'in_app_count',
    header: 'In-app',
    cell: ({ getValue }) => number.format(getValue()),
  }),
  column.accessor('email_count', {
    id: 'email_count',
    header: 'E-mail',
    cell: ({ getValue }) => number.format(getValue()),
  }),
];

/** The export: every update matching the search, dates as ISO so spreadsheets sort them. */
const CSV_COLUMNS: readonly CsvColumn<SentUpdate>[] = [
  { header: 'Sent', value: (row) => row.created_at },
  { header: 'Event', value: (row) => row.events?.title ?? '' },
  { header: 'Title', value: (row) => row.title },
  { header: 'Sent to', value: (row) => segmentLabel(row.segment) },
  { header: 'In-app', value: (row) => row.in_app_count },
  { header: 'E-mail', value: (row) => row.email_count },
];

/** The address's list state as the history's query (unknown sort keys fall back to newest first). */
export function sentQuery(search: ListSearch): SentQuery {
  const sort = (SENT_SORTS as readonly string[]).includes(search.sort ?? '')
    ? (search.sort as SentSort)
    : undefined;
  return { search: search.q, sort, dir: sort ? search.dir : undefined, page: search.page };
}

/**
 * The updates sent so far with how many each reached by channel: one page per request (newest first,
 * sortable, searchable by title, the state in the address), and 'Export CSV' of every matching update.
 */
export function SentUpdates() {
  const [search, update] = useListSearch();
  const query = sentQuery(search);
  const sent = useQuery({
    queryKey: ['admin', 'updates', 'sent', query],
    queryFn: () => listSentUpdates(query),
    placeholderData: keepPreviousData,
  });
  const readAll = () =>
    readAllRows((from, to) => listSentUpdates({ ...query, page: undefined, range: { from, to } }));
  return (
    <section aria-labelledby="sent-updates-heading" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="sent-updates-heading" className="text-lg font-semibold">
          Sent updates
        </h2>
        <ExportCsvButton what="event-updates" columns={CSV_COLUMNS} readAll={readAll} />
      </div>
      <DataTable
        caption="Sent updates"
        columns={COLUMNS}
        rows={sent.data?.rows}
        total={sent.data?.total}
        getRowId={(row) => row.id}
        state={search}
        onStateChange={update}
        isError={sent.isError}
        searchLabel="Search by title"
        emptyText={search.q ? 'No updates match this search.' : 'No updates sent yet.'}
      />
    </section>
  );
}
