// /admin/bookings' calls to Supabase (decision 0074). The list, a booking's figures and its history are one
// RPC each (admin only, security definer); the booking itself is one read that row-level security allows
// admins; every change is a function that checks its rules in the database. Failures are DataErrors.
import type { Database } from '../../../lib/supabase/database.types';
import { DataError, sharedClient, unwrap, type LoadClient } from '../../../lib/supabase/data';
import type { AuditRow } from '../team/audit';
import { PAGE_SIZE, pageOf, type WithNulls } from '../table/paging';

type Functions = Database['public']['Functions'];
type Tables = Database['public']['Tables'];
type BookingsRecord = Functions['admin_bookings']['Returns'][number];

export type BookingState = 'held' | 'expired' | 'confirmed' | 'cancelled' | 'completed';
/** The list's sort keys, as admin_bookings() takes them. */
export const BOOKING_SORTS = [
  'invoice',
  'member',
  'event',
  'travellers',
  'total',
  'paid',
  'left',
  'status',
  'created',
] as const;
export type BookingSort = (typeof BOOKING_SORTS)[number];

export type BookingRow = Omit<
  WithNulls<BookingsRecord, 'member_name' | 'member_email' | 'bank_reference'>,
  'total_count' | 'state'
> & { state: BookingState };

export interface BookingsQuery {
  search?: string | undefined;
  sort?: BookingSort | undefined;
  dir?: 'asc' | 'desc' | undefined;
  /** One state; every booking when empty. */
  state?: string | undefined;
  /** One departure's id; every departure when absent. */
  event?: string | undefined;
  limit?: number;
  offset?: number;
}

export const bookingsKey = (query: BookingsQuery) => ['admin', 'bookings', 'list', query] as const;
export const bookingKey = (id: string) => ['admin', 'bookings', 'record', id] as const;
export const bookingEventsKey = ['admin', 'bookings', 'events'] as const;

/** One page of bookings and how many match, in one request. */
export async function fetchBookings(
  query: BookingsQuery,
  client: LoadClient = sharedClient,
): Promise<{ rows: BookingRow[]; total: number }> {
  const offset = query.offset ?? 0;
  const records = unwrap(
    await (
      await client()
    ).rpc('admin_bookings', {
      search: query.search ?? '',
      filter: query.state ?? '',
      ...(query.event ? { event: query.event } : {}),
      sort: query.sort ?? 'created',
      direction: query.dir ?? 'desc',
      page_size: query.limit ?? PAGE_SIZE,
      page_offset: offset,
    }),
  );
  const page = pageOf(records, offset);
  return {
    rows: page.rows.map((row) => ({ ...row, state: row.state as BookingState })),
    total: page.total ?? 0,
  };
}

export interface EventChoice {
  id: string;
  title: string;
  start_date: string;
}

/** The departures for the list's event filter, the latest first. */
export async function fetchBookingEvents(client: LoadClient = sharedClient): Promise<EventChoice[]> {
  return unwrap(
    await (
      await client()
    )
      .from('events')
      .select('id, title, start_date')
      .order('start_date', { ascending: false })
      .limit(500),
  );
}

type Traveller = Tables['travellers']['Row'];
type Instalment = Tables['booking_installments']['Row'];
/** Who recorded a bank refund or asked for a card refund (decision 0096): the admin's name. */
type Staff = { full_name: string | null } | null;
/** A payment with its refunds and the card refunds asked for on it (decisions 0090, 0096), with who did them. */
export type BookingPayment = Tables['payments']['Row'] & {
  payment_refunds: (Tables['payment_refunds']['Row'] & { recorder: Staff })[];
  card_refund_requests: (Tables['card_refund_requests']['Row'] & { requester: Staff })[];
};
type Payment = BookingPayment;

/** One booking as the screen shows it: the row, its departure, travellers, schedule, payments and settlement. */
export interface BookingRecord {
  booking: Tables['bookings']['Row'];
  event: Pick<Tables['events']['Row'], 'id' | 'title' | 'start_date' | 'end_date' | 'location'>;
  member: { name: string | null; email: string | null };
  paid_cents: number;
  left_cents: number;
  state: BookingState;
  travellers: Traveller[];
  instalments: Instalment[];
  payments: Payment[];
  cancellation: Tables['booking_cancellations']['Row'] | null;
  places_left: number | null;
}

const RECORD_SELECT =
  '*, events(id, title, start_date, end_date, location), booking_travellers(travellers(*)), ' +
  'booking_installments(*), payments(*, payment_refunds(*, recorder:profiles(full_name)), ' +
  'card_refund_requests(*, requester:profiles(full_name))), booking_cancellations(*)';

