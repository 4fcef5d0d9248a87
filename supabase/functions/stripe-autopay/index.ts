/**
 * Charges AutoPay's due instalments (decision 0088): `supabase functions deploy stripe-autopay`
 * (config.toml: verify_jwt = true; the handler also insists on the service role key, which pg_net sends
 * from Vault when private.run_autopay wakes it). Secrets: STRIPE_SECRET_KEY, and STRIPE_API_BASE only to
 * point at the test stand-in. The local stack runs this same file under Deno.
 */
import { serveStripeFunction } from '../_shared/serve-stripe-function.ts';
import { handleStripeAutopay } from './handler.ts';

serveStripeFunction(handleStripeAutopay);
