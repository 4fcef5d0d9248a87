import * as z from 'zod';
import { listSearchSchema } from '../search';

/**
 * /admin/bookings' address: the list search (its `filter` is the state: held, expired, confirmed, cancelled,
 * completed) plus `event`, one departure's id.
 */
export const bookingSearchSchema = listSearchSchema.extend({
  event: z.uuid().optional().catch(undefined),
});
export type BookingSearch = z.infer<typeof bookingSearchSchema>;

export const validateBookingSearch = (search: Record<string, unknown>): BookingSearch =>
  bookingSearchSchema.parse(search);
