import { expect, test, type Locator, type Page } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import { randomUUID } from 'node:crypto';
import {
  adminClient,
  createMember,
  mailTo,
  sessionFor,
  supabaseUrl,
  uniqueEmail,
  waitForMail,
} from '../helpers/e2e-backend';
import { openWithKeyboard } from '../helpers/dialogs';
import { createEvent } from '../helpers/events';
import { gotoHydrated, waitForIslandOf } from '../helpers/islands';

// Trip news by double opt-in (decision 0059): joining a waitlist with the box ticked says to check the
// inbox, the address gets one confirmation e-mail, its link opens a page whose button confirms, and only
// then does an admin's update to the trip's waitlist reach the address by e-mail. An address ticked but
// never confirmed gets the confirmation e-mail and nothing else.

const TRIP = 'Vietnam Battlefield Tour';
const CONFIRM_SUBJECT = /^Please confirm trip news from /;

async function joinWaitlist(page: Page, fullName: string, email: string): Promise<void> {
  const trigger = page.getByRole('article', { name: TRIP }).getByRole('button', { name: 'Join Waitlist' });
  const dialog: Locator = page.getByRole('dialog', { name: new RegExp(`Waitlist.*${TRIP}`) });
  await openWithKeyboard(trigger, dialog);
  await waitForIslandOf(dialog.getByRole('button', { name: 'Add Me to the Waitlist' }));
  await dialog.getByRole('textbox', { name: 'Full name', exact: true }).fill(fullName);
  await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await dialog.getByRole('checkbox', { name: /news about trips/ }).check();
  await dialog.getByRole('button', { name: 'Add Me to the Waitlist' }).click();
  await expect(dialog, 'the entry is saved and the dialog closes').toBeHidden();
}

/** An admin's update to the waitlist of `eventId`, through the RPC the admin screen calls. */
async function sendToWaitlist(eventId: string, title: string) {
  const admin = await createMember({ admin: true });
  const session = await sessionFor(admin);
  const client = createClient(supabaseUrl(), process.env['E2E_SUPABASE_ANON_KEY']!, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers: { Authorization: `Bearer ${session.access_token}` } },
  });
  const { data, error } = await client
    .rpc('send_event_update', {
      event_id: eventId,
      title,
      body_doc: {
        type: 'doc',
        content: [{ type: 'paragraph', content: [{ type: 'text', text: 'A place is free.' }] }],
      },
      segment: 'waitlist',
    })
    .single();
  if (error || !data) throw new Error(`send failed: ${error?.message}`);
  return data;
}

test('waitlist with trip news: check your inbox, confirm by the link, then the news arrives; unconfirmed gets none', async ({
  page,
}) => {
  const keen = uniqueEmail('keen');
  const stranger = uniqueEmail('stranger');
  await gotoHydrated(page, '/');

  await joinWaitlist(page, 'Kim Keen', keen);
  await expect(page.getByText('Thanks!', { exact: true }).first()).toBeVisible();
  await expect(
    page.getByText(
      "You've been added to the waitlist for this event. Check your inbox to confirm trip news.",
    ),
  ).toBeVisible();
  // Someone else types an address that is not theirs, box ticked: its holder never confirms.
  await joinWaitlist(page, 'Sam Stranger', stranger);

  const confirmation = await waitForMail(keen, CONFIRM_SUBJECT);
  expect(confirmation.text).toContain('works for 7 days');
  const link = confirmation.links.find((href) => href.includes('/confirm-subscription?token='));
  expect(link, 'the e-mail links to the confirmation page').toBeTruthy();
  await waitForMail(stranger, CONFIRM_SUBJECT);

  // The seed's Vietnam departure has ended, so the entries are linked to no departure: link them to one on
  // sale, as the database does for a trip's next departure (enquiry-departure-link.test.ts).
  const event = await createEvent({ title: 'Vietnam waitlist news' });
  const linked = await adminClient()
    .from('waitlist_submissions')
    .update({ event_id: event.id })
    .in('email', [keen, stranger]);
  expect(linked.error).toBeNull();

  // Not confirmed yet: the update reaches nobody by e-mail.
  const early = `Early news ${randomUUID().slice(0, 8)}`;
  expect(await sendToWaitlist(event.id, early)).toMatchObject({ email: 0 });

  const url = new URL(link!);
  await gotoHydrated(page, `${url.pathname}${url.search}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm trip news' })).toBeVisible();
  await page.getByRole('button', { name: 'Confirm trip news' }).click();
  await expect(page.getByRole('heading', { name: 'Trip news confirmed' })).toBeVisible();
  await expect(page.getByText(`You'll get news about trips and offers at ${keen}.`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Confirm trip news' })).toHaveCount(0);

  // The link works once: opened again, it says so and names nobody.
  await gotoHydrated(page, `${url.pathname}${url.search}`);
  await page.getByRole('button', { name: 'Confirm trip news' }).click();
  await expect(page.getByRole('heading', { name: 'Already confirmed' })).toBeVisible();

  const news = `A place came free ${randomUUID().slice(0, 8)}`;
  expect(await sendToWaitlist(event.id, news)).toMatchObject({ email: 1 });
  const mail = await waitForMail(keen, new RegExp(news));
  expect(mail.text).toContain('/unsubscribe?token=');

  // The stranger's address holds the confirmation request and nothing else.
  expect((await mailTo(stranger)).map((m) => m.subject)).toEqual([expect.stringMatching(CONFIRM_SUBJECT)]);
  expect((await mailTo(keen)).filter((m) => m.subject.includes(early))).toEqual([]);
});

test('the confirmation page with a wrong or missing token says so and offers no button', async ({ page }) => {
  await gotoHydrated(page, `/confirm-subscription?token=${'0'.repeat(64)}`);
  await page.getByRole('button', { name: 'Confirm trip news' }).click();
  await expect(page.getByRole('heading', { name: 'This link is not valid' })).toBeVisible();

  await gotoHydrated(page, '/confirm-subscription');
  await expect(page.getByRole('heading', { name: 'This link is not valid' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Confirm trip news' })).toHaveCount(0);
});
