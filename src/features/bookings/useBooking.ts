import { useQuery } from '@tanstack/react-query';
import { bookingIdFrom } from './bookings';
import { fetchBooking } from './bookings.data';

/** The booking named by ?booking= in the address; null data when it is missing, unknown or not the caller's. */
export function useBookingFromLocation() {
  const bookingId = bookingIdFrom(window.location.search);
  return useQuery({
    queryKey: ['booking', bookingId],
    queryFn: () => (bookingId ? fetchBooking(bookingId) : Promise.resolve(null)),
  });
}
