import { expect, test, type Page, type Request } from '@playwright/test';
import { axeViolations } from '../helpers/axe';
import { adminClient, createMember, signInPage, supabaseUrl, type TestMember } from '../helpers/e2e-backend';
import { pointAtThePage, waitForIslandOf } from '../helpers/islands';
import { arrangeBooking, arrangeEvent } from '../helpers/member-bookings';
import { readTheme, useStoredTheme, type Theme } from '../helpers/theme';

/**
 * A database request the booking flow makes: made from /book, and not the cart's sign-in merge
 * (public.merge_cart, decision 0086). A member signing in on /login merges there; these tests store the
 * session instead, so the first page that sees it merges, sometimes /book.
 */
function isFlowRequest(request: Request): boolean {
  return (
    request.url().startsWith(supabaseUrl()) &&
    request.frame().url().includes('/book?') &&
    !request.url().includes('/rpc/merge_cart')
  );
}

// Issue 21, decision 0072: the member's booking flow (/book?event=<id>) on top of book_departure and
// quote_booking, and the Book buttons that lead to it.

const THEMES: Theme[] = ['dark', 'light'];
const TASMANIA = 'e0000000-0000-4000-8000-000000000006';

/** The page's own alerts (the toaster keeps an empty one of its own outside main). */
const alertIn = (page: Page) => page.getByRole('main').getByRole('alert');

/** A published departure of the test's own (so the seed's places stay as other specs expect them). */
async function departure(maxRegistrations: number | null, title?: string) {
  const event = await arrangeEvent({ start: '2030-03-10', end: '2030-03-14', ...(title ? { title } : {}) });
  const { error } = await adminClient()
    .from('events')
    .update({ max_registrations: maxRegistrations })
    .eq('id', event.id);
  if (error) throw new Error(error.message);
  return event;
}

async function saveTraveller(member: TestMember, fullName: string, dateOfBirth: string): Promise<string> {
  const { data, error } = await adminClient()
    .from('travellers')
    .insert({ user_id: member.id, full_name: fullName, date_of_birth: dateOfBirth })
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  return data.id;
}

/** The step's heading, focused as the step opens, and nothing still loading. */
async function atStep(page: Page, heading: string) {
  const title = page.getByRole('heading', { name: heading, level: 2 });
  await expect(title).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /Loading|Working out/ })).toHaveCount(0);
  return title;
}

async function axeClean(page: Page, theme: Theme, where: string) {
  expect(await readTheme(page)).toBe(theme);
  expect(await axeViolations(page), where).toEqual([]);
}

