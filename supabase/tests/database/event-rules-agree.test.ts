import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EVENT_BADGES,
  eventBadgeProblem,
  eventBookingsCloseProblem,
  eventBookingsOpenProblem,
  eventCapacityProblem,
  eventCurrencyProblem,
  eventDepositProblem,
  eventDescriptionProblem,
  eventGstProblem,
  eventLocationProblem,
  eventPriorityDaysProblem,
  GST_TREATMENTS,
  eventPriceProblem,
  eventTitleProblem,
  eventTravellerChangesDaysProblem,
  isSlug,
  priceCents,
  priorityDays,
  travellerChangesDays,
} from '../../../src/features/admin/events/event-rules.ts';
import { ID, insertFixtures } from './fixtures.ts';
import { outcomeOf } from './run-as.ts';
import {
  createPreparedDatabase,
  DATABASE_KINDS,
  type TestDatabase,
} from '../../local/test/db/test-databases.ts';

// One rule per field (decision 0013) for the admin's event form: for every boundary value, the events
// table's CHECKs store exactly what src/features/admin/events/event-rules.ts accepts, in the shape the form saves it.
// Each value goes in as an admin's update of the draft fixture, as JSON, as supabase-js sends it.

const long = (n: number, char = 'a') => char.repeat(n);
const TEXT_VALUES = [
  '',
  ' ',
  'a',
  ' Ghost walk ',
  'Line\nbreak',
  'Tab\there',
  'Bell\u0007',
  'C1\u0085',
  'Emoji 👻',
  long(200),
  long(201),
  long(199) + '👻',
  long(200) + '👻',
  '\ud800 lone',
];
const DESCRIPTION_VALUES = [...TEXT_VALUES, long(10_000), long(10_001), 'Para\r\ngraphs\n\nhere'];

interface Field {
  column: string;
  problem: (value: string) => string | undefined;
  /** What the form saves for the typed value (undefined when the form refuses it). */
  saved: (value: string) => unknown;
  values: string[];
  /** The column's type, when not text. */
  type?: 'integer';
}

const optionalText = (value: string) => (value.trim() ? value.trim() : null);
const FIELDS: Field[] = [
  { column: 'title', problem: eventTitleProblem, saved: (value) => value.trim(), values: TEXT_VALUES },
  { column: 'location', problem: eventLocationProblem, saved: optionalText, values: TEXT_VALUES },
  {
    column: 'description',
    problem: eventDescriptionProblem,
    saved: optionalText,
    values: DESCRIPTION_VALUES,
  },
  {
    column: 'price_cents',
    type: 'integer',
    problem: eventPriceProblem,
    saved: priceCents,
    values: ['', '0', '0.5', '1200.50', '1,200', '1000000', '1000000.01', '-1', '1.234', 'abc'],
  },
  {
    column: 'max_registrations',
    type: 'integer',
    problem: eventCapacityProblem,
    saved: (value) => (value.trim() ? Number(value.trim()) : null),
    values: ['', '0', '1', '10000', '10001', '2.5', '-3'],
  },
  {
    column: 'deposit_per_traveller_cents',
    type: 'integer',
    problem: eventDepositProblem,
    saved: priceCents,
    values: ['', '0', '500', '800.50', '1,000', '1000000', '1000000.01', '-1', '1.234', 'abc'],
  },
  {
    column: 'gst_treatment',
    problem: eventGstProblem,
    saved: (value) => value,
    values: [...GST_TREATMENTS.map((treatment) => treatment.value), 'gst free', 'exempt', ''],
  },
  {
    column: 'traveller_changes_close_days',
    type: 'integer',
    problem: eventTravellerChangesDaysProblem,
    saved: travellerChangesDays,
    values: ['', ' ', '0', '30', '365', '366', '-1', '2.5', 'abc', ' 14 '],
  },
  {
    column: 'currency',
    problem: eventCurrencyProblem,
    saved: (value) => value.trim(),
    values: ['AUD', 'aud', 'AU', 'AUDD', 'US1'],
  },
  {
    column: 'badge',
    problem: eventBadgeProblem,
    saved: (value) => value,
    values: [...EVENT_BADGES.map((badge) => badge.value), 'sold-out', 'Live', ''],
  },
  {
    column: 'trip_slug',
    problem: (value) => (value === '' || isSlug(value) ? undefined : 'bad'),
    saved: (value) => value || null,
    values: ['', 'tasmania-paranormal-getaway', 'Tasmania', 'a--b', '-a', long(100), long(101)],
  },
];

