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
      deposit_per_traveller_cents: null,
      payment_plan_id: null,
      next_room_priority_days: null,
      gst_treatment: 'taxable',
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
      balance_instalments: 1,
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

  it('saves the booking settings: the deposit in cents, the plan, priority days only for a limited release', () => {
    const settings = {
      ...FILLED,
      deposit: '500.5',
      payment_plan_id: '0a7e0000-0000-4000-8000-000000000003',
      limited: true,
      priority_days: ' 14 ',
      gst_treatment: 'gst-free',
    };
    expect(eventFormSchema.safeParse(settings).success).toBe(true);
    expect(toValues(settings)).toMatchObject({
      deposit_per_traveller_cents: 50050,
      payment_plan_id: '0a7e0000-0000-4000-8000-000000000003',
      next_room_priority_days: 14,
      gst_treatment: 'gst-free',
    });
    expect(toValues({ ...settings, limited: false })).toMatchObject({ next_room_priority_days: null });
    const stored = toForm({
      ...toValues(settings),
      id: 'e',
      slug: 's',
      status: 'draft',
      updated_at: '',
      balance_instalments: 1,
    });
    expect(stored).toMatchObject({
      deposit: '500.50',
      limited: true,
      priority_days: '14',
      gst_treatment: 'gst-free',
    });
  });

  it('asks a limited release for its days and the opening day, on the days field', () => {
    const result = eventFormSchema.safeParse({
      ...FILLED,
      bookings_open_on: '',
      limited: true,
      priority_days: '14',
      deposit: 'x',
    });
    const problems = Object.fromEntries(
      result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]),
    );
    expect(problems).toEqual({
      deposit: 'Enter the deposit as a number, such as 500 or 500.50, or leave it empty.',
      priority_days: 'A limited release needs the day bookings open: set it above.',
    });
    const noDays = eventFormSchema.safeParse({ ...FILLED, limited: true, priority_days: '' });
    expect(noDays.error!.issues.map((issue) => issue.path.join('.'))).toEqual(['priority_days']);
  });
});

it("quotes the list's search for PostgREST's or(), LIKE wildcards matching themselves", () => {
  expect(quoted(' ghost ')).toBe('"*ghost*"');
  expect(quoted('100%_x')).toBe('"*100\\\\%\\\\_x*"');
  expect(quoted('say "boo", (now)')).toBe('"*say \\"boo\\", (now)*"');
});
