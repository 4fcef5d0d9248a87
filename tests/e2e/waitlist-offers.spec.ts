import { expect, test, type Page } from '@playwright/test';
import { openAdminScreen } from '../helpers/admin';
import { axeViolations } from '../helpers/axe';
import { createClient } from '@supabase/supabase-js';
import {
  adminClient,
  createMember,
  runJob,
  supabaseUrl,
  uniqueEmail,
  waitForMail,
} from '../helpers/e2e-backend';
import { waitForIslandOf } from '../helpers/islands';
import { arrangeBooking, arrangeEvent } from '../helpers/member-bookings';

// Issue 23, decision 0082: a cancelled booking frees the place of a sold-out departure, the waitlist job
// offers it to the first in line by e-mail, and the visitor (no account yet) follows the link, registers
// from the login page, confirms, chooses a password and lands in the booking flow with the place held,
// although the departure shows as sold out to everyone else.

/** The page's own alerts and statuses (the toaster keeps empty ones of its own outside main). */
const main = (page: Page) => page.getByRole('main');

/** An admin cancels the booking through the API, as /admin/bookings does (cancel_booking). */
async function cancelAsAdmin(bookingId: string) {
  const admin = await createMember({ admin: true, fullName: 'Offer Admin' });
  const client = createClient(supabaseUrl(), process.env.E2E_SUPABASE_ANON_KEY ?? '', {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const { error: signInError } = await client.auth.signInWithPassword(admin);
  if (signInError) throw new Error(signInError.message);
  const { error } = await client.rpc('cancel_booking', {
    p_booking_id: bookingId,
    p_refund_cents: 0,
    p_credit_cents: 0,
    p_reason: 'The traveller cannot come after all.',
  });
  if (error) throw new Error(error.message);
}

/**
 * Runs the waitlist job at the next 5-minute mark, as `npm run jobs -- --at=… --job=waitlist-offers` does:
 * that job only, so other tests moving other jobs' clocks (to 2031) cannot leave it nothing due.
 */
async function runJobsSoon() {
  const at = new Date(Math.ceil(Date.now() / 300_000) * 300_000 + 1_000).toISOString();
  const { status, runs } = await runJob('waitlist-offers', at);
  expect(status).toBe(200);
  expect(runs).toContainEqual(expect.objectContaining({ jobname: 'waitlist-offers', status: 'succeeded' }));
}

test('a waitlisted visitor is offered a cancelled place, registers through the link and books it', async ({
  page,
}) => {
  test.slow();
  // A sold-out departure: one place, booked; a visitor waits for it.
  const event = await arrangeEvent({ start: '2030-05-10', end: '2030-05-12' });
  const { error: capacity } = await adminClient()
    .from('events')
    .update({ max_registrations: 1 })
    .eq('id', event.id);
  if (capacity) throw new Error(capacity.message);
  const holder = await createMember({ fullName: 'Harry Holder' });
  const booking = await arrangeBooking({ userId: holder.id, eventId: event.id, totalCents: 120000 });
  const email = uniqueEmail('waitlisted');
  const { error: joined } = await adminClient()
    .from('waitlist_submissions')
    .insert({ event_name: event.title, event_id: event.id, full_name: 'Wendy Waiting', email });
  if (joined) throw new Error(joined.message);

  // The booking is cancelled; the job offers the place to Wendy.
  await cancelAsAdmin(booking.id);
  await runJobsSoon();
  const offer = await waitForMail(email, /^A place has come up: /);
  expect(offer.text).toContain('A place has come up on');
  expect(offer.text).toContain('We are holding it for you until');
  const link = offer.links.find((candidate) => candidate.includes('/book?offer='));
  expect(link).toMatch(/\/book\?offer=[0-9a-f]{64}$/);
  const { data: state } = await adminClient()
    .rpc('departure_availability', { event_ids: [event.id] })
    .single();
  expect(state, 'the held place is nobody else’s').toMatchObject({ state: 'sold-out', places_left: 0 });

  // No account yet: the link (on the company's site address; here its path on the test's site) leads to
  // the login page, which keeps the way back; Wendy registers there.
  const offerUrl = new URL(link ?? '');
  const offerPath = `${offerUrl.pathname}${offerUrl.search}`;
  await page.goto(offerPath);
  await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('next') === offerPath);
  // The tabs are the login island's: a click before it has hydrated would hit the server-rendered markup.
  const registerTab = page.getByRole('tab', { name: 'Register' });
  await waitForIslandOf(registerTab);
  await registerTab.click();
  const form = page.getByRole('form', { name: 'Register' });
  await waitForIslandOf(form);
  await form.getByLabel('Full name').fill('Wendy Waiting');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill('typed-at-signup-1');
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.locator('#toaster').getByText('Registration Successful!')).toBeVisible();

  // The confirmation link brings her back to the offer; she chooses her password first.
  const confirm = await waitForMail(email, /confirm/i);
  const verify = confirm.links.find((candidate) => candidate.includes('/auth/v1/verify'));
  await page.goto(verify ?? '');
  await page.waitForURL((url) => url.pathname === '/book' && url.searchParams.has('offer'));
  await expect(page.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('my-own-pass-2');
  await page.getByRole('button', { name: 'Save Password' }).click();

  // The flow on the held place: the departure shows 1 place for her although it is sold out to others.
  await expect(main(page).getByRole('status').filter({ hasText: 'We are holding 1 place' })).toContainText(
    /until .+ \(Sydney time\)\. Book before then to keep it\./,
  );
  await expect(page.getByRole('heading', { name: 'Step 1 of 4: Travellers', level: 2 })).toBeVisible();
  await expect(page.getByRole('region', { name: event.title })).toContainText('1 place left');
  expect(await axeViolations(page), 'the offer’s booking flow').toEqual([]);
  await page.getByRole('button', { name: 'Add a new traveller' }).click();
  const traveller = page.getByRole('form', { name: 'Add traveller' });
  await traveller.getByLabel('Full name').fill('Wendy Waiting');
  await traveller.getByLabel('Date of birth').fill('1985-07-20');
  await traveller.getByRole('button', { name: 'Add traveller' }).click();
  await expect(page.getByRole('checkbox', { name: /Wendy Waiting/ })).toBeChecked();
  await page.getByRole('button', { name: 'Continue to price' }).click();
  await expect(page.getByRole('heading', { name: 'Step 2 of 4: Price', level: 2 })).toBeVisible();
  await page.getByRole('button', { name: 'Continue to terms' }).click();
  await page.getByRole('checkbox', { name: /I have read and accept the terms/ }).check();
  await page.getByRole('button', { name: 'Continue to confirm' }).click();
  await expect(page.getByRole('heading', { name: 'Step 4 of 4: Confirm and pay', level: 2 })).toBeVisible();
  await page.getByRole('button', { name: 'Book and pay by bank transfer' }).click();
  await expect(page.getByRole('heading', { name: 'Your places are held', level: 2 })).toBeFocused();

  // The offer is taken with her booking; the departure is full again.
  const { data: offers, error } = await adminClient()
    .from('waitlist_offers')
    .select('state, booking_id, bookings(status, travellers, profiles(full_name))')
    .eq('event_id', event.id);
  if (error) throw new Error(error.message);
  expect(offers).toEqual([
    {
      state: 'taken',
      booking_id: expect.any(String),
      bookings: { status: 'pending', travellers: 1, profiles: { full_name: 'Wendy Waiting' } },
    },
  ]);
});

test('an admin sees the offers on /admin/waitlist, is told when no place is free, offers one and withdraws it', async ({
  page,
}) => {
  const event = await arrangeEvent({ start: '2030-06-10', end: '2030-06-12' });
  const service = adminClient();
  const { error: capacity } = await service
    .from('events')
    .update({ max_registrations: 1 })
    .eq('id', event.id);
  if (capacity) throw new Error(capacity.message);
  const holder = await createMember({ fullName: 'Holly Holder' });
  await arrangeBooking({ userId: holder.id, eventId: event.id, totalCents: 120000 });
  const email = uniqueEmail('by-hand');
  const { error: joined } = await service
    .from('waitlist_submissions')
    .insert({ event_name: event.title, event_id: event.id, full_name: 'Hana Hand', email });
  if (joined) throw new Error(joined.message);

  await openAdminScreen(
    page,
    `/admin/waitlist?event=${encodeURIComponent(event.title)}`,
    'Waitlist and enquiries',
  );
  const row = page
    .getByRole('table', { name: 'Waitlist entries' })
    .locator('tbody tr')
    .filter({ hasText: email });
  await expect(row).toContainText('None');

  // Full: the database says so in the dialog, and nothing is offered.
  await row.getByRole('button', { name: 'Offer a place' }).click();
  const dialog = page.getByRole('dialog', { name: 'Offer a place to Hana Hand' });
  await expect(dialog.getByLabel('Places to offer')).toHaveValue('1');
  expect(await axeViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Send the offer' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'No places are free on this departure. Add places to the departure first, or offer fewer.',
  );

  // One more place on the departure: the offer goes, the row shows it held, the e-mail has the link.
  const { error: more } = await service.from('events').update({ max_registrations: 2 }).eq('id', event.id);
  if (more) throw new Error(more.message);
  await dialog.getByRole('button', { name: 'Send the offer' }).click();
  await expect(page.getByText('Hana Hand was e-mailed an offer of 1 place.')).toBeVisible();
  await expect(row).toContainText(`Offered1 place on ${event.title}, held until`);
  const offer = await waitForMail(email, /^A place has come up: /);
  expect(offer.links.some((candidate) => /\/book\?offer=[0-9a-f]{64}$/.test(candidate))).toBe(true);

  // Withdrawn: asked first, then the place is free again.
  await row.getByRole('button', { name: 'Withdraw offer' }).click();
  await page
    .getByRole('dialog', { name: 'Withdraw this offer?' })
    .getByRole('button', { name: 'Withdraw offer' })
    .click();
  await expect(row).toContainText('Offer withdrawn');
  const { data: state } = await service.rpc('departure_availability', { event_ids: [event.id] }).single();
  expect(state).toMatchObject({ state: 'open', places_left: 1 });
});
