/**
 * /admin/stripe-settings (decision 0089). What only the functions' environment knows (keys set, test or live,
 * the account, the webhook's URL and events) comes from the stripe-settings Edge Function with the admin's
 * own token; the last webhook is read from public.stripe_events (admins only, RLS); the card settings are
 * saved by public.set_card_payment_settings() (admins only, audited).
 */
import { SUPABASE_ANON_KEY, SUPABASE_URL } from '../../../lib/supabase/config';
import { dataError, sharedClient, unwrap, type LoadClient } from '../../../lib/supabase/data';

/** The stripe-settings function's answer (supabase/functions/stripe-settings/handler.ts); never a secret. */
export interface StripeStatus {
  secret_key_set: boolean;
  webhook_secret_set: boolean;
  mode: 'test' | 'live' | 'unknown' | null;
  account_name: string | null;
  account_problem: string | null;
  webhook_url: string;
  events: string[];
  cards_enabled: boolean;
  card_surcharge_bps: number;
}

/** A failure with a sentence for the admin. */
export class StripeSettingsError extends Error {}

async function callFunction(method: 'GET' | 'POST', client: LoadClient): Promise<unknown> {
  const supabase = await client();
  const token = (await supabase.auth.getSession()).data.session?.access_token;
  if (!token) throw new StripeSettingsError('Please sign in again.');
  let response: Response;
  try {
    response = await fetch(`${SUPABASE_URL.replace(/\/+$/, '')}/functions/v1/stripe-settings`, {
      method,
      headers: { authorization: `Bearer ${token}`, apikey: SUPABASE_ANON_KEY },
    });
  } catch {
    throw new StripeSettingsError('We could not reach the stripe-settings function. Is it deployed?');
  }
  const body = (await response.json().catch(() => ({}))) as { message?: string };
  if (response.ok) return body;
  if (response.status === 404)
    throw new StripeSettingsError('The stripe-settings function is not deployed yet (see docs/deploy.md).');
  throw new StripeSettingsError(body.message ?? 'The Stripe settings could not be read. Please try again.');
}

export function fetchStripeStatus(client: LoadClient = sharedClient): Promise<StripeStatus> {
  return callFunction('GET', client) as Promise<StripeStatus>;
}

/** Asks Stripe to send its test event; answers the Checkout Session whose expiry Stripe reports. */
export async function sendTestEvent(client: LoadClient = sharedClient): Promise<string> {
  return ((await callFunction('POST', client)) as { session_id: string }).session_id;
}

export interface WebhookEvent {
  id: string;
  type: string;
  result: string;
  detail: string | null;
  objectId: string | null;
  receivedAt: string;
}

/** The latest event the webhook recorded, or the one about a given object (the test event's session). */
export async function fetchLastWebhook(
  objectId?: string,
  client: LoadClient = sharedClient,
): Promise<WebhookEvent | null> {
  const supabase = await client();
  let query = supabase.from('stripe_events').select('id, type, result, detail, object_id, received_at');
  if (objectId) query = query.eq('object_id', objectId);
  const rows = unwrap(await query.order('received_at', { ascending: false }).limit(1));
  const row = rows[0];
  return row
    ? {
        id: row.id,
        type: row.type,
        result: row.result,
        detail: row.detail,
        objectId: row.object_id,
        receivedAt: row.received_at,
      }
    : null;
}

export type CardSettingsOutcome = { outcome: 'saved' } | { outcome: 'refused'; message: string };

export async function saveCardSettings(
  values: { enabled: boolean; surchargeBps: number },
  client: LoadClient = sharedClient,
): Promise<CardSettingsOutcome> {
  const { error } = await (
    await client()
  ).rpc('set_card_payment_settings', { p_enabled: values.enabled, p_surcharge_bps: values.surchargeBps });
  if (!error) return { outcome: 'saved' };
  if (error.code === '22023') return { outcome: 'refused', message: error.message };
  if (error.code === '42501')
    return { outcome: 'refused', message: 'Only admins can change the card payment settings.' };
  throw dataError(error);
}
