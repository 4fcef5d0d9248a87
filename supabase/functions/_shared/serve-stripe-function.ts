/**
 * The one entry point of every Stripe function (decisions 0085–0091): it reads the functions' environment
 * once (set with `supabase secrets set`: STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, SITE_URL, and
 * STRIPE_API_BASE only to point at the test stand-in; SUPABASE_* are given by the platform) and serves the
 * handler with it. Each handler takes the part it needs; no secret leaves the function.
 */
import Stripe from 'stripe';
import { stripeClient } from './stripe.ts';

// Deno's global, declared here so Node's type check reads this file without Deno's types.
declare const Deno: {
  env: { get(name: string): string | undefined };
  serve(handler: (request: Request) => Response | Promise<Response>): unknown;
};

export interface StripeFunctionEnvironment {
  stripe: Stripe;
  secretKey: string | undefined;
  webhookSecret: string | undefined;
  /** The project's API origin (SUPABASE_URL), no trailing slash. */
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  siteUrl: string | undefined;
  cryptoProvider: Stripe.CryptoProvider;
}

export function serveStripeFunction(
  handler: (request: Request, environment: StripeFunctionEnvironment) => Promise<Response>,
): void {
  const secretKey = Deno.env.get('STRIPE_SECRET_KEY');
  const environment: StripeFunctionEnvironment = {
    stripe: stripeClient({ secretKey, apiBase: Deno.env.get('STRIPE_API_BASE') }),
    secretKey,
    webhookSecret: Deno.env.get('STRIPE_WEBHOOK_SECRET'),
    url: (Deno.env.get('SUPABASE_URL') ?? '').replace(/\/+$/, ''),
    anonKey: Deno.env.get('SUPABASE_ANON_KEY') ?? '',
    serviceRoleKey: Deno.env.get('SUPABASE_SERVICE_ROLE_KEY') ?? '',
    siteUrl: Deno.env.get('SITE_URL'),
    cryptoProvider: Stripe.createSubtleCryptoProvider(),
  };
  Deno.serve((request) => handler(request, environment));
}
