import { useStore } from '@nanostores/react';
import { useQuery } from '@tanstack/react-query';
import { buttonClass } from '../../components/ui/button-styles';
import { formatOrdinalDate } from '../../lib/format/dates';
import { $user } from '../../stores/session';
import { isCompletedBooking, localToday, STATUS_LABELS } from './bookings';
import { fetchMyBookings } from './bookings.data';

/**
 * /completed-events: the member's bookings whose event has ended. The spec's View Itinerary and Share
 * Experience buttons are left out until there is an itinerary and somewhere to share to.
 */
export function CompletedEvents() {
  const userId = useStore($user)?.id ?? '';
  const query = useQuery({
    queryKey: ['bookings', userId],
    queryFn: () => fetchMyBookings(userId),
    enabled: !!userId,
  });

  if (query.isPending)
    return (
      <p role="status" className="text-muted-foreground">
        Loading your completed events…
      </p>
    );
  if (query.isError)
    return (
      <p role="alert" className="text-destructive">
        We could not load your events. Please refresh the page to try again.
      </p>
    );
  const today = localToday();
  const completed = query.data.filter((booking) => isCompletedBooking(booking, today));
  if (completed.length === 0)
    return (
      <div className="border-border rounded-lg border border-dashed p-8 text-center">
        <p className="font-medium">No completed events yet.</p>
        <p className="text-muted-foreground mt-2 text-sm">
          Your adventures appear here once you are back home.
        </p>
        <a href="/events" className={buttonClass('primary', 'md', 'mt-4')}>
          Browse Events
        </a>
      </div>
    );
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {completed.map((booking) => (
        <li key={booking.id} className="border-border bg-card rounded-lg border p-5">
          <div className="flex items-start justify-between gap-2">
            <h2 className="text-lg font-semibold">{booking.event?.title ?? 'Event details unavailable'}</h2>
            <span className="bg-muted rounded-full px-2.5 py-0.5 text-xs font-semibold">
              {STATUS_LABELS.completed}
            </span>
          </div>
          {booking.event && (
            <p className="text-muted-foreground text-sm">
              {formatOrdinalDate(booking.event.start_date)} to {formatOrdinalDate(booking.event.end_date)}
            </p>
          )}
          <a
            href={`/manage-booking?booking=${encodeURIComponent(booking.id)}`}
            className={buttonClass('outline', 'sm', 'mt-4')}
          >
            Booking details
          </a>
        </li>
      ))}
    </ul>
  );
}
