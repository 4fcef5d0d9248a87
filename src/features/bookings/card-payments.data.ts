/**
 * Card payments through Stripe Checkout (decision 0087). Whether the company takes cards is the database's
 * answer (public.payment_options(), with the bank details and the surcharge: decision 0089), so one build
 * serves a company with or without Stripe. Starting a payment asks the stripe-checkout Edge Function
 * with the member's own token; it answers the Checkout page's address, or a refusal in words.
 */
import { SUPABASE_ANON_KEY, SUPABASE_URL } from '../../lib/supabase/config';
import { sharedClient, unwrap, type LoadClient } from '../../lib/supabase/data';

/** What a card is for: a payment now, or (autopay_card) saving a card for AutoPay only (decision 0088). */
export type CardPurpose = 'deposit' | 'instalment' | 'balance' | 'extra' | 'autopay_card';
/** The pages Checkout may send the member back to (the function accepts only these). */
export type CardReturnPage = '/manage-booking' | '/manage-payment-plan' | '/extra-payment';

/** A refusal the member can read (the function's own words), or a failure to reach it. */
export class CardPaymentError extends Error {}

export interface CardPaymentAsk {
  bookingId: string;
  purpose: CardPurpose;
  /** Only for an extra payment: the amount the member chose, in cents. */
  amountCents?: number;
  returnTo: CardReturnPage;
  /** The AutoPay terms version the member ticked (decision 0088): the card is then saved for AutoPay. */
  autopayTermsVersion?: number;
}

/** The Checkout page's address for this payment; throws CardPaymentError with a sentence otherwise. */
export async function startCardPayment(
  ask: CardPaymentAsk,
  client: LoadClient = sharedClient,
): Promise<string> {
  const supabase = await client();
  const token = (await supabase.auth.getSession()).data.session?.access_token;
  if (!token) throw new CardPaymentError('Please sign in again to pay by card.');
  let response: Response;
  try {
    response = await fetch(`${SUPABASE_URL.replace(/\/+$/, '')}/functions/v1/stripe-checkout`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        apikey: SUPABASE_ANON_KEY,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        booking_id: ask.bookingId,
        purpose: ask.purpose,
        amount_cents: ask.amountCents ?? null,
        return_to: ask.returnTo,
        ...(ask.autopayTermsVersion ? { autopay_terms_version: ask.autopayTermsVersion } : {}),
      }),
    });
  } catch {
    throw new CardPaymentError('We could not reach the card payment service. Please check your connection.');
  }
  const body = (await response.json().catch(() => ({}))) as { url?: string; message?: string };
  if (response.ok && body.url) return body.url;
  throw new CardPaymentError(body.message ?? 'Your card payment could not be started. Please try again.');
}

/** The state of the member's latest card payment on a booking (null: none), as the webhook left it. */
export async function fetchLatestCardPayment(
  bookingId: string,
  client: LoadClient = sharedClient,
): Promise<'open' | 'paid' | 'expired' | null> {
  const supabase = await client();
  const rows = unwrap(
    await supabase
      .from('card_payment_attempts')
      .select('state')
      .eq('booking_id', bookingId)
      .order('created_at', { ascending: false })
      .limit(1),
  );
  const state = rows[0]?.state;
  return state === 'open' || state === 'paid' || state === 'expired' ? state : null;
}
