/**
 * An admin's card refund (decision 0090): the database records the request (request_card_refund checks the
 * admin, the amount against what is left of that payment and the reason), then the stripe-refund Edge
 * Function makes it through Stripe with the admin's token. Its answer is a sentence for the admin.
 */
import { SUPABASE_ANON_KEY, SUPABASE_URL } from '../../../lib/supabase/config';
import { sharedClient, unwrap, type LoadClient } from '../../../lib/supabase/data';

export type RefundOutcome = { state: 'made' } | { state: 'failed' | 'waiting'; message: string };

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
  const token = (await supabase.auth.getSession()).data.session?.access_token;
  const waiting = 'Stripe could not be reached. The refund will be tried again in a few minutes.';
  let response: Response;
  try {
    response = await fetch(`${SUPABASE_URL.replace(/\/+$/, '')}/functions/v1/stripe-refund`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token ?? ''}`,
        apikey: SUPABASE_ANON_KEY,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ request_id: request.id }),
    });
  } catch {
    return { state: 'waiting', message: waiting };
  }
  const body = (await response.json().catch(() => ({}))) as { state?: string; message?: string };
  if (response.ok && body.state === 'made') return { state: 'made' };
  if (body.state === 'failed')
    return { state: 'failed', message: body.message ?? 'Stripe refused the refund.' };
  return { state: 'waiting', message: body.message ?? waiting };
}
