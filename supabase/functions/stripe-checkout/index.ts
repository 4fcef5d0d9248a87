/**
 * Starts a member's card payment (decision 0087): `supabase functions deploy stripe-checkout` (config.toml
 * sets verify_jwt = true: the member's own JWT, which the database then checks the booking against).
 * Secrets, set with `supabase secrets set`: STRIPE_SECRET_KEY, SITE_URL (where Checkout sends the member
 * back), and STRIPE_API_BASE only to point at the test stand-in. The local stack runs this same file under Deno.
 */
import { serveStripeFunction } from '../_shared/serve-stripe-function.ts';
import { handleStripeCheckout } from './handler.ts';

serveStripeFunction(handleStripeCheckout);
