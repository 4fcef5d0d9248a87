/**
 * Pays a store order by card (decision 0091): `supabase functions deploy store-checkout` (config.toml sets
 * verify_jwt = true: the member's own JWT, which the database then checks the order against). Secrets, as
 * stripe-checkout's: STRIPE_SECRET_KEY, SITE_URL, and STRIPE_API_BASE only to point at the test stand-in.
 * The local stack runs this same file under Deno.
 */
import { stripeClient } from '../_shared/stripe.ts';
import { handleStoreCheckout } from './handler.ts';

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
  anonKey: Deno.env.get('SUPABASE_ANON_KEY') ?? '',
  serviceRoleKey: Deno.env.get('SUPABASE_SERVICE_ROLE_KEY') ?? '',
  siteUrl: Deno.env.get('SITE_URL'),
};

Deno.serve((request) => handleStoreCheckout(request, options));
