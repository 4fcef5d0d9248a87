/**
 * /admin/stripe-settings' view of Stripe (decision 0089): `supabase functions deploy stripe-settings`
 * (config.toml sets verify_jwt = true; the database then checks the caller is an admin). It reads the same
 * secrets as the card functions, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, SITE_URL and STRIPE_API_BASE
 * (the test stand-in only), and answers whether they are set, never their values. The local stack runs this
 * same file under Deno.
 */
import { serveStripeFunction } from '../_shared/serve-stripe-function.ts';
import { handleStripeSettings } from './handler.ts';

serveStripeFunction(handleStripeSettings);
