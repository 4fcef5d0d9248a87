import type { ReactNode } from 'react';
import { QueryWaiting } from '../../components/ui/QueryStatus';
import type { UseQueryResult } from '@tanstack/react-query';
import type { MemberBooking } from './bookings';

/**
 * Loading, failure and 'not found' for a booking page. Someone else's booking looks exactly like an unknown
 * one: row-level security returns nothing, and the page does not tell them apart.
 */
export function BookingState({
  query,
  children,
}: {
  query: UseQueryResult<MemberBooking | null>;
  children: (booking: MemberBooking) => ReactNode;
}) {
  if (!query.isSuccess) return <QueryWaiting query={query} what="booking" />;
  if (!query.data)
    return (
      <div role="alert" className="border-border rounded-lg border p-6">
        <h2 className="text-xl font-semibold">Booking not found</h2>
        <p className="text-muted-foreground mt-2">
          We could not find this booking in your account. Check the link, or open it from your dashboard.
        </p>
        <a href="/dashboard" className="text-primary mt-4 inline-block underline">
          Back to your dashboard
        </a>
      </div>
    );
  return <>{children(query.data)}</>;
}
