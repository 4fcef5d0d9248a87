import { describe, expect, it } from 'vitest';
import { formatPrice } from '../../lib/format/currency';
import { DataError } from '../../lib/supabase/data';
import {
  ADULT_NEEDED,
  bookPath,
  eventIdFrom,
  holdEndsLabel,
  isMinorOn,
  namesList,
  priceSummary,
  refusalOf,
  roomIdsFor,
  roomOptionLabel,
  roomsProblem,
  stepHeading,
  stepsFor,
  termsKeyPoints,
  travellerPrices,
  travellersProblem,
  type PickableTraveller,
  type RoomOption,
} from './book';

const ID = 'e0000000-0000-4000-8000-000000000006';
const START = '2027-02-12';
const adult: PickableTraveller = { id: 'a', full_name: 'Mina Murray', date_of_birth: '1990-05-01' };
const child: PickableTraveller = { id: 'c', full_name: 'Lucy Murray', date_of_birth: '2015-03-01' };
const undated: PickableTraveller = { id: 'u', full_name: 'Jonathan Harker', date_of_birth: null };

describe('the address', () => {
  it('reads the departure id from ?event=, lower case, and nothing else', () => {
    expect(eventIdFrom(`?event=${ID.toUpperCase()}`)).toBe(ID);
    expect(eventIdFrom('?event=tasmania')).toBeNull();
    expect(eventIdFrom('')).toBeNull();
  });

  it('builds the flow’s address that every Book button links to', () => {
    expect(bookPath(ID)).toBe(`/book?event=${ID}`);
    expect(eventIdFrom(bookPath(ID).slice('/book'.length))).toBe(ID);
  });
});

describe('the steps', () => {
  it('heads each step with its number and title, four steps without rooms', () => {
    const steps = stepsFor(false);
    expect(steps.map((step) => step.key)).toEqual(['travellers', 'price', 'terms', 'confirm']);
    expect(stepHeading(steps, 0)).toBe('Step 1 of 4: Travellers');
    expect(stepHeading(steps, 1)).toBe('Step 2 of 4: Price');
    expect(stepHeading(steps, 3)).toBe('Step 4 of 4: Confirm and pay');
    expect(() => stepHeading(steps, 4)).toThrow(RangeError);
  });

  it('has five steps with rooms between the travellers and the price when the departure offers rooms', () => {
    const steps = stepsFor(true);
    expect(steps.map((step) => step.key)).toEqual(['travellers', 'rooms', 'price', 'terms', 'confirm']);
    expect(stepHeading(steps, 1)).toBe('Step 2 of 5: Rooms');
    expect(stepHeading(steps, 2)).toBe('Step 3 of 5: Price');
    expect(stepHeading(steps, 4)).toBe('Step 5 of 5: Confirm and pay');
    expect(() => stepHeading(steps, 5)).toThrow(RangeError);
  });
});

