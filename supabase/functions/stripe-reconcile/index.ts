/**
 * Reconciles Stripe with the ledger every hour (decision 0095): `supabase functions deploy stripe-reconcile`
 * (config.toml: verify_jwt = true; the handler also insists on the service role key, which pg_net sends
 * from Vault when the scheduler's job wakes it). Secrets: STRIPE_SECRET_KEY, and STRIPE_API_BASE only to
 * point at the test stand-in. The local stack runs this same file under Deno.
 */
import { serveStripeFunction } from '../_shared/serve-stripe-function.ts';
import { handleStripeReconcile } from './handler.ts';

serveStripeFunction(handleStripeReconcile);
