import type Stripe from 'stripe';

/**
 * Reconciles Stripe with the ledger (decision 0095). The scheduler wakes it every hour through pg_net with
 * the service role. It lists the PaymentIntents and refunds Stripe made in the window (the last
 * LOOKBACK_DAYS days, to SETTLE_MINUTES ago, so a payment whose webhook is on its way is not yet a
 * difference), page by page as Stripe pages them, and hands them to public.reconcile_stripe, which compares
 * them with the ledger and records the differences once. A body `{ "until": "<ISO time>" }` compares the
 * three days before that time instead (a past window checked again by hand, or a test's payments of a
 * minute ago). Without a Stripe key it does nothing and says so.
 * Web-standard Request/Response only, so a unit test runs it in Node too.
 */
export interface ReconcileOptions {
  stripe: Stripe;
  /** STRIPE_SECRET_KEY: unset, cards are not set up and nothing is called. */
  secretKey: string | undefined;
  /** The project's API origin (SUPABASE_URL), no trailing slash. */
  url: string;
  serviceRoleKey: string;
  fetch?: typeof fetch;
}

export const LOOKBACK_DAYS = 3;
export const SETTLE_MINUTES = 10;
/** Stripe's largest page; more than this many objects in the window is more than a tour company makes. */
const PAGE = 100;
const MOST = 10_000;

function answer(status: number, body: Record<string, unknown>): Response {
  return Response.json(body, { status, headers: { 'cache-control': 'no-store' } });
}

/**
 * The window a run compares, [from, to] in whole seconds as Stripe's `created` is: the LOOKBACK_DAYS days
 * before `until` when given, else before SETTLE_MINUTES ago. Null when `until` is not a time.
 */
export function windowOf(until: unknown, now = new Date()): { from: number; to: number } | null {
  let end = now.getTime() - SETTLE_MINUTES * 60_000;
  if (until !== undefined && until !== null) {
    end = typeof until === 'string' ? Date.parse(until) : Number.NaN;
    if (Number.isNaN(end)) return null;
  }
  const to = Math.floor(end / 1000);
  return { from: to - LOOKBACK_DAYS * 24 * 3600, to };
}

async function untilOf(request: Request): Promise<unknown> {
  const text = await request.text();
  if (!text.trim()) return undefined;
  try {
    const body = JSON.parse(text) as unknown;
    return body && typeof body === 'object' ? (body as { until?: unknown }).until : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

export async function handleStripeReconcile(request: Request, options: ReconcileOptions): Promise<Response> {
  if (request.method !== 'POST') return answer(405, { message: 'Use POST.' });
  if (request.headers.get('authorization') !== `Bearer ${options.serviceRoleKey}`) {
    return answer(401, { message: 'Only the scheduler calls this.' });
  }
  if (!options.secretKey) {
    return answer(200, { reconciled: false, message: 'Stripe is not set up: nothing to reconcile.' });
  }
  const window = windowOf(await untilOf(request));
  if (!window) return answer(400, { message: 'until is an ISO time, such as 2026-12-05T10:00:00Z.' });
  const { from, to } = window;
  const created = { gte: from, lte: to };
  let intents: Stripe.PaymentIntent[];
  let refunds: Stripe.Refund[];
  try {
    intents = await options.stripe.paymentIntents
      .list({ created, limit: PAGE })
      .autoPagingToArray({ limit: MOST });
    refunds = await options.stripe.refunds.list({ created, limit: PAGE }).autoPagingToArray({ limit: MOST });
  } catch (error) {
    // Stripe unreachable: nothing is compared, and the next hour's run covers the same days.
    console.error(`stripe-reconcile: Stripe could not list: ${String(error)}`);
    return answer(502, { message: 'Stripe could not be reached.' });
  }
  const doFetch = options.fetch ?? fetch;
  const compared = await doFetch(`${options.url}/rest/v1/rpc/reconcile_stripe`, {
    method: 'POST',
    headers: {
      apikey: options.serviceRoleKey,
      authorization: `Bearer ${options.serviceRoleKey}`,
      'content-type': 'application/json',
      accept: 'application/vnd.pgrst.object+json',
    },
    body: JSON.stringify({
      p_from: new Date(from * 1000).toISOString(),
      p_to: new Date(to * 1000).toISOString(),
      // Only what the comparison reads: no card details, no customer.
      p_intents: intents.map(({ id, status, amount_received, currency }) => ({
        id,
        status,
        amount_received,
        currency,
      })),
      p_refunds: refunds.map(({ id, status, amount, currency, payment_intent }) => ({
        id,
        status,
        amount,
        currency,
        payment_intent: typeof payment_intent === 'string' ? payment_intent : (payment_intent?.id ?? null),
      })),
    }),
  });
  if (!compared.ok) {
    console.error(
      `stripe-reconcile: reconcile_stripe failed: HTTP ${compared.status} ${await compared.text()}`,
    );
    return answer(502, { message: 'The database could not compare.' });
  }
  const counts = (await compared.json()) as { new_count: number; open_count: number; cleared_count: number };
  return answer(200, {
    reconciled: true,
    payments: intents.length,
    refunds: refunds.length,
    new: counts.new_count,
    open: counts.open_count,
    cleared: counts.cleared_count,
  });
}
