import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from '../helpers/axe';
import { adminClient, createMember, signInPage, uniqueEmail } from '../helpers/e2e-backend';
import { createEvent } from '../helpers/events';
import { arrangeBooking } from '../helpers/member-bookings';
import { readTheme, useStoredTheme, type Theme } from '../helpers/theme';

// axe on every admin route (src/features/admin/routes.tsx), in both themes, each screen with rows to show:
// a customer with a booking (its schedule half paid) and a traveller on an event departing soon, and an
// enquirer on its waitlist, so the records, the bookings, the plans, the active events and the manifest are
// scanned full, not empty. A screen is scanned once its own code and data are in: its h2 is shown, 'Loading
// page…' is gone, no loading status or busy table is left.

const THEMES: Theme[] = ['light', 'dark'];

interface Rows {
  customerId: string;
  bookingId: string;
  enquirerEmail: string;
  eventId: string;
}

async function arrangeRows(): Promise<Rows> {
  const customer = await createMember({ fullName: 'Ada Accessible' });
  const event = await createEvent({ title: 'Accessible Asylum', startsIn: 10 });
  // A schedule with one instalment paid and one due, so the booking and its plan show both.
  const booking = await arrangeBooking({
    userId: customer.id,
    eventId: event.id,
    totalCents: 120000,
    installments: [
      { due_date: '2026-01-15', amount_cents: 60000, paid_at: '2026-01-10T12:00:00Z' },
      { due_date: '2030-01-15', amount_cents: 60000 },
    ],
  });
  const client = adminClient();
  const { data: traveller, error } = await client
    .from('travellers')
    .insert({ user_id: customer.id, full_name: 'Ada Accessible' })
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  const linked = await client
    .from('booking_travellers')
    .insert({ booking_id: booking.id, traveller_id: traveller.id });
  if (linked.error) throw new Error(linked.error.message);
  // An enquirer: on a waitlist, with no account (the customer record is keyed by the e-mail address).
  const enquirerEmail = uniqueEmail('a11y-enquirer');
  const enquiry = await client.from('waitlist_submissions').insert({
    event_name: event.title,
    event_id: event.id,
    full_name: 'Edna Enquirer',
    email: enquirerEmail,
  });
  if (enquiry.error) throw new Error(enquiry.error.message);
  return { customerId: customer.id, bookingId: booking.id, enquirerEmail, eventId: event.id };
}

/** Every admin route, with real ids where the path takes one. */
function adminPaths({ customerId, bookingId, enquirerEmail, eventId }: Rows): string[] {
  return [
    '/admin',
    '/admin/management',
    '/admin/customers',
    `/admin/customers/${customerId}`,
    `/admin/customers/${encodeURIComponent(enquirerEmail)}`,
    '/admin/bookings',
    `/admin/bookings/${bookingId}`,
    '/admin/manage-plan',
    `/admin/manage-plan/${bookingId}`,
    '/admin/events',
    '/admin/event-management',
    `/admin/event-management?id=${eventId}`,
    '/admin/active-events',
    `/admin/active-events/${eventId}/manifest`,
    '/admin/waitlist',
    '/admin/waitlist?filter=interest',
    '/admin/waitlist?filter=contact',
    '/admin/moderation',
    '/admin/event-updates',
    '/admin/polls',
    '/admin/forms',
    '/admin/payment-plans',
    '/admin/create-payment-plan',
    '/admin/payment-settings',
    '/admin/merchandise',
    '/admin/merchandise/product',
    // The seed's T-shirt (supabase/seed.sql), with its sizes.
    '/admin/merchandise/product?id=c1000000-0000-4000-8000-000000000001',
    '/admin/store',
  ];
}

async function scan(page: Page, path: string, theme: Theme): Promise<string[]> {
  await page.goto(path);
  // AdminPage's h2 (the footer has h2s of its own).
  await expect(page.locator('h2#admin-page-title')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Loading page…')).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: /Loading/ })).toHaveCount(0, { timeout: 15_000 });
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
  expect(await readTheme(page)).toBe(theme);
  return (await axeViolations(page)).map((violation) => `${path}: ${violation}`);
}

// The screens in a few parts, each its own test (with its own rows), so a slow machine scans them in time.
const PARTS = 4;

for (const theme of THEMES) {
  test.describe(`${theme} theme`, () => {
    test.beforeEach(async ({ context }) => {
      await useStoredTheme(context, theme);
    });

    for (let part = 0; part < PARTS; part++)
      test(`axe finds no violations on the admin screens, part ${part + 1} of ${PARTS}`, async ({ page }) => {
        test.slow();
        const paths = adminPaths(await arrangeRows());
        const size = Math.ceil(paths.length / PARTS);
        const admin = await createMember({ admin: true, fullName: 'Alex Auditor' });
        await signInPage(page, admin);
        const violations: string[] = [];
        for (const path of paths.slice(part * size, (part + 1) * size))
          violations.push(...(await scan(page, path, theme)));
        expect(violations).toEqual([]);
      });
  });
}
