import { startStripeStandin } from './server.ts';

/**
 * Runs the Stripe stand-in on its own (test-only): `npx tsx supabase/local/stripe-standin/main.ts`.
 * STRIPE_STANDIN_PORT (default 12111), STRIPE_SECRET_KEY (default sk_test_standin), and
 * STRIPE_STANDIN_WEBHOOK_URL with STRIPE_WEBHOOK_SECRET to send webhooks there.
 */
const webhookUrl = process.env['STRIPE_STANDIN_WEBHOOK_URL'];
const standin = await startStripeStandin({
  port: Number(process.env['STRIPE_STANDIN_PORT'] ?? 12111),
  secretKey: process.env['STRIPE_SECRET_KEY'] ?? 'sk_test_standin',
  webhooks: webhookUrl
    ? [{ url: webhookUrl, secret: process.env['STRIPE_WEBHOOK_SECRET'] ?? 'whsec_standin' }]
    : [],
});
console.log(`Stripe stand-in listening on ${standin.url}`);
const stop = (): void => void standin.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
