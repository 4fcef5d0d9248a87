import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { buttonClass } from '../../../components/ui/button-styles';
import { showErrorToast, showToast } from '../../../stores/toasts';
import type { ListSearch } from '../search';
import { DataTable } from '../table/DataTable';
import { ExportCsvButton } from '../table/ExportCsvButton';
import { pageRange, readAllRows } from '../table/paging';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import {
  EnquiryGoneError,
  fetchEnquiries,
  fetchEnquiryEvents,
  removeEnquiry,
  setEnquiryDone,
  type AnyEnquiryRow,
  type EnquiryKind,
  type EnquiryQuery,
} from './enquiries.data';
import { OfferActions } from './OfferActions';
import { doneAt, enquiryColumns, enquiryCsvColumns } from './enquiry-columns';
import { KIND_LABELS } from './enquiry-labels';
import type { EnquirySearch } from './enquiry-search';
import { ReplyDialog } from './ReplyDialog';

const selectClass = 'border-border bg-background h-10 rounded-md border px-3';

/** A changed row or a failed change: the toast says which. */
function failed(error: unknown) {
  if (error instanceof EnquiryGoneError)
    showToast({ title: 'Not changed', description: error.message, variant: 'destructive' });
  else showErrorToast();
}

/**
 * One list of the screen (waitlist, interest or contact messages): the server's page in the model table,
 * the trip and status filters, CSV of everything that matches, and per row: mark answered, reply, remove.
 */
export function EnquiryList({
  kind,
  search,
  update,
}: {
  kind: EnquiryKind;
  search: EnquirySearch;
  update: (next: Partial<EnquirySearch>) => void;
}) {
  const labels = KIND_LABELS[kind];
  const queryClient = useQueryClient();
  // The reply dialog stays mounted once opened and is closed, never unmounted while open: the page's
  // toasts live inside the open modal (src/components/site/toaster.ts) and would go with it.
  const [reply, setReply] = useState<{ row: AnyEnquiryRow; open: boolean; key: number }>();
  const [removing, setRemoving] = useState<AnyEnquiryRow>();
  const query: EnquiryQuery = {
    event: search.event,
    q: search.q,
    show: search.show,
    sort: search.sort,
    dir: search.dir,
  };
  const page = search.page ?? 1;
  const { from, to } = pageRange(page);
  const list = useQuery({
    queryKey: ['admin', 'enquiries', kind, query, page],
    queryFn: () => fetchEnquiries(kind, query, from, to),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin', 'enquiries'] });

  async function toggleDone(row: AnyEnquiryRow) {
    const done = !doneAt(kind, row);
    try {
      await setEnquiryDone(kind, row.id, done);
      showToast({
        title: done ? labels.doneToast : 'Marked open again',
        description: `${row.full_name} (${row.email}) is ${done ? labels.done.toLowerCase() : 'open'}.`,
        variant: 'success',
      });
      await refresh();
    } catch (error) {
      failed(error);
    }
  }

  async function remove(row: AnyEnquiryRow) {
    try {
      await removeEnquiry(kind, row.id);
      showToast({
        title: 'Removed',
        description: `${row.full_name}'s ${labels.noun} was removed.`,
        variant: 'success',
      });
      setRemoving(undefined);
      await refresh();
    } catch (error) {
      failed(error);
    }
  }

  const columns = enquiryColumns(kind, (row) => (
    <div className="flex gap-1 whitespace-nowrap">
      <button type="button" className={buttonClass('outline', 'sm')} onClick={() => void toggleDone(row)}>
        {doneAt(kind, row) ? labels.markOpen : labels.markDone}
      </button>
      <button
        type="button"
        className={buttonClass('outline', 'sm')}
        onClick={() => setReply({ row, open: true, key: (reply?.key ?? 0) + 1 })}
      >
        Reply
      </button>
      {'offer_id' in row && <OfferActions row={row} onChanged={() => void refresh()} />}
      <button type="button" className={buttonClass('ghost', 'sm')} onClick={() => setRemoving(row)}>
        Remove
      </button>
    </div>
  ));

  return (
    <>
      <DataTable
        caption={labels.caption}
        columns={columns}
        rows={list.data?.rows}
        total={list.data ? (list.data.total ?? 0) : undefined}
        getRowId={(row) => row.id}
        state={search}
        onStateChange={update as (next: Partial<ListSearch>) => void}
        isError={list.isError}
        searchLabel="Search name, e-mail, phone or text"
        emptyText={labels.empty}
        toolbar={
          <>
            {kind !== 'contact' && (
              <TripFilter
                kind={kind}
                value={search.event}
                onChange={(event) => update({ event, page: undefined })}
              />
            )}
            <ShowFilter
              kind={kind}
              value={search.show}
              onChange={(show) => update({ show, page: undefined })}
            />
            <ExportCsvButton
              what={labels.csv}
              columns={enquiryCsvColumns(kind)}
              readAll={() =>
                readAllRows(async (batchFrom, batchTo) => {
                  const batch = await fetchEnquiries(kind, query, batchFrom, batchTo);
                  return { rows: batch.rows as AnyEnquiryRow[], total: batch.total };
                })
              }
            />
          </>
        }
      />
      {reply && (
        <ReplyDialog
          key={reply.key}
          open={reply.open}
          kind={kind}
          row={reply.row}
          onClose={() => setReply({ ...reply, open: false })}
          onSent={() => {
            setReply({ ...reply, open: false });
            void refresh();
          }}
        />
      )}
      <ConfirmDialog
        open={removing !== undefined}
        title={`Remove this ${labels.noun}?`}
        message={
          removing
            ? `${removing.full_name} (${removing.email}) will be removed from the ${labels.caption.toLowerCase()}` +
              `${'event_name' in removing ? ` of ${removing.event_name}` : ''}. This cannot be undone.`
            : ''
        }
        confirmLabel="Remove"
        onConfirm={() => (removing ? remove(removing) : Promise.resolve())}
        onClose={() => setRemoving(undefined)}
      />
    </>
  );
}

function TripFilter({
  kind,
  value,
  onChange,
}: {
  kind: 'waitlist' | 'interest';
  value: string | undefined;
  onChange: (event: string | undefined) => void;
}) {
  const id = useId();
  const events = useQuery({
    queryKey: ['admin', 'enquiries', 'events', kind],
    queryFn: () => fetchEnquiryEvents(kind),
  });
  const known = events.data?.some((event) => event.event_name === value);
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        Trip
      </label>
      <select
        id={id}
        className={selectClass}
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value || undefined)}
      >
        <option value="">All trips</option>
        {value && !known && <option value={value}>{value}</option>}
        {events.data?.map((event) => (
          <option key={event.event_name} value={event.event_name}>
            {event.event_name} ({event.entries}, {event.open_entries} open)
          </option>
        ))}
      </select>
    </div>
  );
}

function ShowFilter({
  kind,
  value,
  onChange,
}: {
  kind: EnquiryKind;
  value: 'open' | 'done' | undefined;
  onChange: (show: 'open' | 'done' | undefined) => void;
}) {
  const id = useId();
  const labels = KIND_LABELS[kind];
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        Show
      </label>
      <select
        id={id}
        className={selectClass}
        value={value ?? ''}
        onChange={(event) => onChange((event.target.value || undefined) as 'open' | 'done' | undefined)}
      >
        <option value="">All</option>
        <option value="open">{labels.open}</option>
        <option value="done">{labels.done}</option>
      </select>
    </div>
  );
}
