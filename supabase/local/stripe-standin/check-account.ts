import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { runScenarios } from './scenarios.ts';
import { startStripeStandin } from './server.ts';

/**
 * `npx tsx supabase/local/stripe-standin/check-account.ts`: runs the scenarios our card payments rely on
 * (scenarios.ts) against Stripe's test mode when STRIPE_SECRET_KEY holds a test key (`sk_test_…`), so a
 * company checks its account before going live; with no key, against the stand-in. A live key is refused:
 * the scenarios make charges.
 */
const key = process.env['STRIPE_SECRET_KEY'];
if (key && !key.startsWith('sk_test_')) {
  console.error(
    'STRIPE_SECRET_KEY is not a test key (sk_test_…): the checks make charges, so they run in test mode only.',
  );
  process.exit(2);
}
const standin = key ? null : await startStripeStandin();
const stripe = standin
  ? new Stripe(standin.secretKey, { host: '127.0.0.1', port: standin.port, protocol: 'http' })
  : new Stripe(key!);
console.log(`Checking against ${standin ? `the stand-in at ${standin.url}` : "Stripe's test mode"}`);
const results = await runScenarios(stripe, `check-${randomUUID()}`);
for (const result of results)
  console.log(`${result.ok ? 'ok  ' : 'FAIL'} ${result.name}${result.error ? `: ${result.error}` : ''}`);
await standin?.close();
process.exit(results.every((result) => result.ok) ? 0 : 1);