for (const theme of THEMES) {
  test(`a member books themself and a child, then sees how to pay (axe on every step, ${theme} theme)`, async ({
    page,
    context,
  }) => {
    test.slow();
    await useStoredTheme(context, theme);
    const event = await departure(20, `Whitby Abbey Night ${theme}`);
    const member = await createMember({ fullName: 'Mina Murray' });
    await saveTraveller(member, 'Mina Murray', '1990-05-01');
    await signInPage(page, member);

    // The departure's page offers it while it is open.
    await page.goto(`/event-details/${event.id}`);
    const book = page.getByRole('link', { name: 'Book Event', exact: true });
    await expect(book).toHaveAttribute('href', `/book?event=${event.id}`);

    // Every request to the database from opening the flow to the confirmation (the issue asks for it).
    const requests: string[] = [];
    page.on('request', (request) => {
      // Only the flow's own: a late read of the page before it does not count.
      if (isFlowRequest(request)) requests.push(`${request.method()} ${new URL(request.url()).pathname}`);
    });
    await book.click();
    await page.waitForURL(`**/book?event=${event.id}`);
    const step1 = await atStep(page, 'Step 1 of 4: Travellers');
    await expect(page.getByRole('region', { name: event.title })).toContainText('20 places left');
    await axeClean(page, theme, 'travellers');

    // A child added inline (the traveller form), chosen at once; alone, the member is told before booking.
    await page.getByRole('button', { name: 'Add a new traveller' }).click();
    const form = page.getByRole('form', { name: 'Add traveller' });
    await form.getByLabel('Full name').fill('Lucy Murray');
    await form.getByLabel('Date of birth').fill('2018-06-01');
    await axeClean(page, theme, 'travellers, adding one');
    await form.getByRole('button', { name: 'Add traveller' }).click();
    const lucy = page.getByRole('checkbox', { name: /Lucy Murray/ });
    await expect(lucy).toBeChecked();
    await expect(
      page.getByRole('status').filter({ hasText: 'A traveller under 18 needs an adult' }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Continue to price' }).click();
    await expect(alertIn(page)).toHaveText('A traveller under 18 needs an adult on the same booking.');
    await expect(step1).toBeVisible();

    // The member as the adult: on to the price, by keyboard.
    const mina = page.getByRole('checkbox', { name: /Mina Murray/ });
    await mina.focus();
    await page.keyboard.press('Space');
    await expect(mina).toBeChecked();
    await expect(alertIn(page)).toHaveCount(0);
    await page.getByRole('button', { name: 'Continue to price' }).click();
    const step2 = await atStep(page, 'Step 2 of 4: Price');
    await expect(step2).toBeFocused();
    const price = page.getByTestId('book-price');
    await expect(price).toContainText('Price per traveller$1,200.00');
    await expect(price).toContainText('Travellers2');
    await expect(price).toContainText('Total$2,400.00');
    await expect(price).toContainText('Deposit due now$1,600.00');
    await expect(page.getByRole('table', { name: 'Then the balance' }).getByRole('row')).toHaveText([
      'Due dateAmount',
      '10th December, 2029$800.00',
    ]);
    await axeClean(page, theme, 'price');

    // The terms: their key points from the terms page, a box that starts unticked and must be ticked.
    await page.getByRole('button', { name: 'Continue to terms' }).click();
    await atStep(page, 'Step 3 of 4: Terms');
    await expect(
      page.getByText('The deposit is non-refundable, including if you later cancel'),
    ).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: /terms and conditions/ })).toHaveAttribute(
      'href',
      '/terms',
    );
    const accept = page.getByRole('checkbox', { name: /I have read and accept the terms/ });
    await expect(accept).not.toBeChecked();
    await page.getByRole('button', { name: 'Continue to confirm' }).click();
    await expect(alertIn(page)).toHaveText('Please accept the terms and conditions to book.');
    await axeClean(page, theme, 'terms, not accepted');
    await accept.check();
    await page.getByRole('button', { name: 'Continue to confirm' }).click();

    await atStep(page, 'Step 4 of 4: Confirm and pay');
    await expect(page.getByText('Lucy Murray and Mina Murray')).toBeVisible();
    await axeClean(page, theme, 'confirm');
    await page.getByRole('button', { name: 'Book and pay by bank transfer' }).click();

    const done = page.getByRole('heading', { name: 'Your places are held', level: 2 });
    await expect(done).toBeFocused();
    const { data: booking, error } = await adminClient()
      .from('bookings')
      .select('id, bank_reference, status, travellers, terms_version, hold_expires_at')
      .eq('user_id', member.id)
      .single();
    if (error) throw new Error(error.message);
    expect(booking).toMatchObject({ status: 'pending', travellers: 2, terms_version: '2026-11' });
    expect(booking.bank_reference).toMatch(/^HH[A-HJ-NP-Z2-9]{8}$/);
    const pay = page.getByRole('region', { name: 'How to pay by bank transfer' });
    await expect(pay).toContainText('Account nameHaunted Horizons Pty Ltd');
    await expect(pay).toContainText('BSB062-000');
    await expect(pay).toContainText('Account number12345678');
    await expect(pay).toContainText(`Reference${booking.bank_reference}`);
    await expect(pay).toContainText('Amount$1,600.00');
    await expect(page.getByText(/holding the 2 places until .+ on .+ \(Sydney time\)/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Manage booking' })).toHaveAttribute(
      'href',
      `/manage-booking?booking=${booking.id}`,
    );
    await expect(page.getByRole('link', { name: 'View payment plan' })).toHaveAttribute(
      'href',
      `/manage-payment-plan?booking=${booking.id}`,
    );
    await axeClean(page, theme, 'booked');
    test.info().annotations.push({
      type: 'requests from opening /book to the confirmation',
      description: `${requests.length}: ${requests.join(', ')}`,
    });
    console.log(`booking flow requests (${requests.length}):\n  ${requests.join('\n  ')}`);
    // 10 measured: the session, the departure, its places, the travellers, the new one and the list again,
    // the quote, the terms version, the booking (decision 0072), then on the confirmation how to pay: the
    // company's bank details, whether it takes cards and the surcharge in one read (decision 0089). Never one
    // per keystroke or step.
    expect(requests.filter((request) => request.includes('card_payments_enabled'))).toEqual([]);
    expect(requests.length).toBeLessThanOrEqual(10);
  });
}

