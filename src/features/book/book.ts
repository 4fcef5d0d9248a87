/**
 * The booking flow's rules (/book?event=<id>, decision 0072): which departure the address names, what each
 * step needs before the member goes on, the price step's figures, the terms' key points and what a refused
 * booking tells the member. The database (public.book_departure) has the last word on every one of them.
 */
import { formatPrice } from '../../lib/format/currency';
import { formatSydneyTime, sydneyDate } from '../../lib/format/dates';
import { formatOrdinalDate } from '../../lib/format/date-words';
import { DataError } from '../../lib/supabase/data';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The departure in ?event=<id>, or null when it is missing or not an id (then "not found" without a request). */
export function eventIdFrom(search: string): string | null {
  const id = new URLSearchParams(search).get('event')?.trim() ?? '';
  return UUID.test(id) ? id.toLowerCase() : null;
}

/** The booking flow's address for a departure: where every Book button goes. */
export function bookPath(eventId: string): string {
  return `/book?event=${encodeURIComponent(eventId)}`;
}

/** The steps, in order. Rooms (twin share, single supplement) only on a departure that offers them. */
export const STEPS = [
  { key: 'travellers', title: 'Travellers' },
  { key: 'rooms', title: 'Rooms' },
  { key: 'price', title: 'Price' },
  { key: 'terms', title: 'Terms' },
  { key: 'confirm', title: 'Confirm and pay' },
] as const;

export type Step = (typeof STEPS)[number];
export type StepKey = Step['key'];

/** The steps a departure has: all five when it offers rooms, four (no Rooms) when it does not. */
export function stepsFor(hasRooms: boolean): readonly Step[] {
  return hasRooms ? STEPS : STEPS.filter((step) => step.key !== 'rooms');
}

/** "Step 3 of 5: Price", the heading of each step among the departure's steps. */
export function stepHeading(steps: readonly Step[], index: number): string {
  const step = steps[index];
  if (!step) throw new RangeError(`No step ${index}`);
  return `Step ${index + 1} of ${steps.length}: ${step.title}`;
}

/** A room option of the departure (public.event_room_options), its supplement per traveller in cents. */
export interface RoomOption {
  id: string;
  label: string;
  supplement_cents: number;
}

/** "Twin share (no supplement)", "Single room (+$650.00 supplement)": an option as the member chooses it. */
export function roomOptionLabel(option: RoomOption, currency: string): string {
  return option.supplement_cents === 0
    ? `${option.label} (no supplement)`
    : `${option.label} (+${formatPrice(option.supplement_cents, currency)} supplement)`;
}

/** The chosen room of each traveller: traveller id to option id (kept while the member moves between steps). */
export type RoomChoice = Readonly<Record<string, string>>;

/**
 * The rooms for quote_booking and book_departure (`p_rooms`): one option per traveller, in the travellers'
 * order. Undefined when the departure offers no rooms (the argument is left out), or while a traveller has
 * no room among the departure's options (nothing to quote yet).
 */
export function roomIdsFor(
  travellers: readonly PickableTraveller[],
  rooms: RoomChoice,
  options: readonly RoomOption[],
): string[] | undefined {
  if (options.length === 0) return undefined;
  const ids = travellers.map((traveller) => rooms[traveller.id]);
  return ids.every((id) => id !== undefined && options.some((option) => option.id === id))
    ? (ids as string[])
    : undefined;
}

/** Why the rooms step cannot go on to the price, or undefined when every traveller has a room. */
export function roomsProblem(
  travellers: readonly PickableTraveller[],
  rooms: RoomChoice,
  options: readonly RoomOption[],
): string | undefined {
  const missing = travellers.filter(
    (traveller) => !options.some((option) => option.id === rooms[traveller.id]),
  );
  if (missing.length === 0) return undefined;
  return `Choose a room for ${namesList(missing.map((traveller) => traveller.full_name))}.`;
}

/** One traveller's line of the price: their name, their room and what they pay (the price plus its supplement). */
export interface TravellerPrice {
  name: string;
  room: string;
  price: string;
  supplement: string | null;
}

/** Each traveller's price with their room's supplement, formatted in the event's currency; [] without rooms. */
export function travellerPrices(
  priceCents: number,
  currency: string,
  travellers: readonly PickableTraveller[],
  rooms: RoomChoice,
  options: readonly RoomOption[],
): TravellerPrice[] {
  if (options.length === 0) return [];
  return travellers.map((traveller) => {
    const option = options.find((candidate) => candidate.id === rooms[traveller.id]);
    const supplement = option?.supplement_cents ?? 0;
    return {
      name: traveller.full_name,
      room: option?.label ?? '',
      price: formatPrice(priceCents + supplement, currency),
      supplement: supplement > 0 ? formatPrice(supplement, currency) : null,
    };
  });
}

/** What the travellers step knows of a saved traveller. */
export interface PickableTraveller {
  id: string;
  full_name: string;
  date_of_birth: string | null;
}

/**
 * Under 18 on the day of departure, as book_departure counts it (date of birth + 18 years after the start
 * date). Both dates are calendar dates (YYYY-MM-DD), so the comparison is the strings'.
 */
export function isMinorOn(dateOfBirth: string, startDate: string): boolean {
  const year = Number(dateOfBirth.slice(0, 4));
  return `${String(year + 18).padStart(4, '0')}${dateOfBirth.slice(4)}` > startDate;
}