describe('rooms', () => {
  const twin: RoomOption = { id: 'r-twin', label: 'Twin share', supplement_cents: 0 };
  const single: RoomOption = { id: 'r-single', label: 'Single room', supplement_cents: 65000 };
  const options = [twin, single];
  const ann: PickableTraveller = { id: 't-ann', full_name: 'Ann Lee', date_of_birth: '1980-01-01' };
  const bo: PickableTraveller = { id: 't-bo', full_name: 'Bo Lee', date_of_birth: '1982-01-01' };
  const cy: PickableTraveller = { id: 't-cy', full_name: 'Cy Lee', date_of_birth: '1984-01-01' };

  it('labels an option with its supplement, en-AU in the event’s currency', () => {
    expect(roomOptionLabel(twin, 'AUD')).toBe('Twin share (no supplement)');
    expect(roomOptionLabel(single, 'AUD')).toBe('Single room (+$650.00 supplement)');
    expect(roomOptionLabel({ ...single, supplement_cents: 123456 }, 'AUD')).toBe(
      'Single room (+$1,234.56 supplement)',
    );
    expect(roomOptionLabel(single, 'USD')).toBe(`Single room (+${formatPrice(65000, 'USD')} supplement)`);
  });

  it('sends one room per traveller in the travellers’ order, and none where no rooms are offered', () => {
    const rooms = { 't-bo': 'r-twin', 't-ann': 'r-single' };
    expect(roomIdsFor([ann, bo], rooms, options)).toEqual(['r-single', 'r-twin']);
    expect(roomIdsFor([bo, ann], rooms, options)).toEqual(['r-twin', 'r-single']);
    expect(roomIdsFor([ann, bo], rooms, [])).toBeUndefined();
    // A traveller without a room, or with an option the departure no longer offers: nothing to quote yet.
    expect(roomIdsFor([ann, bo, cy], rooms, options)).toBeUndefined();
    expect(roomIdsFor([ann], { 't-ann': 'r-gone' }, options)).toBeUndefined();
  });

  it('asks for a room for each traveller without one, by name', () => {
    expect(roomsProblem([ann, bo], { 't-ann': 'r-twin', 't-bo': 'r-single' }, options)).toBeUndefined();
    expect(roomsProblem([ann, bo], { 't-ann': 'r-twin' }, options)).toBe('Choose a room for Bo Lee.');
    expect(roomsProblem([ann, bo, cy], { 't-bo': 'r-gone' }, options)).toBe(
      'Choose a room for Ann Lee, Bo Lee and Cy Lee.',
    );
  });

  it('prices each traveller with their room’s supplement, and has no lines without rooms', () => {
    expect(
      travellerPrices(120000, 'AUD', [ann, bo], { 't-ann': 'r-single', 't-bo': 'r-twin' }, options),
    ).toEqual([
      { name: 'Ann Lee', room: 'Single room', price: '$1,850.00', supplement: '$650.00' },
      { name: 'Bo Lee', room: 'Twin share', price: '$1,200.00', supplement: null },
    ]);
    expect(travellerPrices(120000, 'AUD', [ann], {}, [])).toEqual([]);
  });
});

describe('isMinorOn', () => {
  it('counts 18 years to the day, on the day of departure', () => {
    expect(isMinorOn('2009-02-12', START)).toBe(false); // 18 on the day
    expect(isMinorOn('2009-02-13', START)).toBe(true); // 18 the day after
    expect(isMinorOn('1990-05-01', START)).toBe(false);
  });
});

describe('travellersProblem', () => {
  it('needs at least one traveller', () => {
    expect(travellersProblem([], null, START)).toBe('Choose at least one traveller.');
  });

  it('allows no more travellers than places left', () => {
    expect(travellersProblem([adult, child], 1, START)).toBe(
      'Only 1 place left on this departure. Choose one traveller.',
    );
    expect(travellersProblem([adult, child, undated], 2, START)).toBe(
      'Only 2 places left on this departure. Choose up to 2 travellers.',
    );
    expect(travellersProblem([adult], 0, START)).toBe('This departure is sold out.');
    expect(travellersProblem([adult, child], 2, START)).toBeUndefined();
    expect(travellersProblem([adult, child], null, START)).toBeUndefined();
  });

  it('asks for every date of birth, naming who lacks one', () => {
    expect(travellersProblem([adult, undated], null, START)).toBe(
      'Add a date of birth for Jonathan Harker before booking.',
    );
  });

  it('refuses under-18s on their own, not with an adult', () => {
    expect(travellersProblem([child], null, START)).toBe(ADULT_NEEDED);
    expect(ADULT_NEEDED).toBe('A traveller under 18 needs an adult on the same booking.');
    expect(travellersProblem([child, adult], null, START)).toBeUndefined();
  });
});

describe('namesList', () => {
  it('joins names the way a sentence does', () => {
    expect(namesList([])).toBe('');
    expect(namesList(['Ann'])).toBe('Ann');
    expect(namesList(['Ann', 'Bo'])).toBe('Ann and Bo');
    expect(namesList(['Ann', 'Bo', 'Cy'])).toBe('Ann, Bo and Cy');
  });
});

