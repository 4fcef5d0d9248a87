// The rules of an event's fields, as the admin's event form checks them (issue 10, /admin/event-management).
// The database's CHECKs say the same (supabase/schemas/02_events.sql),
// proven by supabase/tests/database/event-rules-agree.test.ts.
import { characterCount, hasControlCharacters } from '../../../lib/rules/text';

export const EVENT_TITLE_MAX = 200;
export const EVENT_LOCATION_MAX = 200;
export const EVENT_DESCRIPTION_MAX = 10_000;
/** The highest price in whole currency units (the column holds cents up to 100,000,000). */
export const EVENT_PRICE_MAX = 1_000_000;
export const EVENT_CAPACITY_MAX = 10_000;
export const EVENT_IMAGES_MAX = 12;

export const EVENT_TYPES = ['paranormal', 'history'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** The status badge, and the rule for each: the editor shows these words as its help. */
export const EVENT_BADGES = [
  {
    value: 'eoi',
    label: 'EOI',
    rule: 'Expressions of interest: the trip is announced but not bookable yet; people register interest or join the waitlist.',
  },
  {
    value: 'live',
    label: 'Live',
    rule: 'Bookings are open and places remain.',
  },
  {
    value: 'locked-in',
    label: 'Locked in',
    rule: 'Enough places are sold for the trip to go ahead; bookings stay open while places remain.',
  },
  {
    value: 'confirmed',
    label: 'Confirmed',
    rule: 'Everything is settled (itinerary, suppliers, final details sent to travellers); no changes expected.',
  },
] as const;
export type EventBadge = (typeof EVENT_BADGES)[number]['value'];

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const MONEY = /^\d+(\.\d{1,2})?$/;
const WHOLE = /^\d+$/;

function lineProblem(value: string, what: string, max: number): string | undefined {
  if (characterCount(value) > max) return `The ${what} must be ${max} characters or fewer.`;
  if (hasControlCharacters(value)) return `The ${what} contains characters we can't save.`;
  return undefined;
}

/** Required, one line, at most EVENT_TITLE_MAX characters once trimmed. */
export function eventTitleProblem(value: string): string | undefined {
  const title = value.trim();
  if (!title) return 'Please enter a title.';
  return lineProblem(title, 'title', EVENT_TITLE_MAX);
}

/** Optional, one line, at most EVENT_LOCATION_MAX characters once trimmed. */
export function eventLocationProblem(value: string): string | undefined {
  const location = value.trim();
  return location ? lineProblem(location, 'location', EVENT_LOCATION_MAX) : undefined;
}

/** Optional, several lines, at most EVENT_DESCRIPTION_MAX characters once trimmed. */
export function eventDescriptionProblem(value: string): string | undefined {
  const description = value.trim();
  if (!description) return undefined;
  if (characterCount(description) > EVENT_DESCRIPTION_MAX)
    return `The description must be ${EVENT_DESCRIPTION_MAX.toLocaleString('en-AU')} characters or fewer.`;
  if (hasControlCharacters(description, { multiline: true }))
    return "The description contains characters we can't save.";
  return undefined;
}

/** A real calendar date as the date input gives it (YYYY-MM-DD). */
export function isCalendarDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export function eventStartProblem(value: string): string | undefined {
  return isCalendarDate(value.trim()) ? undefined : 'Please enter the start date.';
}

/** The end date: a date, not before the start (a one-day event ends on its start date). */
export function eventEndProblem(end: string, start: string): string | undefined {
  if (!isCalendarDate(end.trim())) return 'Please enter the end date.';
  if (isCalendarDate(start.trim()) && end.trim() < start.trim())
    return 'The end date cannot be before the start date.';
  return undefined;
}

/**
 * When a departure takes bookings (bookings_open_on, bookings_close_on: Sydney days, both optional).
 * Empty: bookings open when the event is published and close the day before departure, as
 * public.departure_availability reads them. A set day is a real date before the start date (on the start
 * day bookings are closed anyway), and bookings cannot close before they open.
 */
function bookingDayProblem(value: string, start: string, what: 'open' | 'close'): string | undefined {
  const day = value.trim();
  if (!day) return undefined;
  if (!isCalendarDate(day)) return `Enter the day bookings ${what} as a date, or leave it empty.`;
  if (isCalendarDate(start.trim()) && day >= start.trim())
    return `Bookings must ${what} before the start date.`;
  return undefined;
}

/** The first day bookings are taken: optional, before the start date. */
export function eventBookingsOpenProblem(open: string, start: string): string | undefined {
  return bookingDayProblem(open, start, 'open');
}

/** The last day bookings are taken: optional, before the start date, not before the day they open. */
export function eventBookingsCloseProblem(close: string, open: string, start: string): string | undefined {
  const problem = bookingDayProblem(close, start, 'close');
  if (problem || !close.trim()) return problem;
  if (isCalendarDate(open.trim()) && close.trim() < open.trim())
    return 'Bookings cannot close before they open.';
  return undefined;
}

export const TRAVELLER_CHANGES_DAYS_MAX = 365;

/**
 * How many days before departure members' changes to who travels and their details close (decision 0073):
 * optional (empty: the company's default), a whole number from 0 to TRAVELLER_CHANGES_DAYS_MAX.
 */
export function eventTravellerChangesDaysProblem(value: string): string | undefined {
  const days = value.trim();
  if (!days) return undefined;
  if (!WHOLE.test(days) || Number(days) > TRAVELLER_CHANGES_DAYS_MAX)
    return `Enter a whole number of days from 0 to ${TRAVELLER_CHANGES_DAYS_MAX}, or leave it empty.`;
  return undefined;
}

/** The days as stored (null: the company's default); only for a value the rule above accepts. */
export function travellerChangesDays(value: string): number | null {
  return value.trim() ? Number(value.trim()) : null;
}

/** Optional price per person in whole units with up to two decimals ('1200', '1200.50'). */
export function eventPriceProblem(value: string): string | undefined {
  const price = value.trim().replace(/,/g, '');
  if (!price) return undefined;
  if (!MONEY.test(price)) return 'Enter the price as a number, such as 1200 or 1200.50.';
  if (Number(price) > EVENT_PRICE_MAX)
    return `The price must be ${EVENT_PRICE_MAX.toLocaleString('en-AU')} or less.`;
  return undefined;
}

/** The price in cents as stored (null: not announced yet); only for a price eventPriceProblem accepts. */
export function priceCents(value: string): number | null {
  const price = value.trim().replace(/,/g, '');
  if (!price) return null;
  const [whole, fraction = ''] = price.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Cents back to the form's text ('1200.50', '1200'). */
export function priceText(cents: number | null): string {
  if (cents === null) return '';
  const whole = Math.floor(cents / 100);
  const rest = cents % 100;
  return rest ? `${whole}.${String(rest).padStart(2, '0')}` : String(whole);
}

export function eventCurrencyProblem(value: string): string | undefined {
  return /^[A-Z]{3}$/.test(value.trim()) ? undefined : 'Enter a three-letter currency code such as AUD.';
}

/** Optional capacity: a whole number of places from 1 to EVENT_CAPACITY_MAX. */
export function eventCapacityProblem(value: string): string | undefined {
  const capacity = value.trim();
  if (!capacity) return undefined;
  if (!WHOLE.test(capacity) || Number(capacity) < 1 || Number(capacity) > EVENT_CAPACITY_MAX)
    return `Enter the number of places, from 1 to ${EVENT_CAPACITY_MAX.toLocaleString('en-AU')}, or leave it empty for no limit.`;
  return undefined;
}

/** A slug as the events table takes it (the event's own, or its Sanity trip's). */
export function isSlug(value: string): boolean {
  return SLUG.test(value) && value.length <= 100;
}

export function eventTypeProblem(value: string): string | undefined {
  return (EVENT_TYPES as readonly string[]).includes(value) ? undefined : 'Choose the type of event.';
}

export function eventBadgeProblem(value: string): string | undefined {
  return EVENT_BADGES.some((badge) => badge.value === value) ? undefined : 'Choose a badge.';
}

// ------------------------------------------------------------ booking settings (decision 0076)

/** The company's deposit per traveller, as the terms page states it (private.booking_settings). */
export const COMPANY_DEPOSIT_CENTS = 80_000;
/** The most days a limited event may open early to Next Room members (events_next_room_priority_days_check). */
export const PRIORITY_DAYS_MAX = 365;

/** GST treatment of an event's price, as the invoices show it (events_gst_treatment_check). */
export const GST_TREATMENTS = [
  {
    value: 'taxable',
    label: 'Taxable: the price includes 10% GST',
    rule: 'For trips in Australia. Invoices show the GST included in the price.',
  },
  {
    value: 'gst-free',
    label: 'GST-free',
    rule: 'For trips whose travel happens overseas. Invoices show no GST.',
  },
] as const;
export type GstTreatment = (typeof GST_TREATMENTS)[number]['value'];

export function eventGstProblem(value: string): string | undefined {
  return GST_TREATMENTS.some((treatment) => treatment.value === value)
    ? undefined
    : 'Choose how GST applies to this trip.';
}

/** Optional deposit per person, money like the price; empty: the company's deposit. */
export function eventDepositProblem(value: string): string | undefined {
  const deposit = value.trim().replace(/,/g, '');
  if (!deposit) return undefined;
  if (!MONEY.test(deposit)) return 'Enter the deposit as a number, such as 500 or 500.50, or leave it empty.';
  if (Number(deposit) > EVENT_PRICE_MAX)
    return `The deposit must be ${EVENT_PRICE_MAX.toLocaleString('en-AU')} or less.`;
  return undefined;
}

/**
 * A limited event opens to Next Room members this many days before bookings open to everyone: a whole number
 * from 1 to PRIORITY_DAYS_MAX, and it needs the day bookings open (events_priority_needs_opening_day).
 * Not limited: the days are not saved.
 */
export function eventPriorityDaysProblem(value: string, limited: boolean, open: string): string | undefined {
  if (!limited) return undefined;
  const days = value.trim();
  if (!WHOLE.test(days) || Number(days) < 1 || Number(days) > PRIORITY_DAYS_MAX)
    return `Enter how many days early Next Room members may book, from 1 to ${PRIORITY_DAYS_MAX}.`;
  if (!open.trim()) return 'A limited release needs the day bookings open: set it above.';
  return undefined;
}

/** The priority days as stored: null when not limited. Only for values eventPriorityDaysProblem accepts. */
export function priorityDays(value: string, limited: boolean): number | null {
  return limited ? Number(value.trim()) : null;
}