test('on a departure with rooms, a member chooses a room per traveller and pays the supplement (axe on the rooms step in both themes)', async ({
  page,
  context,
}) => {
  test.slow();
  const event = await departure(20, `Borley Rectory Rooms ${Date.now()}`);
  const { error: optionsError } = await adminClient()
    .from('event_room_options')
    .insert([
      { event_id: event.id, label: 'Twin share', supplement_cents: 0, sort_order: 0 },
      { event_id: event.id, label: 'Single room', supplement_cents: 65000, sort_order: 1 },
    ]);
  if (optionsError) throw new Error(optionsError.message);
  const member = await createMember({ fullName: 'Arthur Holmwood' });
  const arthur = await saveTraveller(member, 'Arthur Holmwood', '1980-02-01');
  const lucy = await saveTraveller(member, 'Lucy Westenra', '1982-03-01');
  await signInPage(page, member);

  /** From the first step to the rooms step with both travellers chosen. */
  const toRooms = async () => {
    await page.goto(`/book?event=${event.id}`);
    await atStep(page, 'Step 1 of 5: Travellers');
    await expect(page.getByRole('navigation', { name: 'Booking steps' }).getByRole('listitem')).toHaveText([
      '1. Travellers',
      '2. Rooms',
      '3. Price',
      '4. Terms',
      '5. Confirm and pay',
    ]);
    await page.getByRole('checkbox', { name: /Arthur Holmwood/ }).check();
    await page.getByRole('checkbox', { name: /Lucy Westenra/ }).check();
    await page.getByRole('button', { name: 'Continue to rooms' }).click();
    const heading = await atStep(page, 'Step 2 of 5: Rooms');
    await expect(heading).toBeFocused();
  };

  await useStoredTheme(context, 'light');
  await toRooms();
  await axeClean(page, 'light', 'rooms, light');

  // The same flow in the dark theme, counting its requests: the options came with the departure's read.
  await useStoredTheme(context, 'dark');
  const requests: string[] = [];
  page.on('request', (request) => {
    if (isFlowRequest(request)) requests.push(`${request.method()} ${new URL(request.url()).pathname}`);
  });
  await toRooms();
  const arthurRooms = page.getByRole('group', { name: 'Arthur Holmwood' });
  const lucyRooms = page.getByRole('group', { name: 'Lucy Westenra' });
  await expect(arthurRooms.getByRole('radio')).toHaveCount(2);
  await expect(arthurRooms.getByRole('radio', { name: 'Twin share (no supplement)' })).not.toBeChecked();
  await expect(arthurRooms.getByRole('radio', { name: 'Single room (+$650.00 supplement)' })).toBeVisible();
  await axeClean(page, 'dark', 'rooms, dark');

  // No room yet: the step says whose is missing; by keyboard, Lucy takes the single room.
  await arthurRooms.getByRole('radio', { name: 'Twin share (no supplement)' }).check();
  await page.getByRole('button', { name: 'Continue to price' }).click();
  await expect(alertIn(page)).toHaveText('Choose a room for Lucy Westenra.');
  await axeClean(page, 'dark', 'rooms, a room missing');
  const lucyTwin = lucyRooms.getByRole('radio', { name: 'Twin share (no supplement)' });
  await lucyTwin.focus();
  await page.keyboard.press('Space');
  await expect(lucyTwin).toBeChecked();
  await page.keyboard.press('ArrowDown');
  await expect(lucyRooms.getByRole('radio', { name: 'Single room (+$650.00 supplement)' })).toBeChecked();
  await expect(alertIn(page)).toHaveCount(0);
  await page.getByRole('button', { name: 'Continue to price' }).click();

  const step3 = await atStep(page, 'Step 3 of 5: Price');
  await expect(step3).toBeFocused();
  await expect(page.getByRole('table', { name: 'Price per traveller' }).getByRole('row')).toHaveText([
    'TravellerRoomPrice',
    'Arthur HolmwoodTwin share$1,200.00',
    'Lucy WestenraSingle room$1,850.00 (includes $650.00 supplement)',
  ]);
  const price = page.getByTestId('book-price');
  await expect(price).toContainText('Travellers2');
  await expect(price).toContainText('Total$3,050.00');
  // The deposit stays per traveller; the supplement is paid with the balance (decision 0077).
  await expect(price).toContainText('Deposit due now$1,600.00');
  await expect(page.getByRole('table', { name: 'Then the balance' }).getByRole('row')).toHaveText([
    'Due dateAmount',
    '10th December, 2029$1,450.00',
  ]);
  await axeClean(page, 'dark', 'price with rooms');

  // Back keeps the rooms; on to the terms and the booking.
  await page.getByRole('button', { name: 'Back to rooms' }).click();
  await atStep(page, 'Step 2 of 5: Rooms');
  await expect(lucyRooms.getByRole('radio', { name: /Single room/ })).toBeChecked();
  await page.getByRole('button', { name: 'Continue to price' }).click();
  await page.getByRole('button', { name: 'Continue to terms' }).click();
  await atStep(page, 'Step 4 of 5: Terms');
  await page.getByRole('checkbox', { name: /I have read and accept the terms/ }).check();
  await page.getByRole('button', { name: 'Continue to confirm' }).click();
  await atStep(page, 'Step 5 of 5: Confirm and pay');
  await expect(page.getByTestId('book-price')).toContainText('Total$3,050.00');
  await page.getByRole('button', { name: 'Book and pay by bank transfer' }).click();
  await expect(page.getByRole('heading', { name: 'Your places are held', level: 2 })).toBeFocused();

  const { data: booking, error } = await adminClient()
    .from('bookings')
    .select(
      'id, total_cents, travellers, booking_travellers(traveller_id, room_label, room_supplement_cents)',
    )
    .eq('user_id', member.id)
    .single();
  if (error) throw new Error(error.message);
  // The booking's total is the quote's.
  expect(booking.total_cents).toBe(305000);
  expect(booking.travellers).toBe(2);
  expect(
    Object.fromEntries(
      booking.booking_travellers.map((row) => [
        row.traveller_id,
        [row.room_label, row.room_supplement_cents],
      ]),
    ),
  ).toEqual({ [arthur]: ['Twin share', 0], [lucy]: ['Single room', 65000] });
  console.log(`booking flow with rooms requests (${requests.length}):\n  ${requests.join('\n  ')}`);
  // The session, the departure with its options, its places, the travellers, the quote, the terms
  // version, the booking, and how to pay (bank details, cards and surcharge in one read, decision 0089) for
  // the payment step: nothing read for the rooms on their own.
  expect(requests.filter((request) => request.includes('event_room_options'))).toEqual([]);
  expect(requests.length).toBeLessThanOrEqual(8);
});

