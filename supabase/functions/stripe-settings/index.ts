/**
 * /admin/stripe-settings' view of Stripe (decision 0089): `supabase functions deploy stripe-settings`
 * (config.toml sets verify_jwt = true; the database then checks the caller is an admin). It reads the same
 * secrets as the card functions, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, SITE_URL and STRIPE_API_BASE
 * (the test stand-in only), and answers whether they are set, never their values. The local stack runs this
 * same file under Deno.
 */
import { stripeClient } from '../_shared/stripe.ts';
import { handleStripeSettings } from './handler.ts';

// Deno's global, declared here so Node's type check reads this file without Deno's types.
declare const Deno: {
  env: { get(name: string): string | undefined };
  serve(handler: (request: Request) => Response | Promise<Response>): unknown;
};

const secretKey = Deno.env.get('STRIPE_SECRET_KEY');
const options = {
  stripe: stripeClient({ secretKey, apiBase: Deno.env.get('STRIPE_API_BASE') }),
  secretKey,
  webhookSecret: Deno.env.get('STRIPE_WEBHOOK_SECRET'),
  url: (Deno.env.get('SUPABASE_URL') ?? '').replace(/\/+$/, ''),
  anonKey: Deno.env.get('SUPABASE_ANON_KEY') ?? '',
  siteUrl: Deno.env.get('SITE_URL'),
};

Deno.serve((request) => handleStripeSettings(request, options));
