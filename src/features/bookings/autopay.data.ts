/**
 * AutoPay on the payment plan page (decision 0088): the booking's enrolment and its latest charge, read as
 * the member (RLS: their own bookings), and turning it on (with a saved card) or off through the database's
 * own functions, which check the booking is theirs.
 */
import { sharedClient, unwrap, type LoadClient } from '../../lib/supabase/data';

export interface AutopayStatus {
  state: 'awaiting_card' | 'active' | 'off';
  hasCard: boolean;
  /** The latest charge that did not go through, when it is the latest charge at all. */
  lastFailure: { dueDate: string; amountCents: number; reason: string | null } | null;
}

export const autopayKey = (bookingId: string) => ['autopay', bookingId] as const;

export async function fetchAutopay(
  bookingId: string,
  client: LoadClient = sharedClient,
): Promise<AutopayStatus | null> {
  const supabase = await client();
  const [enrolments, attempts] = await Promise.all([
    supabase.from('autopay_enrolments').select('state, stripe_payment_method').eq('booking_id', bookingId),
    supabase
      .from('autopay_attempts')
      .select('state, due_date, amount_cents, failure_message')
      .eq('booking_id', bookingId)
      .order('created_at', { ascending: false })
      .limit(1),
  ]);
  const enrolment = unwrap(enrolments)[0];
  if (!enrolment) return null;
  const latest = unwrap(attempts)[0];
  return {
    state: enrolment.state as AutopayStatus['state'],
    hasCard: Boolean(enrolment.stripe_payment_method),
    lastFailure:
      latest?.state === 'failed'
        ? { dueDate: latest.due_date, amountCents: latest.amount_cents, reason: latest.failure_message }
        : null,
  };
}

export async function turnAutopayOn(
  bookingId: string,
  termsVersion: number,
  client: LoadClient = sharedClient,
): Promise<void> {
  const supabase = await client();
  unwrap(await supabase.rpc('turn_on_autopay', { p_booking_id: bookingId, p_terms_version: termsVersion }));
}

export async function turnAutopayOff(bookingId: string, client: LoadClient = sharedClient): Promise<void> {
  const supabase = await client();
  unwrap(await supabase.rpc('turn_off_autopay', { p_booking_id: bookingId }));
}
