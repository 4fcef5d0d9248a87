/**
 * Stripe's webhook endpoint (decision 0085): `supabase functions deploy stripe-webhook` (config.toml sets
 * verify_jwt = false: Stripe sends no Supabase key; the Stripe signature is the check). Secrets, set with
 * `supabase secrets set`: STRIPE_WEBHOOK_SECRET (the endpoint's `whsec_…`), STRIPE_SECRET_KEY, and
 * STRIPE_API_BASE only to point at the test stand-in. The local stack runs this same file under Deno.
 */
import { serveStripeFunction } from '../_shared/serve-stripe-function.ts';
import { handleStripeWebhook } from './handler.ts';

serveStripeFunction(handleStripeWebhook);
