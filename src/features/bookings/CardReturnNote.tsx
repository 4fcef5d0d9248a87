import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { fetchLatestCardPayment } from './card-payments.data';

/** How often, and how long, the page asks whether Stripe's webhook has recorded the payment. */
const POLL_MS = 1500;
const POLL_FOR_MS = 90_000;

/**
 * Back from Stripe Checkout (?card=paid or ?card=cancelled, decision 0087). Stripe sends the member back
 * as soon as the card is accepted, and its webhook records the payment a moment later: until then this says
 * the payment is being confirmed and asks again, then refreshes the booking so its figures move.
 */
export function CardReturnNote({ bookingId }: { bookingId: string }) {
  const outcome = new URLSearchParams(window.location.search).get('card');
  const queryClient = useQueryClient();
  const [startedAt] = useState(() => Date.now());
  const latest = useQuery({
    queryKey: ['card-payment-latest', bookingId],
    queryFn: () => fetchLatestCardPayment(bookingId),
    enabled: outcome === 'paid',
    refetchInterval: (query) =>
      query.state.data === 'paid' || Date.now() - startedAt > POLL_FOR_MS ? false : POLL_MS,
  });
  const paid = latest.data === 'paid';
  useEffect(() => {
    if (paid) void queryClient.invalidateQueries({ queryKey: ['booking', bookingId] });
  }, [paid, bookingId, queryClient]);
  if (outcome === 'cancelled')
    return (
      <p role="status" className="border-border bg-card rounded-lg border p-4">
        You left the card payment page, so nothing was charged. You can pay by card or bank transfer below.
      </p>
    );
  if (outcome !== 'paid') return null;
  return (
    <p
      role="status"
      data-testid="card-return"
      className="border-border bg-card rounded-lg border p-4 font-medium"
    >
      {paid
        ? 'Thank you: your card payment is confirmed.'
        : 'Thank you: your card payment is being confirmed. This page updates by itself in a moment.'}
    </p>
  );
}
