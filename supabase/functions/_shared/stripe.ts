import Stripe from 'stripe';

/**
 * The Stripe client the card-payment functions share (decision 0085). The secret key comes from the
 * functions' environment only (STRIPE_SECRET_KEY, `supabase secrets set`); STRIPE_API_BASE points the SDK at
 * another address with the same API, such as the test-only stand-in (decision 0084). Unset, the SDK talks to
 * api.stripe.com.
 */
export interface StripeEnvironment {
  secretKey: string | undefined;
  apiBase: string | undefined;
}

export function stripeClient(env: StripeEnvironment): Stripe {
  // The webhook verifies signatures without calling the API, so it runs with no secret key set.
  const key = env.secretKey ?? 'sk_unset';
  // Deno's fetch: the SDK's Node HTTP client is not what Deno gives a function.
  const options: Stripe.StripeConfig = { httpClient: Stripe.createFetchHttpClient() };
  if (!env.apiBase) return new Stripe(key, options);
  const base = new URL(env.apiBase);
  return new Stripe(key, {
    ...options,
    host: base.hostname,
    port: base.port || (base.protocol === 'https:' ? '443' : '80'),
    protocol: base.protocol === 'https:' ? 'https' : 'http',
  });
}