/** One booking's whole record, or null when no booking has that id. */
export async function fetchBooking(
  id: string,
  client: LoadClient = sharedClient,
): Promise<BookingRecord | null> {
  const supabase = await client();
  const [row, figures] = await Promise.all([
    supabase.from('bookings').select(RECORD_SELECT).eq('id', id).maybeSingle(),
    supabase.rpc('admin_booking', { p_booking_id: id }).maybeSingle(),
  ]);
  const data = unwrap(row);
  const sums = unwrap(figures);
  if (!data || !sums) return null;
  const { events, booking_travellers, booking_installments, payments, booking_cancellations, ...booking } =
    data as unknown as Tables['bookings']['Row'] & {
      events: BookingRecord['event'];
      booking_travellers: { travellers: Traveller | null }[];
      booking_installments: Instalment[];
      payments: Payment[];
      booking_cancellations: BookingRecord['cancellation'] | BookingRecord['cancellation'][];
    };
  const availability = unwrap(
    await supabase.rpc('departure_availability', { event_ids: [booking.event_id] }),
  );
  const cancellation = Array.isArray(booking_cancellations)
    ? (booking_cancellations[0] ?? null)
    : booking_cancellations;
  return {
    booking,
    event: events,
    member: { name: sums.member_name as string | null, email: sums.member_email as string | null },
    paid_cents: sums.paid_cents,
    left_cents: sums.left_cents,
    state: sums.state as BookingState,
    travellers: booking_travellers.flatMap((link) => (link.travellers ? [link.travellers] : [])),
    instalments: [...booking_installments].sort(
      (a, b) => a.due_date.localeCompare(b.due_date) || a.created_at.localeCompare(b.created_at),
    ),
    payments: [...payments].sort(
      (a, b) => a.received_on.localeCompare(b.received_on) || a.created_at.localeCompare(b.created_at),
    ),
    cancellation,
    places_left: availability[0]?.places_left ?? null,
  };
}

export const bookingHistoryKey = (id: string) => ['admin', 'bookings', 'history', id] as const;

/** The audit log's rows of the booking, its instalments, payments, cancellation and credit, newest first. */
export async function fetchBookingHistory(
  id: string,
  client: LoadClient = sharedClient,
): Promise<AuditRow[]> {
  const rows = unwrap(await (await client()).rpc('admin_booking_history', { p_booking_id: id }));
  // Typed by the function's columns, narrowed as the audit screen narrows the log's rows.
  return rows as AuditRow[];
}

export type PreviewRow = Functions['preview_payment']['Returns'][number];

/** Which instalments `amountCents` would pay, without recording it (refused as record_payment would be). */
export async function previewPayment(
  bookingId: string,
  amountCents: number,
  client: LoadClient = sharedClient,
): Promise<PreviewRow[]> {
  return unwrap(
    await (await client()).rpc('preview_payment', { p_booking_id: bookingId, p_amount_cents: amountCents }),
  );
}

/** Records a bank transfer (record_payment). */
export async function recordPayment(
  bookingId: string,
  payment: { amountCents: number; receivedOn: string; reference: string },
  client: LoadClient = sharedClient,
): Promise<void> {
  unwrap(
    await (
      await client()
    ).rpc('record_payment', {
      p_booking_id: bookingId,
      p_amount_cents: payment.amountCents,
      p_received_on: payment.receivedOn,
      p_reference: payment.reference,
    }),
  );
}

/** Cancels the booking, refunding and crediting what the admin decided (cancel_booking). */
export async function cancelBooking(
  bookingId: string,
  settlement: { refundCents: number; creditCents: number; reason: string },
  client: LoadClient = sharedClient,
): Promise<void> {
  const row = unwrap(
    await (
      await client()
    ).rpc('cancel_booking', {
      p_booking_id: bookingId,
      p_refund_cents: settlement.refundCents,
      p_credit_cents: settlement.creditCents,
      p_reason: settlement.reason,
    }),
  );
  if (!row) throw new DataError('This booking could not be cancelled.');
}

export type BookingEmail = 'confirmation' | 'invoice';

/** Queues the booking's confirmation or invoice e-mail to its member again. */
export async function resendBookingEmail(
  bookingId: string,
  kind: BookingEmail,
  client: LoadClient = sharedClient,
): Promise<void> {
  unwrap(await (await client()).rpc('resend_booking_email', { p_booking_id: bookingId, p_kind: kind }));
}
