/**
 * An admin's card refund (decision 0090): the database records the request (request_card_refund checks the
 * admin, the amount against what is left of that payment and the reason), then the stripe-refund Edge
 * Function makes it through Stripe with the admin's token. Its answer is a sentence for the admin.
 */
import { SUPABASE_ANON_KEY, SUPABASE_URL } from '../../../lib/supabase/config';
import { sharedClient, unwrap, type LoadClient } from '../../../lib/supabase/data';

/** POSTs to the stripe-refund function with the admin's token; null when it could not be reached. */
async function callStripeRefund(body: Record<string, unknown>, client: LoadClient): Promise<Response | null> {
  const token = (await (await client()).auth.getSession()).data.session?.access_token;
  try {
    return await fetch(`${SUPABASE_URL.replace(/\/+$/, '')}/functions/v1/stripe-refund`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token ?? ''}`,
        apikey: SUPABASE_ANON_KEY,
        'content-type': 'application/json',
      },
      body: JSON.stringify(body),
    });
  } catch {
    return null;
  }
}

/**
 * Makes every refund still waiting (after a departure is cancelled, decision 0090). Best effort: whatever
 * is left waiting, the scheduler's sweep makes.
 */
export async function makeWaitingRefunds(client: LoadClient = sharedClient): Promise<void> {
  await callStripeRefund({}, client);
}

export type RefundOutcome = { state: 'made' } | { state: 'failed' | 'waiting'; message: string };

/**
 * Asks the stripe-refund function to make one refund now (a booking's request or an order's refund) and
 * says how it went: made, refused in Stripe's words, or waiting for the scheduler's sweep.
 */
export async function makeRefundNow(
  refund: { request_id: string } | { order_refund_id: string },
  client: LoadClient,
): Promise<RefundOutcome> {
  const waiting = 'Stripe could not be reached. The refund will be tried again in a few minutes.';
  const response = await callStripeRefund(refund, client);
  if (!response) return { state: 'waiting', message: waiting };
  const body = (await response.json().catch(() => ({}))) as { state?: string; message?: string };
  if (response.ok && body.state === 'made') return { state: 'made' };
  if (body.state === 'failed')
    return { state: 'failed', message: body.message ?? 'Stripe refused the refund.' };
  return { state: 'waiting', message: body.message ?? waiting };
}

export async function refundCardPayment(
  paymentId: string,
  refund: { amountCents: number; reason: string },
  client: LoadClient = sharedClient,
): Promise<RefundOutcome> {
  const supabase = await client();
  const request = unwrap(
    await supabase.rpc('request_card_refund', {
      p_payment_id: paymentId,
      p_amount_cents: refund.amountCents,
      p_reason: refund.reason,
    }),
  );
  return makeRefundNow({ request_id: request.id }, client);
}
