import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { BookingPayment } from './bookings.data';
import { PaymentRefunds } from './PaymentRefunds';

// The booking page's refunds of one payment name a card surcharge given back (decision 0096 amended).

const text = (payment: object) =>
  renderToStaticMarkup(<PaymentRefunds payment={payment as BookingPayment} currency="AUD" />).replace(
    /<[^>]+>/g,
    '|',
  );

describe('PaymentRefunds', () => {
  it('shows a refund with the card surcharge that went back with it, and one without as before', () => {
    const shown = text({
      payment_refunds: [
        {
          id: 'r1',
          amount_cents: 30000,
          surcharge_cents: 0,
          stripe_refund_id: 're_goodwill',
          refunded_at: '2026-12-01T01:00:00Z',
          reference: null,
          recorder: null,
        },
        {
          id: 'r2',
          amount_cents: 130000,
          surcharge_cents: 1920,
          stripe_refund_id: 're_cancelled',
          refunded_at: '2026-12-02T01:00:00Z',
          reference: null,
          recorder: null,
        },
      ],
      card_refund_requests: [
        {
          id: 'q1',
          amount_cents: 0,
          surcharge_cents: 500,
          state: 'requested',
          stripe_refund_id: null,
          failure: null,
          requester: { full_name: 'Bea Boss' },
        },
      ],
    });
    expect(shown).toContain('$300.00 refunded ');
    expect(shown).toContain('$1,319.20 (incl. $19.20 card surcharge) refunded ');
    expect(shown).toContain('$5.00 (incl. $5.00 card surcharge): Waiting for Stripe, asked by Bea Boss');
  });
});