test('a departure that is full says Sold out; one that fills while the member books refuses in words', async ({
  page,
}) => {
  const member = await createMember({ fullName: 'Jonathan Harker' });
  await saveTraveller(member, 'Jonathan Harker', '1985-01-01');
  await saveTraveller(member, 'Quincey Morris', '1984-01-01');
  const someone = await createMember();
  await signInPage(page, member);

  // Full before the member arrives: no steps, the state in words.
  const full = await departure(2);
  await arrangeBooking({ userId: someone.id, eventId: full.id, totalCents: 240000, travellers: 2 });
  await page.goto(`/book?event=${full.id}`);
  await expect(alertIn(page)).toHaveText('Sold out: this departure cannot be booked online now.');
  await expect(page.getByRole('heading', { name: /^Step/ })).toHaveCount(0);

  // Places taken while the member goes through the steps: book_departure's PT409 in words, nothing lost.
  const filling = await departure(3);
  await page.goto(`/book?event=${filling.id}`);
  await atStep(page, 'Step 1 of 4: Travellers');
  await page.getByRole('checkbox', { name: /Jonathan Harker/ }).check();
  await page.getByRole('checkbox', { name: /Quincey Morris/ }).check();
  await page.getByRole('button', { name: 'Continue to price' }).click();
  await page.getByRole('button', { name: 'Continue to terms' }).click();
  await page.getByRole('checkbox', { name: /I have read and accept/ }).check();
  await page.getByRole('button', { name: 'Continue to confirm' }).click();
  await atStep(page, 'Step 4 of 4: Confirm and pay');
  await arrangeBooking({ userId: someone.id, eventId: filling.id, totalCents: 240000, travellers: 2 });
  await page.getByRole('button', { name: 'Book and pay by bank transfer' }).click();
  const refusal = alertIn(page);
  await expect(refusal).toContainText(
    'Only 1 place left on this departure. Choose fewer travellers to book.',
  );
  await refusal.getByRole('button', { name: 'Choose travellers again' }).click();
  await atStep(page, 'Step 1 of 4: Travellers');
  await expect(page.getByRole('region', { name: filling.title })).toContainText('1 place left');
  // What the member chose is still chosen; the step now says why it cannot go on.
  await expect(page.getByRole('checkbox', { name: /Quincey Morris/ })).toBeChecked();
  await page.getByRole('button', { name: 'Continue to price' }).click();
  await expect(alertIn(page)).toHaveText('Only 1 place left on this departure. Choose one traveller.');

  // The last place goes too: Sold out.
  await page.getByRole('checkbox', { name: /Quincey Morris/ }).uncheck();
  await page.getByRole('button', { name: 'Continue to price' }).click();
  await page.getByRole('button', { name: 'Continue to terms' }).click();
  await page.getByRole('button', { name: 'Continue to confirm' }).click();
  await arrangeBooking({ userId: someone.id, eventId: filling.id, totalCents: 120000, travellers: 1 });
  await page.getByRole('button', { name: 'Book and pay by bank transfer' }).click();
  await expect(alertIn(page)).toContainText('Sold out: every place on this departure has been taken.');
  const { count } = await adminClient()
    .from('bookings')
    .select('id', { count: 'exact', head: true })
    .eq('user_id', member.id);
  expect(count).toBe(0);
});

