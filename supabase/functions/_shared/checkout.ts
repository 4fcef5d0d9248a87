import type Stripe from 'stripe';

/**
 * What the two functions that open Stripe Checkout for a member share (stripe-checkout for bookings,
 * store-checkout for store orders, decisions 0087 and 0091): their environment, and storing the session's
 * id on the row it pays. Web-standard only, so their handlers run in Node's tests too.
 */
export interface CheckoutOptions {
  stripe: Stripe;
  /** STRIPE_SECRET_KEY: unset, cards are not set up and nothing is called. */
  secretKey: string | undefined;
  /** The project's API origin (SUPABASE_URL), no trailing slash. */
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  /** SITE_URL: the site's origin(s), comma-separated; the first unless the request comes from another. */
  siteUrl: string | undefined;
  fetch?: typeof fetch;
}

/**
 * Stores the Checkout Session's id on the row it pays (`table`: card_payment_attempts or orders), with the
 * service role, as nobody writes those rows through the API. A failure is only logged: the webhook finds
 * the row by the session's metadata anyway, so the member may still pay.
 */
export async function rememberSession(
  options: CheckoutOptions,
  table: 'card_payment_attempts' | 'orders',
  rowId: string,
  sessionId: string,
  label: string,
): Promise<void> {
  const stored = await (options.fetch ?? fetch)(`${options.url}/rest/v1/${table}?id=eq.${rowId}`, {
    method: 'PATCH',
    headers: {
      apikey: options.serviceRoleKey,
      authorization: `Bearer ${options.serviceRoleKey}`,
      'content-type': 'application/json',
      prefer: 'return=minimal',
    },
    body: JSON.stringify({ checkout_session_id: sessionId }),
  });
  if (!stored.ok) console.error(`${label}: ${table} ${rowId} not given ${sessionId}: HTTP ${stored.status}`);
}