describe('priceSummary', () => {
  const today = '2026-11-29';

  it('shows the price, the total, the deposit due now and the balance’s instalments, en-AU', () => {
    const summary = priceSummary(
      120000,
      'AUD',
      2,
      [
        { due_date: today, amount_cents: 160000 },
        { due_date: '2027-11-14', amount_cents: 80000 },
      ],
      today,
    );
    expect(summary).toEqual({
      perTraveller: '$1,200.00',
      travellers: 2,
      total: '$2,400.00',
      totalCents: 240000,
      dueNow: '$1,600.00',
      dueNowCents: 160000,
      later: [{ date: '14th November, 2027', amount: '$800.00' }],
    });
  });

  it('formats in the event’s currency and splits a plan in parts', () => {
    const summary = priceSummary(
      85000,
      'USD',
      1,
      [
        { due_date: today, amount_cents: 80000 },
        { due_date: '2027-01-10', amount_cents: 2500 },
        { due_date: '2027-03-01', amount_cents: 2500 },
      ],
      today,
    );
    // en-AU writes US dollars 'USD 850.00' or 'US$850.00' (by ICU version): never as bare '$'.
    expect(summary?.perTraveller).toMatch(/^US(D\s|\$)850\.00$/);
    expect(summary?.dueNow).toBe(formatPrice(80000, 'USD'));
    expect(summary?.later.map((line) => line.amount)).toEqual([
      formatPrice(2500, 'USD'),
      formatPrice(2500, 'USD'),
    ]);
  });

  it('has everything due now close to departure, and nothing to show without a schedule', () => {
    const summary = priceSummary(120000, 'AUD', 1, [{ due_date: today, amount_cents: 120000 }], today);
    expect(summary?.dueNow).toBe('$1,200.00');
    expect(summary?.later).toEqual([]);
    expect(priceSummary(120000, 'AUD', 1, [], today)).toBeNull();
  });
});

describe('holdEndsLabel', () => {
  it('gives the time and date the hold ends in Sydney', () => {
    // 13:00 UTC on 2 December is midnight on 3 December in Sydney (AEDT, UTC+11).
    expect(holdEndsLabel('2026-12-02T13:00:00Z')).toBe('12:00 am on 3rd December, 2026 (Sydney time)');
    expect(holdEndsLabel('2026-12-02T06:30:00+00:00')).toBe('5:30 pm on 2nd December, 2026 (Sydney time)');
  });
});

describe('refusalOf', () => {
  it('maps PT409 to sold out, or to the places left', () => {
    expect(refusalOf(new DataError('sold out', 'PT409', 409))).toEqual({
      message: 'Sold out: every place on this departure has been taken.',
      soldOut: true,
    });
    expect(refusalOf(new DataError('only 2 places left', 'PT409', 409))?.message).toBe(
      'Only 2 places left on this departure. Choose fewer travellers to book.',
    );
    expect(refusalOf(new DataError('only 1 place left', 'PT409', 409))?.message).toBe(
      'Only 1 place left on this departure. Choose fewer travellers to book.',
    );
  });

  it('shows 22023 as the database wrote it, as a sentence, with its hint', () => {
    expect(
      refusalOf(new DataError('a traveller under 18 needs an adult on the same booking', '22023', 400)),
    ).toEqual({ message: 'A traveller under 18 needs an adult on the same booking.', soldOut: false });
    expect(
      refusalOf(
        new DataError(
          'accept the current terms (version 2026-12) to book',
          '22023',
          400,
          'Read the terms again, then accept them.',
        ),
      )?.message,
    ).toBe('Accept the current terms (version 2026-12) to book. Read the terms again, then accept them.');
  });

  it('leaves anything else to the generic error', () => {
    expect(refusalOf(new DataError('connection lost', undefined, 0))).toBeNull();
    expect(refusalOf(new Error('boom'))).toBeNull();
  });
});

describe('termsKeyPoints', () => {
  const block = (text: string, style = 'normal', listItem?: string) => ({
    style,
    ...(listItem ? { listItem } : {}),
    children: [{ text }],
  });

  it('takes the deposit, deadline and under-18 sections of the terms, and nothing else', () => {
    const points = termsKeyPoints([
      block('About these terms', 'h2'),
      block('These condensed terms summarise…'),
      block('Deposits', 'h2'),
      block('A deposit of $800 per person secures your place on a tour.', 'normal', 'bullet'),
      block('The deposit is non-refundable, including if you later cancel your booking.', 'normal', 'bullet'),
      block('Booking deadlines and prices', 'h2'),
      block('Our advertised prices require you to book at least 90 days before departure.'),
      block('Travellers under 18', 'h2'),
      block('Travellers under 18 must travel with a parent or guardian.'),
      block('Your rights', 'h2'),
      block('Nothing in these terms excludes the Australian Consumer Law.'),
    ]);
    expect(points).toEqual([
      'A deposit of $800 per person secures your place on a tour.',
      'The deposit is non-refundable, including if you later cancel your booking.',
      'Our advertised prices require you to book at least 90 days before departure.',
      'Travellers under 18 must travel with a parent or guardian.',
    ]);
    expect(termsKeyPoints([])).toEqual([]);
  });
});
