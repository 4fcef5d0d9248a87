import { useQuery } from '@tanstack/react-query';
import { buttonClass } from '../../components/ui/button-styles';
import { availabilityLabel } from '../../lib/departures/availability';
import { bookPath } from './book';
import { fetchDepartureState } from './book.data';

/**
 * A departure's 'Book Event' button on /event-details, shown only while the departure is open (one read of
 * departure_availability); otherwise its state in words ('Sold out', 'Booking opens …'). Its line keeps
 * its height while the read runs, so nothing below moves. A visitor pressing it is sent to sign in first
 * (the booking flow is a member page) and comes back to it.
 */
export function BookButton({ eventId }: { eventId: string }) {
  const state = useQuery({
    queryKey: ['book', 'state', eventId],
    queryFn: () => fetchDepartureState(eventId),
  });
  return (
    <div className="mt-6 flex min-h-11 flex-wrap items-center gap-3">
      {state.data?.state === 'open' ? (
        <a href={bookPath(eventId)} className={buttonClass('primary')}>
          Book Event
        </a>
      ) : state.data ? (
        <p className="font-semibold">{availabilityLabel(state.data)}</p>
      ) : null}
    </div>
  );
}
