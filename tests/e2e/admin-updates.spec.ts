import { expect, test } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import { randomUUID } from 'node:crypto';
import { openAdminScreen } from '../helpers/admin';
import { axeViolations } from '../helpers/axe';
import {
  adminClient,
  createMember,
  mailTo,
  mailUrl,
  sessionFor,
  signInPage,
  supabaseUrl,
  uniqueEmail,
  waitForMail,
} from '../helpers/e2e-backend';
import { createEvent } from '../helpers/events';
import { gotoHydrated } from '../helpers/islands';
import { useStoredTheme } from '../helpers/theme';

// /admin/event-updates: an admin composes an update in rich text (bold, a bulleted list) with an image and
// its alt text and sends it to an event's followers. A follower with /event-updates already open sees it
// appear formatted, with the image, without a reload; a follower who agreed to trip news gets an e-mail
// with a text part and an HTML part, and its unsubscribe link works without signing in; a follower without
// consent sees it in-app but gets no e-mail. A member calling the send directly is refused.

// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

async function follower(eventId: string, consent: boolean) {
  const member = await createMember({
    email: uniqueEmail(consent ? 'fan' : 'quiet'),
    fullName: 'Fan Member',
  });
  const service = adminClient();
  const updated = await service.from('profiles').update({ marketing_consent: consent }).eq('id', member.id);
  if (updated.error) throw new Error(updated.error.message);
  const follow = await service.from('event_follows').insert({ user_id: member.id, event_id: eventId });
  if (follow.error) throw new Error(follow.error.message);
  return member;
}

async function consentOf(memberId: string): Promise<boolean> {
  const { data, error } = await adminClient()
    .from('profiles')
    .select('marketing_consent')
    .eq('id', memberId)
    .single();
  if (error) throw new Error(error.message);
  return data.marketing_consent;
}

