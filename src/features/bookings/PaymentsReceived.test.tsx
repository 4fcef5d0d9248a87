import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { MemberBooking } from './bookings';
import { PaymentsReceived } from './PaymentsReceived';

// The member's payments on /manage-booking with what went back of each, a card surcharge given back named
// (decision 0096 amended).

describe('PaymentsReceived', () => {
  it('lists what went back of a payment, with the card surcharge given back', () => {
    const booking = {
      currency: 'AUD',
      payments: [
        {
          id: 'p1',
          amount_cents: 160000,
          received_on: '2026-11-20',
          reference: 'Card payment',
          payment_refunds: [
            { id: 'r1', amount_cents: 160000, surcharge_cents: 1920, refunded_at: '2026-12-01T01:00:00Z' },
          ],
        },
      ],
      payment_notices: [],
    } as unknown as MemberBooking;
    const shown = renderToStaticMarkup(<PaymentsReceived booking={booking} />).replace(/<[^>]+>/g, '|');
    expect(shown).toContain('$1,600.00');
    expect(shown).toContain('Refunded $1,619.20 (incl. $19.20 card surcharge) on 1st December, 2026');
  });
});
