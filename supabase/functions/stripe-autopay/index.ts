/**
 * Charges AutoPay's due instalments (decision 0088): `supabase functions deploy stripe-autopay`
 * (config.toml: verify_jwt = true; the handler also insists on the service role key, which pg_net sends
 * from Vault when private.run_autopay wakes it). Secrets: STRIPE_SECRET_KEY, and STRIPE_API_BASE only to
 * point at the test stand-in. The local stack runs this same file under Deno.
 */
import { stripeClient } from '../_shared/stripe.ts';
import { handleStripeAutopay } from './handler.ts';

// Deno's global, declared here so Node's type check reads this file without Deno's types.
declare const Deno: {
  env: { get(name: string): string | undefined };
  serve(handler: (request: Request) => Response | Promise<Response>): unknown;
};

const secretKey = Deno.env.get('STRIPE_SECRET_KEY');
const options = {
  stripe: stripeClient({ secretKey, apiBase: Deno.env.get('STRIPE_API_BASE') }),
  secretKey,
  url: Deno.env.get('SUPABASE_URL') ?? '',
  serviceRoleKey: Deno.env.get('SUPABASE_SERVICE_ROLE_KEY') ?? '',
};

Deno.serve((request) => handleStripeAutopay(request, options));
