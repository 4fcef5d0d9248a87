import type Stripe from 'stripe';
import { rememberSession, type CheckoutOptions } from '../_shared/checkout.ts';
import { answer, paymentRefusal, preflight, siteFor } from '../_shared/http.ts';

/**
 * Starts a card payment (decision 0087). With `autopay_terms_version` (decision 0088) the member consents to
 * AutoPay first (public.turn_on_autopay) and the session saves the card for off-session charges on the
 * booking's Stripe Customer; purpose `autopay_card` saves a card only (a session in setup mode). A signed-in member POSTs `{ booking_id, purpose, amount_cents?,
 * return_to }`; the database prepares the payment as that member (public.prepare_card_payment computes the
 * amount from the ledger and refuses what they may not pay), then this makes a Stripe Checkout Session for
 * exactly that amount, stores its id on the attempt with the service role, and answers `{ url }` for the
 * browser to go to. Errors answer `{ message }` in words for the member. Web-standard Request/Response only,
 * so a unit test runs it in Node too.
 */

/** The pages a member starts a card payment from, and so may come back to. */
export const RETURN_PAGES = ['/manage-payment-plan', '/extra-payment', '/manage-booking'] as const;
const PURPOSES = ['deposit', 'instalment', 'balance', 'extra'] as const;
type Purpose = (typeof PURPOSES)[number];
/** Saving a card for AutoPay: no payment now, so no attempt. */
const SAVE_CARD = 'autopay_card';

const PURPOSE_NAMES: Record<Purpose, string> = {
  deposit: 'deposit',
  instalment: 'instalment',
  balance: 'balance',
  extra: 'payment',
};

/** Stripe's shortest Checkout Session: 30 minutes from its creation, plus a minute for clocks that differ. */
const SESSION_SECONDS = 31 * 60;
const NO_BOOKING = 'No such booking.';

interface Attempt {
  id: string;
  booking_id: string;
  purpose: Purpose;
  amount_cents: number;
  currency: string;
  /** The card surcharge the database set on the attempt (decision 0089): its own line, 0 for none. */
  surcharge_bps: number;
  surcharge_cents: number;
}

interface Ask {
  booking_id: string;
  purpose: Purpose | typeof SAVE_CARD;
  amount_cents: number | null;
  return_to: (typeof RETURN_PAGES)[number];
  /** The AutoPay terms version the member ticked (decision 0088); absent, no AutoPay. */
  autopay_terms_version: number | null;
}

/** The request's body, checked before anything is called; a string says what is wrong. */
function readAsk(body: unknown): Ask | string {
  if (typeof body !== 'object' || body === null) return 'Send the booking and what you are paying.';
  const { booking_id, purpose, amount_cents, return_to, autopay_terms_version } = body as Record<
    string,
    unknown
  >;
  if (typeof booking_id !== 'string' || !/^[0-9a-f-]{36}$/i.test(booking_id)) return NO_BOOKING;
  const autopay = autopay_terms_version ?? null;
  if (autopay !== null && !Number.isInteger(autopay)) return 'Tick the AutoPay terms again.';
  if (!PURPOSES.includes(purpose as Purpose) && !(purpose === SAVE_CARD && autopay !== null))
    return 'Pay the deposit, the next instalment, the balance or an extra amount.';
  if (amount_cents !== undefined && amount_cents !== null && !Number.isInteger(amount_cents))
    return 'An amount is a whole number of cents.';
  if (!RETURN_PAGES.includes(return_to as Ask['return_to'])) return 'Unknown page to come back to.';
  return {
    booking_id,
    purpose: purpose as Ask['purpose'],
    amount_cents: (amount_cents as number | null | undefined) ?? null,
    return_to: return_to as Ask['return_to'],
    autopay_terms_version: autopay as number | null,
  };
}

/** The surcharge as its own line, so the member sees it apart on Stripe's page and on the receipt. */
function surchargeLine(attempt: Attempt): Stripe.Checkout.SessionCreateParams.LineItem[] {
  if (!attempt.surcharge_cents) return [];
  const percent = `${(attempt.surcharge_bps / 100).toFixed(2).replace(/\.?0+$/, '')}%`;
  return [
    {
      quantity: 1,
      price_data: {
        currency: attempt.currency.toLowerCase(),
        unit_amount: attempt.surcharge_cents,
        product_data: { name: `Card surcharge (${percent}; bank transfer has none)` },
      },
    },
  ];
}

