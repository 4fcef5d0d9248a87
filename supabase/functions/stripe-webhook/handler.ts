import Stripe from 'stripe';

/**
 * Stripe's webhook (decision 0085). Stripe POSTs each event with `Stripe-Signature` over the raw body; this
 * checks it with the endpoint's secret (Web Crypto, `constructEventAsync`: Deno has no synchronous HMAC) and
 * hands the verified event's id, type and object to public.apply_stripe_event with the service role, which
 * records it once in the transaction of its change. Answers: 200 once applied (or already applied); 400 for
 * a body that is not signed by Stripe (nothing changes); 405 for anything but POST; 503 when no webhook
 * secret is set; an error status when the database refused or failed, so Stripe delivers it again later.
 * Web-standard Request/Response only, so a unit test runs it in Node too.
 */
export interface WebhookOptions {
  stripe: Stripe;
  webhookSecret: string | undefined;
  /** The project's API origin (SUPABASE_URL), no trailing slash. */
  url: string;
  serviceRoleKey: string;
  cryptoProvider?: Stripe.CryptoProvider;
  fetch?: typeof fetch;
}

/** Stripe's events are a few kilobytes; far larger is not one. */
const MAX_BODY_BYTES = 512 * 1024;

function answer(status: number, body: Record<string, unknown>): Response {
  return Response.json(body, { status, headers: { 'cache-control': 'no-store' } });
}

async function applyEvent(options: WebhookOptions, event: Stripe.Event): Promise<Response> {
  const response = await (options.fetch ?? fetch)(`${options.url}/rest/v1/rpc/apply_stripe_event`, {
    method: 'POST',
    headers: {
      apikey: options.serviceRoleKey,
      authorization: `Bearer ${options.serviceRoleKey}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ p_event_id: event.id, p_type: event.type, p_object: event.data.object }),
  });
  const text = await response.text();
  if (response.ok) {
    const row = JSON.parse(text) as { result: string };
    return answer(200, { received: true, result: row.result });
  }
  // Not applied, nothing kept: Stripe retries a failed delivery, so the event is not lost.
  console.error(`stripe-webhook: ${event.id} (${event.type}) not applied: HTTP ${response.status} ${text}`);
  let message = 'The event was not applied.';
  try {
    message = (JSON.parse(text) as { message?: string }).message ?? message;
  } catch {
    // Not PostgREST's JSON error (a gateway's page): the generic message will do.
  }
  return answer(response.status === 400 ? 422 : 500, { message });
}

export async function handleStripeWebhook(request: Request, options: WebhookOptions): Promise<Response> {
  if (request.method !== 'POST') return answer(405, { message: 'Use POST' });
  if (!options.webhookSecret) {
    return answer(503, { message: 'Stripe is not configured: set the secret STRIPE_WEBHOOK_SECRET' });
  }
  const signature = request.headers.get('stripe-signature');
  if (!signature) return answer(400, { message: 'No Stripe-Signature header' });
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > MAX_BODY_BYTES)
    return answer(413, { message: 'Body too large' });
  // The raw text, exactly as sent: the signature covers these bytes, so nothing may parse them first.
  const body = await request.text();
  if (body.length > MAX_BODY_BYTES) return answer(413, { message: 'Body too large' });
  let event: Stripe.Event;
  try {
    event = await options.stripe.webhooks.constructEventAsync(
      body,
      signature,
      options.webhookSecret,
      undefined,
      options.cryptoProvider ?? Stripe.createSubtleCryptoProvider(),
    );
  } catch {
    return answer(400, { message: 'Webhook signature verification failed' });
  }
  return applyEvent(options, event);
}
