import { describe, expect, it } from 'vitest';
import { EMPTY_EVENT, eventFormSchema, toForm, toValues } from './event-form';
import { quoted } from './events.data';

const FILLED = {
  ...EMPTY_EVENT,
  title: '  Ghosts of Ballarat ',
  description: ' ',
  location: 'Ballarat ',
  start_date: '2027-06-01',
  end_date: '2027-06-03',
  bookings_open_on: '2027-01-15',
  traveller_changes_close_days: '21',
  price: '1,200.5',
  capacity: ' 12 ',
  trip_slug: 'tasmania-paranormal-getaway',
  badge: 'locked-in',
};

describe('the event form', () => {
  it('saves trimmed text, empty optional fields as null and the price in cents', () => {
    expect(eventFormSchema.safeParse(FILLED).success).toBe(true);
    expect(toValues(FILLED)).toEqual({
      title: 'Ghosts of Ballarat',
      description: null,
      location: 'Ballarat',
      start_date: '2027-06-01',
      end_date: '2027-06-03',
      bookings_open_on: '2027-01-15',
      bookings_close_on: null,
      traveller_changes_close_days: 21,
      price_cents: 120050,
      currency: 'AUD',
      max_registrations: 12,
      event_type: 'paranormal',
      trip_slug: 'tasmania-paranormal-getaway',
      badge: 'locked-in',
      image_paths: [],
    });
  });

  it('shows a stored event as it was typed', () => {
    const values = toValues(FILLED);
    const form = toForm({
      ...values,
      id: 'e',
      slug: 's',
      status: 'draft',
      updated_at: '',
    });
    expect(form).toEqual({
      ...FILLED,
      title: 'Ghosts of Ballarat',
      description: '',
      location: 'Ballarat',
      price: '1200.50',
      capacity: '12',
    });
  });

  it('puts each problem on its field: an empty title, an end before the start, a backwards booking window', () => {
    const result = eventFormSchema.safeParse({
      ...FILLED,
      title: ' ',
      end_date: '2027-05-31',
      bookings_open_on: '2027-06-01',
      bookings_close_on: '2027-05-01',
      trip_slug: 'No!',
    });
    expect(result.success).toBe(false);
    const problems = Object.fromEntries(
      result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]),
    );
    expect(problems).toEqual({
      title: 'Please enter a title.',
      end_date: 'The end date cannot be before the start date.',
      bookings_open_on: 'Bookings must open before the start date.',
      bookings_close_on: 'Bookings cannot close before they open.',
      trip_slug: 'Choose a trip from the list.',
    });
  });
});

it("quotes the list's search for PostgREST's or(), LIKE wildcards matching themselves", () => {
  expect(quoted(' ghost ')).toBe('"*ghost*"');
  expect(quoted('100%_x')).toBe('"*100\\\\%\\\\_x*"');
  expect(quoted('say "boo", (now)')).toBe('"*say \\"boo\\", (now)*"');
});