test('a visitor pressing Book on a trip page signs in and comes back to the booking flow', async ({
  page,
}) => {
  const member = await createMember();
  await page.goto('/tours/tasmania-paranormal-getaway');
  const onSale = page.getByRole('list', { name: 'Departures on sale' });
  const book = onSale.getByRole('link', { name: 'Book Now' });
  await expect(book).toBeVisible();
  await expect(book).toHaveAttribute('href', `/book?event=${TASMANIA}`);
  await book.click();
  await page.waitForURL(/\/login\?next=/);
  expect(new URL(page.url()).searchParams.get('next')).toBe(`/book?event=${TASMANIA}`);
  const form = page.getByRole('form', { name: 'Login' });
  await waitForIslandOf(form);
  await form.getByLabel('Email').fill(member.email);
  await form.getByLabel('Password', { exact: true }).fill(member.password);
  await form.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(`**/book?event=${TASMANIA}`);
  await atStep(page, 'Step 1 of 4: Travellers');
  await expect(page.getByRole('region', { name: 'Tasmania Paranormal Getaway' })).toBeVisible();
});

test('a departure not yet open has no Book button on its trip page', async ({ page }) => {
  await page.goto('/tours/vietnam-battlefield-tour');
  const onSale = page.getByRole('list', { name: 'Departures on sale' });
  await expect(onSale.getByText(/Booking opens 1st March/)).toBeVisible();
  // The link is in the page (its room kept) but never shown, nor in the accessibility tree.
  const book = onSale.locator('a[href^="/book?event="]');
  await expect(book).toHaveCount(1);
  await expect(book).toBeHidden();
  await expect(onSale.getByRole('link', { name: 'Book Now' })).toHaveCount(0);
});

test('each card on /events offers its departure’s booking flow', async ({ page }) => {
  const event = await departure(null, `Booked Belfry ${Date.now()}`);
  await page.goto('/events');
  await pointAtThePage(page);
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: event.title }) });
  const book = card.getByRole('link', { name: 'Book Now' });
  await expect(book).toHaveAttribute('href', `/book?event=${event.id}`, { timeout: 30_000 });
  await expect(book).toHaveAccessibleDescription(event.title);
});
