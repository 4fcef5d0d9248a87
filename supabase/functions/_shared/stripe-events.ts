/**
 * The Stripe event types public.apply_stripe_event acts on (decisions 0085, 0087): the webhook endpoint in
 * Stripe's Dashboard must send these. Any other type is recorded and ignored. /admin/stripe-settings lists
 * them, the browser tests subscribe the stand-in's endpoint to them, and a test checks the database names
 * each one (supabase/functions/stripe-settings/handler.test.ts).
 */
export const WEBHOOK_EVENTS = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
  // AutoPay (decision 0088): the card saved with a payment or a setup session, and off-session charges.
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.requires_action',
  'setup_intent.succeeded',
  'refund.created',
  'refund.updated',
] as const;