export const ADULT_NEEDED = 'A traveller under 18 needs an adult on the same booking.';

/**
 * Why the chosen travellers cannot go on to the price step, or undefined when they can: at least one, no
 * more than the places left (null: not limited), each with a date of birth, and not only under-18s.
 */
export function travellersProblem(
  chosen: readonly PickableTraveller[],
  placesLeft: number | null,
  startDate: string,
): string | undefined {
  if (chosen.length === 0) return 'Choose at least one traveller.';
  if (placesLeft !== null && chosen.length > placesLeft)
    return placesLeft === 0
      ? 'This departure is sold out.'
      : `Only ${placesLabel(placesLeft)} left on this departure. Choose ${placesLeft === 1 ? 'one traveller' : `up to ${placesLeft} travellers`}.`;
  const undated = chosen.filter((traveller) => !traveller.date_of_birth);
  if (undated.length > 0)
    return `Add a date of birth for ${namesList(undated.map((traveller) => traveller.full_name))} before booking.`;
  if (chosen.every((traveller) => isMinorOn(traveller.date_of_birth!, startDate))) return ADULT_NEEDED;
  return undefined;
}

const placesLabel = (count: number) => `${count} ${count === 1 ? 'place' : 'places'}`;

/** "Ann", "Ann and Bo", "Ann, Bo and Cy". */
export function namesList(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** One line of quote_booking's schedule. */
export interface QuoteLine {
  due_date: string;
  amount_cents: number;
}

/** The price step's figures, formatted en-AU in the event's currency. */
export interface PriceSummary {
  perTraveller: string;
  travellers: number;
  total: string;
  totalCents: number;
  /** Everything due on or before today: the deposit, or the whole price close to departure. */
  dueNow: string;
  dueNowCents: number;
  /** The instalments after today, each with its date in words and its amount. */
  later: { date: string; amount: string }[];
}

/**
 * The price step from the event's price and quote_booking's schedule for `travellers`: what one traveller
 * pays, the total, what is due now and the balance's instalments. Null when there is no schedule (no price).
 */
export function priceSummary(
  priceCents: number,
  currency: string,
  travellers: number,
  schedule: readonly QuoteLine[],
  today: string,
): PriceSummary | null {
  if (schedule.length === 0) return null;
  const totalCents = schedule.reduce((sum, line) => sum + line.amount_cents, 0);
  const now = schedule.filter((line) => line.due_date <= today);
  const dueNowCents = now.reduce((sum, line) => sum + line.amount_cents, 0);
  return {
    perTraveller: formatPrice(priceCents, currency),
    travellers,
    total: formatPrice(totalCents, currency),
    totalCents,
    dueNow: formatPrice(dueNowCents, currency),
    dueNowCents,
    later: schedule
      .filter((line) => line.due_date > today)
      .map((line) => ({
        date: formatOrdinalDate(line.due_date),
        amount: formatPrice(line.amount_cents, currency),
      })),
  };
}

/** "5:00 pm on 3rd December, 2026 (Sydney time)": when a hold ends, the company's day and time. */
export function holdEndsLabel(holdExpiresAt: string): string {
  const time = formatSydneyTime(holdExpiresAt);
  return `${time} on ${formatOrdinalDate(sydneyDate(holdExpiresAt))} (Sydney time)`;
}

/** What a refused booking tells the member, and whether it is about places (then the counts are re-read). */
export interface Refusal {
  message: string;
  soldOut: boolean;
}

/**
 * The member's words for book_departure's refusals: PT409 (HTTP 409) is about places, 'Sold out' or 'Only N
 * places left'; 22023 and P0002 are shown as the database wrote them (first letter capitalised). Anything
 * else is not a refusal (null): the caller shows the generic error.
 */
export function refusalOf(error: unknown): Refusal | null {
  if (!(error instanceof DataError)) return null;
  if (error.code === 'PT409' || error.status === 409) {
    const left = /only (\d+) place/i.exec(error.message);
    return left
      ? {
          message: `Only ${placesLabel(Number(left[1]))} left on this departure. Choose fewer travellers to book.`,
          soldOut: true,
        }
      : { message: 'Sold out: every place on this departure has been taken.', soldOut: true };
  }
  if (error.code === '22023' || error.code === 'P0002') {
    const text = sentence(error.message);
    return { message: error.hint ? `${text} ${error.hint}` : text, soldOut: false };
  }
  return null;
}

const sentence = (text: string) => {
  const trimmed = text.trim();
  const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
};

/** A Portable Text block as the terms page's content holds it (only what the key points need). */
export interface TermsBlock {
  style?: string;
  listItem?: string;
  children?: { text?: string }[];
}

/** The terms' sections the booking flow repeats before the member accepts: deposits, deadlines, under-18s. */
const KEY_SECTIONS = /deposit|deadline|under 18/i;

/**
 * The key points of the terms, from the terms page's own content (never copied by hand): the text of every
 * block in the sections whose heading names deposits, booking deadlines or travellers under 18.
 */
export function termsKeyPoints(body: readonly TermsBlock[]): string[] {
  const points: string[] = [];
  let inKeySection = false;
  for (const block of body) {
    const text = (block.children ?? [])
      .map((child) => child.text ?? '')
      .join('')
      .trim();
    if (block.style === 'h2' || block.style === 'h3') {
      inKeySection = KEY_SECTIONS.test(text);
      continue;
    }
    if (inKeySection && text) points.push(text);
  }
  return points;
}
