// What the active-events list and the manifest show and export, apart from React: labels, the CSV columns
// and the file name. Ages come from the database (whole years on the first day), never recomputed here.
import { nightsBetween } from '../../../lib/format/dates';
import { formatOrdinalDate } from '../../../lib/format/date-words';
import type { CsvColumn } from '../table/csv';
import type { ActiveEvent, ManifestEvent, ManifestTraveller } from './active-events.data';

const number = new Intl.NumberFormat('en-AU');

/** "Running now" for an event that has begun, else how far away its first day is. */
export function departureLabel(event: Pick<ActiveEvent, 'start_date' | 'end_date'>, today: string): string {
  if (event.start_date <= today) return event.end_date === today ? 'Last day today' : 'Running now';
  const days = nightsBetween(today, event.start_date);
  return days === 1 ? 'Departs tomorrow' : `Departs in ${number.format(days)} days`;
}

/** "12th February, 2026 – 16th February, 2026", or one date for a day trip. */
export function eventDatesLabel(event: Pick<ActiveEvent, 'start_date' | 'end_date'>): string {
  const start = formatOrdinalDate(event.start_date);
  return event.end_date === event.start_date ? start : `${start} – ${formatOrdinalDate(event.end_date)}`;
}

/** "7 of 12" places sold, or "7 (no limit)" when the event has no capacity. */
export function placesLabel(event: Pick<ActiveEvent, 'places_sold' | 'capacity'>): string {
  const sold = number.format(event.places_sold);
  return event.capacity === null ? `${sold} (no limit)` : `${sold} of ${number.format(event.capacity)}`;
}

/** Places sold whose traveller has not been named yet (they are missing from the manifest). */
export function unnamedPlaces(event: Pick<ManifestEvent, 'places_sold' | 'travellers_named'>): number {
  return Math.max(0, event.places_sold - event.travellers_named);
}

/** The age column: '34', or 'Unknown' without a date of birth. */
export function ageLabel(traveller: Pick<ManifestTraveller, 'age_on_departure'>): string {
  return traveller.age_on_departure === null ? 'Unknown' : String(traveller.age_on_departure);
}

/** An emergency contact on one line: 'Sam Lee, 0412 345 678'. */
export function emergencyLabel(
  traveller: Pick<ManifestTraveller, 'emergency_contact_name' | 'emergency_contact_phone'>,
): string {
  return [traveller.emergency_contact_name, traveller.emergency_contact_phone].filter(Boolean).join(', ');
}

export const ACTIVE_EVENT_CSV: readonly CsvColumn<ActiveEvent>[] = [
  { header: 'Event', value: (row) => row.title },
  { header: 'Slug', value: (row) => row.slug },
  { header: 'Location', value: (row) => row.location },
  { header: 'Start date', value: (row) => row.start_date },
  { header: 'End date', value: (row) => row.end_date },
  { header: 'Places sold', value: (row) => row.places_sold },
  { header: 'Capacity', value: (row) => row.capacity },
  { header: 'Travellers named', value: (row) => row.travellers_named },
];

export const MANIFEST_CSV: readonly CsvColumn<ManifestTraveller>[] = [
  { header: 'Traveller', value: (row) => row.full_name },
  { header: 'Date of birth', value: (row) => row.date_of_birth },
  { header: 'Age on departure', value: (row) => row.age_on_departure },
  { header: 'Phone', value: (row) => row.phone },
  { header: 'Dietary notes', value: (row) => row.dietary_notes },
  { header: 'Medical notes', value: (row) => row.medical_notes },
  { header: 'Emergency contact', value: (row) => row.emergency_contact_name },
  { header: 'Emergency phone', value: (row) => row.emergency_contact_phone },
  { header: 'Invoice', value: (row) => row.invoice_number },
  { header: 'Booked by', value: (row) => row.booked_by },
  { header: 'Booked by e-mail', value: (row) => row.booked_by_email },
];

/** `manifest-ghosts-of-port-arthur-2026-12-01.csv`: the event's slug and first day name the file. */
export function manifestFileName(event: Pick<ManifestEvent, 'slug' | 'start_date'>): string {
  return `manifest-${event.slug}-${event.start_date}.csv`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An address's event id is worth asking the database about only when it is a UUID. */
export function isEventId(value: string): boolean {
  return UUID.test(value);
}
