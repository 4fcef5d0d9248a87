/** What the webhook did with an event (public.stripe_events.result), in words for the admin. */
const RESULTS: Record<string, string> = {
  recorded: 'Payment recorded',
  already_recorded: 'Already recorded (a repeat)',
  needs_attention: 'Needs attention',
  awaiting_payment: 'Waiting for the bank payment',
  payment_failed: 'Payment failed',
  hold_released: "Session expired: the booking's places were freed",
  nothing_to_release: 'Session expired: nothing to change',
  refund_recorded: 'Refund recorded',
  refund_already_recorded: 'Refund already recorded (a repeat)',
  refund_pending: 'Refund pending at Stripe',
  ignored: 'Received, not used',
};

export function webhookResultText(result: string): string {
  return RESULTS[result] ?? result;
}