export async function handleStripeCheckout(request: Request, options: CheckoutOptions): Promise<Response> {
  if (request.method === 'OPTIONS') return preflight();
  if (request.method !== 'POST') return answer(405, { message: 'Use POST.' });
  if (!options.secretKey || !options.siteUrl)
    return answer(503, { message: 'Card payments are not set up yet. Please pay by bank transfer.' });
  const authorization = request.headers.get('authorization');
  if (!authorization) return answer(401, { message: 'Please sign in to pay by card.' });
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return answer(400, { message: 'Send the booking and what you are paying.' });
  }
  const ask = readAsk(body);
  if (typeof ask === 'string') return answer(400, { message: ask });
  const doFetch = options.fetch ?? fetch;
  const asMember = { apikey: options.anonKey, authorization, 'content-type': 'application/json' };

  // 0. AutoPay: the member's consent first (the database checks the booking and the terms' version), then
  // the booking's Stripe Customer, which the card is saved on.
  let customer: string | null = null;
  if (ask.autopay_terms_version !== null) {
    const consent = await doFetch(`${options.url}/rest/v1/rpc/turn_on_autopay`, {
      method: 'POST',
      headers: asMember,
      body: JSON.stringify({ p_booking_id: ask.booking_id, p_terms_version: ask.autopay_terms_version }),
    });
    if (!consent.ok)
      return paymentRefusal(consent, { notFound: NO_BOOKING, label: 'stripe-checkout: turn_on_autopay' });
    const enrolment = (await consent.json()) as { stripe_customer: string | null };
    try {
      customer =
        enrolment.stripe_customer ??
        (
          await options.stripe.customers.create(
            { metadata: { booking_id: ask.booking_id } },
            { idempotencyKey: `autopay-customer-${ask.booking_id}` },
          )
        ).id;
    } catch (error) {
      console.error(`stripe-checkout: no Stripe customer for ${ask.booking_id}: ${String(error)}`);
      return answer(502, { message: 'The card page could not be opened. Please try again shortly.' });
    }
  }
  if (ask.purpose === SAVE_CARD) return saveCardSession(request, options, ask, customer!);

  // 1. The database prepares the payment as the member: the amount is the ledger's, never the browser's.
  const purpose: Purpose = ask.purpose;
  const prepared = await doFetch(`${options.url}/rest/v1/rpc/prepare_card_payment`, {
    method: 'POST',
    headers: asMember,
    body: JSON.stringify({
      p_booking_id: ask.booking_id,
      p_purpose: purpose,
      p_amount_cents: ask.amount_cents,
    }),
  });
  if (!prepared.ok)
    return paymentRefusal(prepared, { notFound: NO_BOOKING, label: 'stripe-checkout: prepare_card_payment' });
  const attempt = (await prepared.json()) as Attempt;
  const trip = await doFetch(
    `${options.url}/rest/v1/bookings?id=eq.${attempt.booking_id}&select=invoice_number,event:events(title)`,
    { headers: { ...asMember, accept: 'application/vnd.pgrst.object+json' } },
  );
  const booking = trip.ok
    ? ((await trip.json()) as { invoice_number: string; event: { title: string } | null })
    : null;
  const title = booking?.event?.title ?? 'Your booking';

  // 2. The Checkout Session, once per attempt whatever retries happen (the idempotency key).
  const back = `${siteFor(request, options.siteUrl)}${ask.return_to}?booking=${attempt.booking_id}`;
  const metadata = { booking_id: attempt.booking_id, purpose: attempt.purpose, attempt_id: attempt.id };
  let session: Stripe.Checkout.Session;
  try {
    session = await options.stripe.checkout.sessions.create(
      {
        mode: 'payment',
        client_reference_id: attempt.booking_id,
        metadata,
        ...(customer ? { customer } : {}),
        payment_intent_data: {
          metadata,
          ...(booking ? { description: `Invoice ${booking.invoice_number}` } : {}),
          ...(customer ? { setup_future_usage: 'off_session' as const } : {}),
        },
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: attempt.currency.toLowerCase(),
              unit_amount: attempt.amount_cents,
              product_data: { name: `${title}: ${PURPOSE_NAMES[attempt.purpose]}` },
            },
          },
          ...surchargeLine(attempt),
        ],
        expires_at: Math.floor(Date.now() / 1000) + SESSION_SECONDS,
        success_url: `${back}&card=paid`,
        cancel_url: `${back}&card=cancelled`,
      },
      { idempotencyKey: `checkout-${attempt.id}` },
    );
  } catch (error) {
    console.error(`stripe-checkout: Stripe refused the session for ${attempt.id}: ${String(error)}`);
    return answer(502, { message: 'The card payment page could not be opened. Please try again shortly.' });
  }

  // 3. The attempt learns its session.
  await rememberSession(options, 'card_payment_attempts', attempt.id, session.id, 'stripe-checkout');
  return answer(200, { url: session.url });
}

/** A Checkout Session in setup mode that saves a card on the booking's Customer for AutoPay. */
async function saveCardSession(
  request: Request,
  options: CheckoutOptions,
  ask: Ask,
  customer: string,
): Promise<Response> {
  const back = `${siteFor(request, options.siteUrl!)}${ask.return_to}?booking=${ask.booking_id}`;
  const metadata = { booking_id: ask.booking_id, purpose: SAVE_CARD };
  try {
    const session = await options.stripe.checkout.sessions.create({
      mode: 'setup',
      customer,
      allowed_payment_method_types: ['card'],
      client_reference_id: ask.booking_id,
      metadata,
      setup_intent_data: { metadata },
      expires_at: Math.floor(Date.now() / 1000) + SESSION_SECONDS,
      success_url: `${back}&card=saved`,
      cancel_url: `${back}&card=cancelled`,
    });
    return answer(200, { url: session.url });
  } catch (error) {
    console.error(
      `stripe-checkout: Stripe refused the setup session for ${ask.booking_id}: ${String(error)}`,
    );
    return answer(502, { message: 'The card page could not be opened. Please try again shortly.' });
  }
}
