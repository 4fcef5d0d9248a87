import { useStore } from '@nanostores/react';
import { useQuery } from '@tanstack/react-query';
import { buttonClass } from '../../components/ui/button-styles';
import { formatOrdinalDate } from '../../lib/format/date-words';
import { sydneyToday } from '../../lib/format/today';
import { $user } from '../../stores/session';
import { showToast } from '../../stores/toasts';
import { isCompletedBooking, STATUS_LABELS, type BookingEvent } from './bookings';
import { fetchMyBookings } from './bookings.data';
import { eventShareTarget, shareOrCopy, shareToast } from './share';

/**
 * /completed-events: the member's bookings whose event has ended (by Sydney's date), each with View
 * Itinerary (the event's page, with the trip's copy) and Share Experience (Web Share API, else the link
 * copied).
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
  const today = sydneyToday();
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
          <div className="mt-4 flex flex-wrap gap-2">
            {booking.event && <EventActions event={booking.event} />}
            <a
              href={`/manage-booking?booking=${encodeURIComponent(booking.id)}`}
              className={buttonClass('outline', 'sm')}
            >
              Booking details
            </a>
          </div>
        </li>
      ))}
    </ul>
  );
}

function EventActions({ event }: { event: BookingEvent }) {
  const share = async () => {
    const outcome = await shareOrCopy(eventShareTarget(event, window.location.origin), navigator);
    const toast = shareToast(outcome);
    if (toast) showToast(toast);
  };
  return (
    <>
      <a href={`/event-details/${event.id}`} className={buttonClass('primary', 'sm')}>
        View Itinerary<span className="sr-only">: {event.title}</span>
      </a>
      <button type="button" onClick={() => void share()} className={buttonClass('outline', 'sm')}>
        Share Experience<span className="sr-only">: {event.title}</span>
      </button>
    </>
  );
}