test('a rich update with an image reaches an open /event-updates live, and by e-mail in text and HTML', async ({
  page,
  browser,
}) => {
  const event = await createEvent({ title: 'Lantern Gaol' });
  const fan = await follower(event.id, true);
  const quiet = await follower(event.id, false);
  const title = `Torches provided ${randomUUID().slice(0, 8)}`;

  // The follower has the page open before the update exists.
  const fanContext = await browser.newContext();
  const fanPage = await fanContext.newPage();
  await signInPage(fanPage, fan);
  await fanPage.goto('/event-updates');
  await expect(fanPage.getByText('No updates yet.')).toBeVisible();

  await openAdminScreen(page, '/admin/event-updates', 'Event updates');
  const form = page.getByRole('form', { name: 'New update' });
  await form.getByRole('button', { name: 'Send update' }).click();
  await expect(form.getByText('Please choose the event.')).toBeVisible();
  await expect(form.getByText('Please enter a title.')).toBeVisible();
  await expect(form.getByText('Please enter the update.')).toBeVisible();

  await form.getByLabel('Event').selectOption(event.id);
  await form.getByRole('radio', { name: 'Followers' }).check();
  await form.getByLabel('Title').fill(title);
  const editor = form.getByRole('textbox', { name: 'Update' });
  const toolbar = form.getByRole('toolbar', { name: 'Formatting' });
  await editor.click();
  await page.keyboard.type('Bring ');
  await toolbar.getByRole('button', { name: 'Bold' }).click();
  await expect(toolbar.getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'true');
  await expect(editor).toBeFocused();
  await page.keyboard.type('warm clothes');
  await toolbar.getByRole('button', { name: 'Bold' }).click();
  await expect(toolbar.getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'false');
  await expect(editor).toBeFocused();
  await page.keyboard.type('.');
  await page.keyboard.press('Enter');
  await toolbar.getByRole('button', { name: 'Bulleted list' }).click();
  await expect(toolbar.getByRole('button', { name: 'Bulleted list' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(editor).toBeFocused();
  await page.keyboard.type('Torch');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Coat');

  await form
    .getByLabel(/Add an image/)
    .setInputFiles({ name: 'lantern.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('Image added')).toBeVisible();
  await form.getByRole('button', { name: 'Send update' }).click();
  await expect(form.getByText('Please describe the image for people who cannot see it.')).toBeVisible();
  await form.getByLabel('Describe the image').fill('A lantern by the gaol gate');

  await form.getByRole('button', { name: 'Send update' }).click();
  const confirm = page.getByRole('dialog', { name: 'Send this update?' });
  await expect(confirm).toContainText(event.title);
  await confirm.getByRole('button', { name: 'Send update' }).click();
  await expect(page.getByText('Update sent')).toBeVisible();
  await expect(page.getByText('Reached 2 members in-app and 1 e-mail queued.')).toBeVisible();
  await expect(editor).toHaveText('');
  const table = page.getByRole('table', { name: 'Sent updates' });
  const row = table.locator('tbody tr').filter({ hasText: title });
  await expect(row.getByRole('cell').nth(3)).toHaveText('Followers');
  await expect(row.getByRole('cell').nth(4)).toHaveText('2');
  await expect(row.getByRole('cell').nth(5)).toHaveText('1');
  await page.getByLabel('Search by title').fill(title);
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await expect(page).toHaveURL(/[?&]q=/);

  // Live: no reload on the follower's page; formatted, with the image and its alt text.
  const item = fanPage.getByTestId('event-update').filter({ hasText: title });
  await expect(item).toContainText('New');
  await expect(item.locator('strong')).toHaveText('warm clothes');
  await expect(item.getByRole('listitem')).toHaveText(['Torch', 'Coat']);
  const image = item.getByRole('img', { name: 'A lantern by the gaol gate' });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  await fanContext.close();

  const { data: audit } = await adminClient()
    .from('audit_log')
    .select('action, entity_label')
    .eq('entity', 'event_updates')
    .eq('entity_label', title);
  expect(audit).toEqual([{ action: 'insert', entity_label: title }]);

  const mail = await waitForMail(fan.email, new RegExp(title));
  expect(mail.text).toContain('Bring warm clothes.');
  expect(mail.text).toContain('- Torch\n- Coat');
  // The space typed before Bold may land inside the bold words, as browsers place it.
  expect(mail.html).toMatch(/Bring ?<strong> ?warm clothes<\/strong>\./);
  expect(mail.html).toContain('<ul><li><p>Torch</p></li><li><p>Coat</p></li></ul>');
  // The HTML part shows the image by its public Storage URL on the API's origin (decision 0047).
  const src = /<img src="([^"]+)" alt="A lantern by the gaol gate"/.exec(mail.html)?.[1];
  expect(src).toMatch(new RegExp(`^${supabaseUrl()}/storage/v1/object/public/update-images/`));
  expect((await fetch(src!)).status).toBe(200);
  const unsubscribe = mail.links.find((link) => link.includes('/unsubscribe?token='));
  expect(unsubscribe).toBeDefined();

  const quietContext = await browser.newContext();
  const quietPage = await quietContext.newPage();
  await signInPage(quietPage, quiet);
  await quietPage.goto('/event-updates');
  await expect(quietPage.getByTestId('event-update').filter({ hasText: title })).toBeVisible();
  await quietContext.close();
  expect(await mailTo(quiet.email), 'no consent, no marketing e-mail').toHaveLength(0);

  // The link works for someone not signed in.
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  const link = new URL(unsubscribe!);
  await gotoHydrated(visitorPage, `${link.pathname}${link.search}`);
  await visitorPage.getByRole('button', { name: 'Unsubscribe from trip news' }).click();
  await expect(visitorPage.getByRole('heading', { name: "You're unsubscribed" })).toBeVisible();
  await visitor.close();
  expect(await consentOf(fan.id)).toBe(false);
});

// RFC 8058 (decision 0047): the e-mail names a one-click endpoint in List-Unsubscribe; a mail client POSTs
// List-Unsubscribe=One-Click to it with no key and nobody signed in, and the member's consent is off, so the
// next update reaches them in-app only.
test("a mail client's one-click unsubscribe from the List-Unsubscribe header", async ({ page, request }) => {
  const event = await createEvent({ title: 'One-click Manor' });
  const fan = await follower(event.id, true);
  const admin = await createMember({ email: uniqueEmail('ada'), fullName: 'Ada Admin' });
  const promoted = await adminClient().from('profiles').update({ is_admin: true }).eq('id', admin.id);
  if (promoted.error) throw new Error(promoted.error.message);
  const session = await sessionFor(admin);
  const client = createClient(supabaseUrl(), process.env['E2E_SUPABASE_ANON_KEY']!, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers: { Authorization: `Bearer ${session.access_token}` } },
  });
  const send = async (title: string) => {
    const { data, error } = await client
      .rpc('send_event_update', {
        event_id: event.id,
        title,
        body_doc: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: title }] }] },
        segment: 'followers',
      })
      .single();
    if (error) throw new Error(error.message);
    return data;
  };
  const first = `Candles tonight ${randomUUID().slice(0, 8)}`;
  expect(await send(first)).toMatchObject({ in_app: 1, email: 1 });

  const mail = await waitForMail(fan.email, new RegExp(first));
  const headers = (await (await fetch(`${mailUrl()}/api/v1/message/${mail.id}/headers`)).json()) as Record<
    string,
    string[]
  >;
  expect(headers['List-Unsubscribe-Post']).toEqual(['List-Unsubscribe=One-Click']);
  const target = /^<(https?:\/\/[^>]+)>$/.exec(headers['List-Unsubscribe']?.[0] ?? '')?.[1];
  expect(target).toContain(`${supabaseUrl()}/functions/v1/unsubscribe-one-click?token=`);

  // As a mail client does: a form POST, no API key, no session.
  const response = await request.post(target!, { form: { 'List-Unsubscribe': 'One-Click' } });
  expect(response.status()).toBe(200);
  expect(await consentOf(fan.id)).toBe(false);

  const second = `Bring boots ${randomUUID().slice(0, 8)}`;
  expect(await send(second)).toMatchObject({ in_app: 1, email: 0 });
  await signInPage(page, fan);
  await page.goto('/event-updates');
  await expect(page.getByTestId('event-update').filter({ hasText: second })).toBeVisible();
  expect((await mailTo(fan.email)).filter((m) => m.subject.includes(second))).toEqual([]);
});

test('a member calling the send directly is refused and nothing is sent', async () => {
  const event = await createEvent({ title: 'Not yours' });
  const member = await createMember();
  const session = await sessionFor(member);
  const client = createClient(supabaseUrl(), process.env['E2E_SUPABASE_ANON_KEY']!, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers: { Authorization: `Bearer ${session.access_token}` } },
  });
  const { error } = await client.rpc('send_event_update', {
    event_id: event.id,
    title: 'Spam',
    body_doc: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Spam' }] }] },
    segment: 'all',
  });
  expect(error?.code).toBe('42501');
  const { count } = await adminClient()
    .from('event_updates')
    .select('id', { count: 'exact', head: true })
    .eq('event_id', event.id);
  expect(count).toBe(0);
});

for (const theme of ['light', 'dark'] as const) {
  test(`the event updates screen has no axe violations (${theme})`, async ({ page, context }) => {
    await useStoredTheme(context, theme);
    await openAdminScreen(page, '/admin/event-updates', 'Event updates');
    await expect(page.getByRole('table', { name: 'Sent updates' })).toHaveAttribute('aria-busy', 'false');
    await expect(page.getByRole('toolbar', { name: 'Formatting' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
}
