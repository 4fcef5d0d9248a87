/**
 * Pays a store order by card (decision 0091): `supabase functions deploy store-checkout` (config.toml sets
 * verify_jwt = true: the member's own JWT, which the database then checks the order against). Secrets, as
 * stripe-checkout's: STRIPE_SECRET_KEY, SITE_URL, and STRIPE_API_BASE only to point at the test stand-in.
 * The local stack runs this same file under Deno.
 */
import { serveStripeFunction } from '../_shared/serve-stripe-function.ts';
import { handleStoreCheckout } from './handler.ts';

serveStripeFunction(handleStoreCheckout);