describe.each(DATABASE_KINDS)('event field rules agree on $name', (kind) => {
  let testDb: TestDatabase;

  beforeAll(async () => {
    testDb = await createPreparedDatabase(kind);
    await insertFixtures(testDb.db);
  });
  afterAll(async () => {
    await testDb?.dispose();
  });

  for (const field of FIELDS)
    it(`stores ${field.column} exactly when the form accepts it`, async () => {
      for (const value of field.values) {
        const accepted = field.problem(value) === undefined;
        // Only what the form accepts has a saved shape; a refused value is sent as typed.
        const sent = accepted ? field.saved(value) : value;
        const outcome = await outcomeOf(
          testDb.db,
          'admin',
          `update public.events set ${field.column} = ($1::jsonb ->> 0)::${field.type ?? 'text'} where id = '${ID.draft}'`,
          [JSON.stringify([sent])],
        );
        expect(outcome === 1, `${field.column} = ${JSON.stringify(value)}`).toBe(accepted);
      }
    });

  // A limited release (next_room_priority_days) reads the limited box and the opening day: every value with
  // the box ticked and not, with an opening day and without, against events_next_room_priority_days_check and
  // events_priority_needs_opening_day. Not limited saves null whatever was typed.
  it('stores next_room_priority_days exactly when the form accepts it', async () => {
    for (const open of ['', '2027-02-01'])
      for (const limited of [false, true])
        for (const days of ['', '0', '1', '14', '365', '366', '2.5', '-3']) {
          const accepted = eventPriorityDaysProblem(days, limited, open) === undefined;
          const sent = accepted ? priorityDays(days, limited) : days.trim();
          const outcome = await outcomeOf(
            testDb.db,
            'admin',
            `update public.events set start_date = '2027-03-01', end_date = '2027-03-02',
               bookings_open_on = nullif($2, '')::date, next_room_priority_days = ($1::jsonb ->> 0)::smallint
             where id = '${ID.draft}'`,
            [JSON.stringify([sent]), open],
          );
          expect(outcome === 1, `limited ${limited}, ${JSON.stringify(days)} days, open ${open}`).toBe(
            accepted,
          );
        }
  });

  // The booking window's rules read three columns: every pair of days around a one-day departure's start,
  // sent as the form saves them (trimmed, an empty field as null), against events_booking_window_in_order
  // and events_bookings_before_departure; a day that is no date ('2027-02-29') the date type refuses.
  it('stores bookings_open_on and bookings_close_on exactly when the form accepts them', async () => {
    const start = '2027-03-01';
    const days = ['', ' ', '2026-12-31', '2027-02-28', '2027-03-01', '2027-03-02', '2027-02-29'];
    const saved = (day: string) => day.trim() || null;
    for (const open of days)
      for (const close of days) {
        const accepted =
          eventBookingsOpenProblem(open, start) === undefined &&
          eventBookingsCloseProblem(close, open, start) === undefined;
        const sent = [saved(open), saved(close)];
        const outcome = await outcomeOf(
          testDb.db,
          'admin',
          `update public.events set start_date = $2::date, end_date = $2::date,
             bookings_open_on = ($1::jsonb ->> 0)::date, bookings_close_on = ($1::jsonb ->> 1)::date
           where id = '${ID.draft}'`,
          [JSON.stringify(sent), start],
        );
        expect(outcome === 1, `open ${JSON.stringify(open)}, close ${JSON.stringify(close)}`).toBe(accepted);
      }
  });
});
