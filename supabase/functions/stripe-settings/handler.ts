import type Stripe from 'stripe';
import { WEBHOOK_EVENTS } from '../_shared/stripe-events.ts';
import { answer, preflight } from '../_shared/http.ts';

/**
 * /admin/stripe-settings' view of Stripe (decision 0089). The keys live in the functions' environment only,
 * so only a function can say whether they are set: GET answers whether Stripe is configured, test or live
 * (from the key's prefix), the account's display name (Stripe's GET /v1/account), the webhook's URL and the
 * events it must be sent, and the card settings; POST asks Stripe to send a real event to the webhook (a
 * Checkout Session made and expired at once, never payable), which the page then looks for in
 * public.stripe_events. Only admins: the database decides, asked with the caller's own token. No answer ever
 * carries a secret. Web-standard Request/Response only, so a unit test runs it in Node too.
 */
export interface SettingsOptions {
  stripe: Stripe;
  /** STRIPE_SECRET_KEY: never answered, only whether it is set and its mode. */
  secretKey: string | undefined;
  /** STRIPE_WEBHOOK_SECRET: never answered, only whether it is set. */
  webhookSecret: string | undefined;
  /** The project's API origin (SUPABASE_URL), no trailing slash: the webhook's URL is under it. */
  url: string;
  anonKey: string;
  /** SITE_URL: the test session's return address must be a URL; the first of them. */
  siteUrl: string | undefined;
  fetch?: typeof fetch;
}

export type StripeMode = 'test' | 'live' | 'unknown';

export interface StripeStatus {
  secret_key_set: boolean;
  webhook_secret_set: boolean;
  mode: StripeMode | null;
  account_name: string | null;
  /** Why the account could not be read, in words; null when it was (or no key is set). */
  account_problem: string | null;
  webhook_url: string;
  events: readonly string[];
  cards_enabled: boolean;
  card_surcharge_bps: number;
}

/** Test or live from the key's prefix (secret `sk_` or restricted `rk_` keys), never the key itself. */
export function stripeMode(secretKey: string | undefined): StripeMode | null {
  if (!secretKey) return null;
  const match = /^(?:sk|rk)_(test|live)_/.exec(secretKey);
  return match ? (match[1] as StripeMode) : 'unknown';
}

interface Settings {
  cards_enabled: boolean;
  card_surcharge_bps: number;
}

/** The card settings, asked as the caller: the database refuses anyone but an admin. */
async function adminSettings(options: SettingsOptions, authorization: string): Promise<Settings | Response> {
  const response = await (options.fetch ?? fetch)(`${options.url}/rest/v1/rpc/admin_card_payment_settings`, {
    method: 'POST',
    headers: { apikey: options.anonKey, authorization, 'content-type': 'application/json' },
    body: '{}',
  });
  if (response.ok) {
    const rows = (await response.json()) as Settings[];
    return rows[0] ?? { cards_enabled: false, card_surcharge_bps: 0 };
  }
  const text = await response.text();
  if (response.status === 401 || response.status === 403 || text.includes('42501'))
    return answer(403, { message: 'Only admins can see the Stripe settings.' });
  console.error(`stripe-settings: admin_card_payment_settings failed: HTTP ${response.status} ${text}`);
  return answer(502, { message: 'The settings could not be read. Please try again.' });
}

async function accountName(
  options: SettingsOptions,
): Promise<{ name: string | null; problem: string | null }> {
  if (!options.secretKey) return { name: null, problem: null };
  try {
    const account = await options.stripe.accounts.retrieveCurrent();
    const name = account.settings?.dashboard.display_name || account.business_profile?.name || account.id;
    return { name, problem: null };
  } catch (error) {
    const type = (error as { type?: string }).type;
    if (type === 'StripeAuthenticationError' || type === 'StripePermissionError')
      return { name: null, problem: 'Stripe refused the secret key: check STRIPE_SECRET_KEY.' };
    console.error(`stripe-settings: GET /v1/account failed: ${String(error)}`);
    return { name: null, problem: 'Stripe could not be reached just now.' };
  }
}

async function status(options: SettingsOptions, settings: Settings): Promise<Response> {
  const account = await accountName(options);
  const body: StripeStatus = {
    secret_key_set: Boolean(options.secretKey),
    webhook_secret_set: Boolean(options.webhookSecret),
    mode: stripeMode(options.secretKey),
    account_name: account.name,
    account_problem: account.problem,
    webhook_url: `${options.url}/functions/v1/stripe-webhook`,
    events: WEBHOOK_EVENTS,
    cards_enabled: settings.cards_enabled,
    card_surcharge_bps: settings.card_surcharge_bps,
  };
  return answer(200, body);
}

/**
 * A real event from Stripe to the webhook: a Checkout Session for no booking, expired as soon as it is made,
 * so nobody can pay it; Stripe then sends `checkout.session.expired` to every endpoint that takes it. Its
 * arrival in public.stripe_events proves Stripe reaches the URL, the signing secret matches and the database
 * records; it does not prove the other event types are enabled on the endpoint.
 */
async function sendTestEvent(options: SettingsOptions): Promise<Response> {
  if (!options.secretKey || !options.siteUrl)
    return answer(503, { message: 'Set STRIPE_SECRET_KEY and SITE_URL for the functions first.' });
  const site = options.siteUrl.split(',')[0]!.trim().replace(/\/+$/, '');
  try {
    const session = await options.stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: 'aud',
            unit_amount: 100,
            product_data: { name: 'Webhook check (expired at once, never charged)' },
          },
        },
      ],
      metadata: { purpose: 'webhook_check' },
      success_url: `${site}/admin/stripe-settings`,
      cancel_url: `${site}/admin/stripe-settings`,
    });
    await options.stripe.checkout.sessions.expire(session.id);
    return answer(200, { session_id: session.id });
  } catch (error) {
    console.error(`stripe-settings: the test event could not be sent: ${String(error)}`);
    return answer(502, { message: 'Stripe did not accept the check. Look at the account name above.' });
  }
}

export async function handleStripeSettings(request: Request, options: SettingsOptions): Promise<Response> {
  if (request.method === 'OPTIONS') return preflight();
  if (request.method !== 'GET' && request.method !== 'POST')
    return answer(405, { message: 'Use GET or POST.' });
  const authorization = request.headers.get('authorization');
  if (!authorization) return answer(401, { message: 'Please sign in as an admin.' });
  const settings = await adminSettings(options, authorization);
  if (settings instanceof Response) return settings;
  return request.method === 'GET' ? status(options, settings) : sendTestEvent(options);
}
