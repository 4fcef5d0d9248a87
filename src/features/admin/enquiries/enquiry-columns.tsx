import { formatDateTime } from '../../../lib/format/dates';
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import type { CsvColumn } from '../table/csv';
import { DONE_COLUMN, type AnyEnquiryRow, type EnquiryKind } from './enquiries.data';
import { KIND_LABELS } from './enquiry-labels';
import { offerSummary } from './waitlist-offers';

/** When the enquiry was marked answered, or null while it is open. */
export function doneAt(kind: EnquiryKind, row: AnyEnquiryRow): string | null {
  if (DONE_COLUMN[kind] === 'contacted_at') return 'contacted_at' in row ? row.contacted_at : null;
  return 'handled_at' in row ? row.handled_at : null;
}

// The fields only some lists have, read where the row has them (`in` narrows the row to those lists' rows):
// the trip (waitlist, interest), the place in the queue and the notes (waitlist), the message (interest,
// contact), the consent to trip news (waitlist, interest).
const tripOf = (row: AnyEnquiryRow) => ('event_name' in row ? row.event_name : undefined);
const positionOf = (row: AnyEnquiryRow) => ('position' in row ? row.position : undefined);
const notesOf = (row: AnyEnquiryRow) => ('notes' in row ? row.notes : null);
const messageOf = (row: AnyEnquiryRow) => ('message' in row ? row.message : null);
const consentOf = (row: AnyEnquiryRow) => 'marketing_consent' in row && row.marketing_consent;
const offerOf = (row: AnyEnquiryRow) => ('offer_id' in row ? offerSummary(row) : null);

/** A waitlist entry's latest offer of places: its state, then what and until when. */
function Offer({ row }: { row: AnyEnquiryRow }) {
  const offer = offerOf(row);
  if (!offer) return <span className="text-muted-foreground">None</span>;
  return (
    <span>
      {offer.state}
      <span className="text-muted-foreground block text-xs">{offer.detail}</span>
    </span>
  );
}

/** Long free text stays readable in a table cell: kept to a few lines, all of it in the title. */
function LongText({ text }: { text: string | null }) {
  if (!text) return <span className="text-muted-foreground">—</span>;
  return (
    <p className="line-clamp-3 max-w-xs whitespace-pre-line" title={text}>
      {text}
    </p>
  );
}

function Status({ kind, row }: { kind: EnquiryKind; row: AnyEnquiryRow }) {
  const at = doneAt(kind, row);
  const labels = KIND_LABELS[kind];
  return at ? (
    <span>
      {labels.done}
      <span className="text-muted-foreground block text-xs">{formatDateTime(at)}</span>
    </span>
  ) : (
    <span className="font-semibold">{labels.open}</span>
  );
}

type Column = ColumnDef<AnyEnquiryRow, unknown>;
const column = createColumnHelper<AnyEnquiryRow>();
// A sortable column needs an accessor (TanStack sorts only columns that read a value); the server sorts, by id.
const text = (
  id: string,
  header: string,
  value: (row: AnyEnquiryRow) => ReactNode,
  sortable = true,
): Column =>
  sortable
    ? column.accessor((row): unknown => value(row), { id, header, cell: ({ row }) => value(row.original) })
    : column.display({ id, header, cell: ({ row }) => value(row.original) });

/** The table's columns for one list; ids are the readers' sort keys. `actions` renders a row's buttons. */
export function enquiryColumns(kind: EnquiryKind, actions: (row: AnyEnquiryRow) => ReactNode): Column[] {
  const person = [
    text('full_name', 'Name', (row) => row.full_name),
    text('email', 'E-mail', (row) => (
      <a className="text-primary underline-offset-2 hover:underline" href={`mailto:${row.email}`}>
        {row.email}
      </a>
    )),
    text('phone', 'Phone', (row) => row.phone ?? '—', false),
  ];
  const date = text('created_at', kind === 'waitlist' ? 'Joined' : 'Received', (row) =>
    formatDateTime(row.created_at),
  );
  const trip = text('event_name', 'Trip', tripOf);
  const status = text(DONE_COLUMN[kind], 'Status', (row) => <Status kind={kind} row={row} />);
  const buttons = text('actions', 'Actions', actions, false);
  if (kind === 'waitlist')
    return [
      text('position', 'Position', positionOf, false),
      trip,
      date,
      ...person,
      text('notes', 'Notes', (row) => <LongText text={notesOf(row)} />, false),
      text('offer', 'Offer', (row) => <Offer row={row} />, false),
      status,
      buttons,
    ];
  const message = text('message', 'Message', (row) => <LongText text={messageOf(row)} />, false);
  return kind === 'interest'
    ? [date, trip, ...person, message, status, buttons]
    : [date, ...person, message, status, buttons];
}

/** The CSV's columns for one list: everything the table shows, with times in ISO form. */
export function enquiryCsvColumns(kind: EnquiryKind): CsvColumn<AnyEnquiryRow>[] {
  const person: CsvColumn<AnyEnquiryRow>[] = [
    { header: 'Name', value: (row) => row.full_name },
    { header: 'E-mail', value: (row) => row.email },
    { header: 'Phone', value: (row) => row.phone },
  ];
  const received = {
    header: kind === 'waitlist' ? 'Joined' : 'Received',
    value: (row: AnyEnquiryRow) => row.created_at,
  };
  const trip = { header: 'Trip', value: tripOf };
  const consent = {
    header: 'Trip news by e-mail',
    value: (row: AnyEnquiryRow) => (consentOf(row) ? 'yes' : 'no'),
  };
  const done = { header: KIND_LABELS[kind].done, value: (row: AnyEnquiryRow) => doneAt(kind, row) };
  if (kind === 'waitlist')
    return [
      { header: 'Position', value: positionOf },
      trip,
      received,
      ...person,
      { header: 'Notes', value: notesOf },
      consent,
      { header: 'Offer', value: (row) => offerOf(row)?.state ?? null },
      { header: 'Offer detail', value: (row) => offerOf(row)?.detail ?? null },
      done,
    ];
  const message = { header: 'Message', value: messageOf };
  return kind === 'interest'
    ? [received, trip, ...person, message, consent, done]
    : [received, ...person, message, done];
}
