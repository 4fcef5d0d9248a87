// /admin/manage-plan and /admin/manage-plan/$bookingId: the list reads through ONE security-definer RPC that
// refuses anyone but an admin (admin_schedule_attention); one booking is read with its embeds under the
// admin's row-level security; every change is one of the four schedule functions (move_installment,
// split_installment, merge_installments, waive_amount), which check the rules and refuse with the reason.
import type { Database } from '../../../lib/supabase/database.types';
import { sharedClient, unwrap, type LoadClient } from '../../../lib/supabase/data';
import type { ListSearch } from '../search';
import { pageOf, pageRange, type WithNulls } from '../table/paging';
import { attentionFilter, type ScheduleInstallment } from './schedules';

type AttentionRecord = Database['public']['Functions']['admin_schedule_attention']['Returns'][number];
/** One row of admin_schedule_attention(). */
export type AttentionRow = Omit<
  WithNulls<
    AttentionRecord,
    | 'member_name'
    | 'member_email'
    | 'overdue_since'
    | 'changed_at'
    | 'autopay_failed_at'
    | 'autopay_due_date'
    | 'autopay_failure'
    | 'autopay_paid_since'
  >,
  'total_count'
>;

export const attentionKey = (search: ListSearch) => ['admin', 'schedules', 'list', search] as const;
export const scheduleKey = (bookingId: string) => ['admin', 'schedules', 'booking', bookingId] as const;

/** The page of bookings needing attention that the address asks for. */
export async function fetchAttention(
  search: ListSearch,
  client: LoadClient = sharedClient,
): Promise<{ rows: AttentionRow[]; total: number }> {
  const { from, to } = pageRange(search.page ?? 1);
  const records = unwrap(
    await (
      await client()
    ).rpc('admin_schedule_attention', {
      search: search.q ?? '',
      filter: attentionFilter(search.filter),
      page_size: to - from + 1,
      page_offset: from,
    }),
  );
  const { rows, total } = pageOf(records, from);
  return { rows: rows as AttentionRow[], total: total ?? 0 };
}

export const SCHEDULE_SELECT = `id, invoice_number, status, total_cents, deposit_cents, currency, hold_expires_at, travellers,
  event:events(id, title, start_date), member:profiles(full_name),
  booking_installments(id, due_date, amount_cents, paid_at, created_at),
  schedule_changes(id, kind, summary, amount_cents, reason, changed_at)`;

export interface ScheduleChange {
  id: string;
  kind: string;
  summary: string;
  amount_cents: number | null;
  reason: string | null;
  changed_at: string;
}

export interface BookingSchedule {
  id: string;
  invoice_number: string;
  status: string;
  total_cents: number;
  currency: string;
  hold_expires_at: string | null;
  travellers: number;
  event: { id: string; title: string; start_date: string } | null;
  member: { full_name: string | null } | null;
  booking_installments: ScheduleInstallment[];
  schedule_changes: ScheduleChange[];
  paid_cents: number;
}

/** One booking's schedule, its changes and what it has paid, in two requests at once; null if unknown. */
export async function fetchBookingSchedule(
  bookingId: string,
  client: LoadClient = sharedClient,
): Promise<BookingSchedule | null> {
  const supabase = await client();
  const [booking, balance] = await Promise.all([
    supabase.from('bookings').select(SCHEDULE_SELECT).eq('id', bookingId).maybeSingle(),
    supabase.from('booking_balances').select('paid_cents').eq('booking_id', bookingId).maybeSingle(),
  ]);
  const row = unwrap(booking);
  const paid = unwrap(balance);
  if (!row) return null;
  return { ...row, paid_cents: paid?.paid_cents ?? 0 } as BookingSchedule;
}

/** Moves an unpaid instalment to another day (not after departure). */
export async function moveInstallment(
  installmentId: string,
  dueDate: string,
  client: LoadClient = sharedClient,
) {
  unwrap(
    await (await client()).rpc('move_installment', { p_installment_id: installmentId, p_due_date: dueDate }),
  );
}

/** Splits an unpaid instalment: `firstCents` keeps its day, the rest falls due on `secondDueDate`. */
export async function splitInstallment(
  installmentId: string,
  firstCents: number,
  secondDueDate: string,
  client: LoadClient = sharedClient,
) {
  unwrap(
    await (
      await client()
    ).rpc('split_installment', {
      p_installment_id: installmentId,
      p_first_cents: firstCents,
      p_second_due_date: secondDueDate,
    }),
  );
}

/** Merges two unpaid instalments next to each other into one, due on the earlier day. */
export async function mergeInstallments(
  firstId: string,
  secondId: string,
  client: LoadClient = sharedClient,
) {
  unwrap(await (await client()).rpc('merge_installments', { p_first_id: firstId, p_second_id: secondId }));
}

/** Waives part of what is left to pay, with a reason: the total goes down and a new invoice is issued. */
export async function waiveAmount(
  bookingId: string,
  amountCents: number,
  reason: string,
  client: LoadClient = sharedClient,
) {
  unwrap(
    await (
      await client()
    ).rpc('waive_amount', { p_booking_id: bookingId, p_amount_cents: amountCents, p_reason: reason }),
  );
}
