/**
 * Makes admins' card refunds through Stripe (decision 0090): `supabase functions deploy stripe-refund`
 * (config.toml sets verify_jwt = true: the admin's page and the scheduler's sweep both send a JWT; what it
 * refunds is only what an admin asked for in the database). Secrets: STRIPE_SECRET_KEY, and STRIPE_API_BASE
 * only to point at the test stand-in. The local stack runs this same file under Deno.
 */
import { serveStripeFunction } from '../_shared/serve-stripe-function.ts';
import { handleStripeRefund } from './handler.ts';

serveStripeFunction(handleStripeRefund);
