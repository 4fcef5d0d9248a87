import type Stripe from 'stripe';

/**
 * Charges AutoPay's due instalments (decision 0088). The daily job (private.run_autopay) makes one attempt
 * per due instalment and wakes this function through pg_net with the service role. It asks the database for
 * the attempts not yet sent (public.autopay_charges_to_make), creates each off-session PaymentIntent with
 * the saved card and the idempotency key `autopay-<attempt id>` (a retry of the same attempt makes no second
 * charge; a new attempt is a new key), and reports what Stripe answered (public.report_autopay_charge), as
 * the webhook will too: whichever arrives first settles the attempt. A decline or a bank asking for
 * authentication fails the attempt (the database e-mails the member); Stripe unreachable leaves it for the
 * next wake. Web-standard Request/Response only, so a unit test runs it in Node too.
 */
export interface AutopayOptions {
  stripe: Stripe;
  /** STRIPE_SECRET_KEY: unset, cards are not set up and nothing is called. */
  secretKey: string | undefined;
  /** The project's API origin (SUPABASE_URL), no trailing slash. */
  url: string;
  serviceRoleKey: string;
  fetch?: typeof fetch;
}

interface Charge {
  attempt_id: string;
  booking_id: string;
  installment_id: string | null;
  amount_cents: number;
  currency: string;
  stripe_customer: string;
  stripe_payment_method: string;
}

function answer(status: number, body: Record<string, unknown>): Response {
  return Response.json(body, { status, headers: { 'cache-control': 'no-store' } });
}

/** Stripe's answer for an attempt, as the PaymentIntent to report, or null when it should be tried later. */
export function outcomeOf(error: unknown): Record<string, unknown> | null {
  const failure = error as Partial<Stripe.errors.StripeError> & { raw?: { payment_intent?: unknown } };
  const intent = failure.payment_intent ?? failure.raw?.payment_intent;
  if (failure.type === 'StripeCardError' && intent) return intent as unknown as Record<string, unknown>;
  // Refused outright (a card detached or missing, a bad request): the attempt fails, in words.
  if (failure.type === 'StripeCardError' || failure.type === 'StripeInvalidRequestError') {
    return {
      status: 'requires_payment_method',
      last_payment_error: {
        code: typeof failure.code === 'string' ? failure.code : 'charge_failed',
        message: 'your saved card could not be charged',
      },
    };
  }
  // Stripe unreachable, rate-limited or failing: nothing was charged; the next wake tries the same key.
  return null;
}

export async function handleStripeAutopay(request: Request, options: AutopayOptions): Promise<Response> {
  if (request.method !== 'POST') return answer(405, { message: 'Use POST.' });
  if (request.headers.get('authorization') !== `Bearer ${options.serviceRoleKey}`) {
    return answer(401, { message: 'Only the scheduler calls this.' });
  }
  if (!options.secretKey) return answer(503, { message: 'Card payments are not set up.' });
  const doFetch = options.fetch ?? fetch;
  const asService = {
    apikey: options.serviceRoleKey,
    authorization: `Bearer ${options.serviceRoleKey}`,
    'content-type': 'application/json',
  };
  const due = await doFetch(`${options.url}/rest/v1/rpc/autopay_charges_to_make`, {
    method: 'POST',
    headers: asService,
    body: '{}',
  });
  if (!due.ok) {
    console.error(`stripe-autopay: autopay_charges_to_make failed: HTTP ${due.status} ${await due.text()}`);
    return answer(502, { message: 'The database could not list the charges.' });
  }
  const charges = (await due.json()) as Charge[];
  const counts = { succeeded: 0, failed: 0, later: 0 };
  for (const charge of charges) {
    let intent: Record<string, unknown> | null;
    try {
      intent = (await options.stripe.paymentIntents.create(
        {
          amount: charge.amount_cents,
          currency: charge.currency.toLowerCase(),
          customer: charge.stripe_customer,
          payment_method: charge.stripe_payment_method,
          off_session: true,
          confirm: true,
          description: 'AutoPay instalment',
          metadata: {
            booking_id: charge.booking_id,
            purpose: 'autopay',
            autopay_attempt_id: charge.attempt_id,
            ...(charge.installment_id ? { installment_id: charge.installment_id } : {}),
          },
        },
        { idempotencyKey: `autopay-${charge.attempt_id}` },
      )) as unknown as Record<string, unknown>;
    } catch (error) {
      intent = outcomeOf(error);
      if (!intent) {
        console.error(`stripe-autopay: attempt ${charge.attempt_id} left for later: ${String(error)}`);
        counts.later += 1;
        continue;
      }
    }
    const reported = await doFetch(`${options.url}/rest/v1/rpc/report_autopay_charge`, {
      method: 'POST',
      headers: asService,
      body: JSON.stringify({ p_attempt_id: charge.attempt_id, p_intent: intent }),
    });
    if (!reported.ok) {
      // The webhook reports the same outcome: the attempt settles when it arrives.
      console.error(`stripe-autopay: attempt ${charge.attempt_id} not reported: HTTP ${reported.status}`);
    }
    if (intent['status'] === 'succeeded') counts.succeeded += 1;
    else counts.failed += 1;
  }
  return answer(200, counts);
}
