/**
 * Stripe's webhook endpoint (decision 0085): `supabase functions deploy stripe-webhook` (config.toml sets
 * verify_jwt = false: Stripe sends no Supabase key; the Stripe signature is the check). Secrets, set with
 * `supabase secrets set`: STRIPE_WEBHOOK_SECRET (the endpoint's `whsec_…`), STRIPE_SECRET_KEY, and
 * STRIPE_API_BASE only to point at the test stand-in. The local stack runs this same file under Deno.
 */
import Stripe from 'stripe';
import { stripeClient } from '../_shared/stripe.ts';
import { handleStripeWebhook } from './handler.ts';

// Deno's global, declared here so Node's type check reads this file without Deno's types.
declare const Deno: {
  env: { get(name: string): string | undefined };
  serve(handler: (request: Request) => Response | Promise<Response>): unknown;
};

const options = {
  stripe: stripeClient({
    secretKey: Deno.env.get('STRIPE_SECRET_KEY'),
    apiBase: Deno.env.get('STRIPE_API_BASE'),
  }),
  webhookSecret: Deno.env.get('STRIPE_WEBHOOK_SECRET'),
  url: Deno.env.get('SUPABASE_URL') ?? '',
  serviceRoleKey: Deno.env.get('SUPABASE_SERVICE_ROLE_KEY') ?? '',
  cryptoProvider: Stripe.createSubtleCryptoProvider(),
};

Deno.serve((request) => handleStripeWebhook(request, options));
