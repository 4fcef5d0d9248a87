import { expect, test, type Page, type Request } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { axeViolations } from '../helpers/axe';
import { createMember, signInPage, supabaseUrl } from '../helpers/e2e-backend';
import { createEvent, openEventsCard, type TestEvent } from '../helpers/events';

// Images on comments (issue 9): picked, checked in the browser, uploaded to the member's folder of the
// event-images bucket on the local stack, posted with the comment and shown with it.

// An upcoming event of the test's own (the seed's sample trips are dated in 2026 and time passes them).
let event: TestEvent;
test.beforeAll(async () => {
  event = await createEvent({ title: 'Images Trip' });
});
const PICKER = 'Add an image (optional, up to 5 MB)';
const NOT_AN_IMAGE = 'That file is not an image. Choose a PNG, JPEG, GIF or WebP picture.';
const TOO_LARGE = 'That image is larger than 5 MB. Choose a smaller one.';
// A real 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * Every write the page sends to Storage (images other tests posted meanwhile may be downloaded: those are
 * GETs), and the paths of the scripts that hold storage-js (its upload sends an `x-upsert` header).
 */
function watch(page: Page): { storage: Request[]; storageJs: string[] } {
  const seen = { storage: [] as Request[], storageJs: [] as string[] };
  page.on('request', (request) => {
    if (request.url().includes('/storage/v1/') && request.method() !== 'GET') seen.storage.push(request);
  });
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.text().catch(() => '');
    if (body.includes('x-upsert')) seen.storageJs.push(new URL(response.url()).pathname);
  });
  return seen;
}

test('a member attaches a PNG: uploaded to their folder, posted with the comment, shown after a reload', async ({
  page,
}) => {
  const mark = randomUUID().slice(0, 8);
  const member = await createMember({ fullName: 'Penny Picture' });
  await signInPage(page, member);
  const seen = watch(page);
  const usa = await openEventsCard(page, event.title);
  expect(seen.storage).toEqual([]);
  expect(seen.storageJs).toEqual([]);

  // Hold the upload until the test has seen the post button wait for it.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/storage/v1/object/event-images/**', async (route) => {
    await held;
    await route.continue();
  });
  await usa.getByLabel('Add a comment').fill(`Look at this ${mark}`);
  const post = usa.getByRole('button', { name: 'Post comment' });
  await expect(post).toBeEnabled();
  const name = `ghost-${mark}.png`;
  await usa.getByLabel(PICKER).setInputFiles({ name, mimeType: 'image/png', buffer: PNG });
  await expect(usa.getByRole('status').filter({ hasText: 'Uploading image...' })).toBeVisible();
  await expect(post).toBeDisabled();
  release();
  const preview = usa.getByRole('img', { name: `Attached image: ${name}` });
  await expect(preview).toBeVisible();
  await expect(post).toBeEnabled();
  // storage-js came as a script of its own, once the member picked a file.
  await expect.poll(() => seen.storageJs.length).toBe(1);
  expect(seen.storage.map((request) => request.method())).toEqual(['POST']);
  expect(seen.storage[0]?.url()).toMatch(
    new RegExp(`^${supabaseUrl()}/storage/v1/object/event-images/${member.id}/\\d{13}\\.png$`),
  );

  await post.click();
  await expect(page.getByText('Comment added')).toBeVisible();
  const mine = usa.getByRole('listitem', { name: 'Comment by Penny Picture' });
  const image = mine.getByRole('img', { name: `Attached image: ${name}` });
  await expect(image).toBeVisible();
  // The form is empty again, ready for the next comment.
  await expect(usa.getByLabel(PICKER)).toBeVisible();

  // Read again from the server (a reload); the comment is the event's newest, beyond the first three.
  await openEventsCard(page, event.title, { allComments: true });
  const shown = page
    .getByRole('listitem', { name: 'Comment by Penny Picture' })
    .getByRole('img', { name: `Attached image: ${name}` });
  await shown.scrollIntoViewIfNeeded();
  await expect(shown).toBeVisible();
  await expect(shown).toHaveAttribute(
    'src',
    new RegExp(`^${supabaseUrl()}/storage/v1/object/public/event-images/${member.id}/\\d{13}\\.png$`),
  );
  // The browser really decoded it, in a box of fixed shape (4:3) that held its place before it arrived.
  await expect
    .poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(1);
  const box = await shown.locator('..').boundingBox();
  expect(box && Math.round((box.width / box.height) * 100)).toBe(133);
  expect(await axeViolations(page)).toEqual([]);
});

test('a text file renamed .png and an image over 5 MB are refused in the browser, and nothing is uploaded', async ({
  page,
}) => {
  await signInPage(page, await createMember({ fullName: 'Rex Refused' }));
  const seen = watch(page);
  const usa = await openEventsCard(page, event.title);
  const picker = usa.getByLabel(PICKER);

  await picker.setInputFiles({
    name: 'holiday.png',
    mimeType: 'image/png',
    buffer: Buffer.from('These are my notes, not a picture.\n'),
  });
  await expect(usa.getByRole('alert')).toHaveText(NOT_AN_IMAGE);
  await expect(picker).toHaveAttribute('aria-invalid', 'true');

  const huge = Buffer.alloc(5 * 1024 * 1024 + 1);
  PNG.copy(huge);
  await picker.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: huge });
  await expect(usa.getByRole('alert')).toHaveText(TOO_LARGE);
  expect(await axeViolations(page)).toEqual([]);

  await usa.getByLabel('Add a comment').fill('Text only, then');
  await expect(usa.getByRole('button', { name: 'Post comment' })).toBeEnabled();
  expect(seen.storage).toEqual([]);
});

test('a failed upload tells the member', async ({ page }) => {
  await signInPage(page, await createMember({ fullName: 'Una Upload' }));
  const usa = await openEventsCard(page, event.title);
  await page.route('**/storage/v1/object/event-images/**', (route) => route.abort('connectionreset'));
  await usa.getByLabel(PICKER).setInputFiles({ name: 'ghost.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('Upload failed')).toBeVisible();
  await expect(page.getByText('Failed to upload image. Please try again.')).toBeVisible();
  await expect(usa.getByLabel(PICKER)).toBeEnabled();
});

test('a member removes the picked image before posting: it leaves the form and the bucket', async ({
  page,
  request,
}) => {
  await signInPage(page, await createMember({ fullName: 'Rory Remover' }));
  const usa = await openEventsCard(page, event.title);
  const name = `dropped-${randomUUID().slice(0, 8)}.png`;
  await usa.getByLabel(PICKER).setInputFiles({ name, mimeType: 'image/png', buffer: PNG });
  const preview = usa.getByRole('img', { name: `Attached image: ${name}` });
  await expect(preview).toBeVisible();
  const url = await preview.getAttribute('src');
  expect((await request.get(url!)).status()).toBe(200);
  // Keyboard: focus moved to 'Remove image' once the image was in, and back to the picker once removed.
  await expect(usa.getByRole('button', { name: 'Remove image' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(usa.getByLabel(PICKER)).toBeFocused();
  await expect(preview).toHaveCount(0);
  await expect.poll(async () => (await request.get(url!)).status()).toBe(400);
});
