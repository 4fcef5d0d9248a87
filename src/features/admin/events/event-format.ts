import { formatDate } from '../../../lib/format';
import { EVENT_BADGES } from './event-rules';
import type { CsvColumn } from '../table/csv';
import type { AdminEventRow, EventStatus } from './events.data';

const STATUS_NAMES: Record<EventStatus, string> = {
  draft: 'Draft',
  published: 'Published',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

export const statusName = (status: EventStatus): string => STATUS_NAMES[status];

export const badgeName = (badge: string): string =>
  EVENT_BADGES.find((option) => option.value === badge)?.label ?? badge;

/** "12 Feb 2026 – 16 Feb 2026", or one day. */
export function eventDates(event: Pick<AdminEventRow, 'start_date' | 'end_date'>): string {
  return event.start_date === event.end_date
    ? formatDate(event.start_date)
    : `${formatDate(event.start_date)} – ${formatDate(event.end_date)}`;
}

/** "AUD 1,200.00", or 'Not announced' when there is no price yet. */
export function eventPrice(event: Pick<AdminEventRow, 'price_cents' | 'currency'>): string {
  if (event.price_cents === null) return 'Not announced';
  const amount = (event.price_cents / 100).toLocaleString('en-AU', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return `${event.currency} ${amount}`;
}

/** The events CSV: one row per event, dates as ISO, the price in the event's currency. */
export const EVENT_CSV_COLUMNS: readonly CsvColumn<AdminEventRow>[] = [
  { header: 'Title', value: (row) => row.title },
  { header: 'Slug', value: (row) => row.slug },
  { header: 'Trip', value: (row) => row.trip_slug },
  { header: 'Status', value: (row) => statusName(row.phase) },
  { header: 'Badge', value: (row) => badgeName(row.badge) },
  { header: 'Start date', value: (row) => row.start_date },
  { header: 'End date', value: (row) => row.end_date },
  { header: 'Location', value: (row) => row.location },
  { header: 'Currency', value: (row) => row.currency },
  { header: 'Price', value: (row) => (row.price_cents === null ? null : (row.price_cents / 100).toFixed(2)) },
  { header: 'Places', value: (row) => row.max_registrations },
  { header: 'Id', value: (row) => row.id },
];
