import { expect, test, type Locator, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { axeViolations } from '../helpers/axe';
import { adminClient, createMember, signInPage } from '../helpers/e2e-backend';
import { createEvent, openEventsCard, type TestEvent } from '../helpers/events';
import { readTheme, useStoredTheme, type Theme } from '../helpers/theme';
import { withoutLiveUpdates } from '../helpers/live';

// The comments of each event on /events (issue 9), against the local stack. Each worker has its own
// upcoming event, with a pinned welcome and a reply on it.

let event: TestEvent;
let welcome: string;
test.beforeAll(async () => {
  event = await createEvent({ title: 'Comments Trip' });
  const host = await createMember({ fullName: 'Hana Host' });
  welcome = `Welcome, ghost hunters! ${event.slug}`;
  const admin = adminClient();
  const { data, error } = await admin
    .from('comments')
    .insert({ event_id: event.id, user_id: host.id, content: welcome, is_pinned: true })
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  const reply = await admin.from('comment_replies').insert({
    event_id: event.id,
    parent_comment_id: data.id,
    user_id: host.id,
    content: 'Glad to have you.',
  });
  if (reply.error) throw new Error(reply.error.message);
});

function card(page: Page): Locator {
  return page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 2, name: event.title }) });
}

async function post(usa: Locator, text: string): Promise<void> {
  const box = usa.getByLabel('Add a comment');
  const button = usa.getByRole('button', { name: 'Post comment' });
  await expect(button).toBeDisabled();
  await box.fill('   ');
  await expect(button).toBeDisabled();
  await box.fill(text);
  await expect(usa.getByText(`${text.length} / 2,000 characters`)).toBeVisible();
  await button.click();
}

const commentBy = (usa: Locator, text: string) => usa.getByRole('listitem').filter({ hasText: text }).first();

test('a member posts, edits and deletes their comment; another member replies but cannot edit it', async ({
  page,
  browser,
}) => {
  const mark = randomUUID().slice(0, 8);
  const author = await createMember({ fullName: 'Carla Commenter' });
  await signInPage(page, author);
  let usa = await openEventsCard(page, event.title, { allComments: true });

  await post(usa, `First light ${mark}`);
  await expect(page.getByText('Comment added')).toBeVisible();
  await expect(page.getByText('Your comment has been posted successfully.')).toBeVisible();
  // Each test's member is new, so their name finds their one comment even while its text is being edited.
  const mine = usa.getByRole('listitem', { name: 'Comment by Carla Commenter' });
  await expect(mine).toContainText(`First light ${mark}`);
  await expect(mine.getByRole('link', { name: 'Carla Commenter' })).toHaveAttribute(
    'href',
    `/customer/${author.id}`,
  );
  await expect(mine).toContainText('less than a minute ago');
  await expect(mine).not.toContainText('(edited)');

  await mine.getByRole('button', { name: 'Edit' }).click();
  await mine.getByLabel('Edit your comment').fill(`Second light ${mark}`);
  await mine.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Comment updated')).toBeVisible();
  await expect(mine).toContainText(`Second light ${mark}`);
  await expect(mine).toContainText('(edited)');

  // Another member: no edit or delete on it, but a reply, which appears under the comment.
  const otherContext = await browser.newContext();
  const otherPage = await otherContext.newPage();
  await signInPage(otherPage, await createMember({ fullName: 'Rita Replier' }));
  const theirs = (await openEventsCard(otherPage, event.title, { allComments: true })).getByRole('listitem', {
    name: 'Comment by Carla Commenter',
  });
  await expect(theirs.getByRole('button', { name: 'Reply' })).toBeVisible();
  await expect(theirs.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expect(theirs.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await theirs.getByRole('button', { name: 'Reply' }).click();
  await theirs.getByLabel('Reply to Carla Commenter').fill(`Count me in ${mark}`);
  await theirs.getByRole('button', { name: 'Post reply' }).click();
  const replies = theirs.getByRole('list', { name: 'Replies to Carla Commenter' });
  await expect(replies.getByRole('listitem')).toHaveText([/Rita Replier.*Count me in/]);
  await otherContext.close();

  // The author sees the reply under their comment, then deletes the comment (and with it the reply).
  usa = await openEventsCard(page, event.title, { allComments: true });
  const again = usa.getByRole('listitem', { name: 'Comment by Carla Commenter' });
  await expect(again.getByRole('list', { name: 'Replies to Carla Commenter' })).toContainText(
    `Count me in ${mark}`,
  );
  await again.getByRole('button', { name: 'Delete' }).click();
  await expect(
    again.getByText('Are you sure you want to delete this comment? This action cannot be undone.'),
  ).toBeVisible();
  await again.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Comment deleted')).toBeVisible();
  await expect(usa.getByText(`Second light ${mark}`)).toHaveCount(0);
  await expect(usa.getByText(`Count me in ${mark}`)).toHaveCount(0);
});

test('a failed edit or delete tells the member', async ({ page }) => {
  const member = await createMember({ fullName: 'Fay Failure' });
  const admin = adminClient();
  const { data: rows, error } = await admin
    .from('comments')
    .insert(['To edit', 'To delete'].map((content) => ({ event_id: event.id, user_id: member.id, content })))
    .select('id, content');
  if (error) throw new Error(error.message);
  // The page is live (decision 0029): it would hear the removal and drop both comments. Here its socket is
  // down, so the member acts on what they still see and the server refuses.
  await withoutLiveUpdates(page);
  await signInPage(page, member);
  const usa = await openEventsCard(page, event.title, { allComments: true });
  const toEdit = usa.getByRole('listitem', { name: 'Comment by Fay Failure' }).filter({ hasText: 'To edit' });
  const toDelete = usa
    .getByRole('listitem', { name: 'Comment by Fay Failure' })
    .filter({ hasText: 'To delete' });
  await toDelete.getByRole('button', { name: 'Delete' }).click();
  await toEdit.getByRole('button', { name: 'Edit' }).click();
  // An admin removes both while the member is still looking at them.
  const gone = await admin
    .from('comments')
    .delete()
    .in(
      'id',
      rows.map((row) => row.id),
    );
  if (gone.error) throw new Error(gone.error.message);

  // Once its text is in the edit box, the comment is the one holding that box.
  const editing = usa
    .getByRole('listitem', { name: 'Comment by Fay Failure' })
    .filter({ has: page.getByLabel('Edit your comment') });
  await editing.getByLabel('Edit your comment').fill('Edited too late');
  await editing.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Failed to update comment')).toBeVisible();
  await toDelete.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Failed to delete comment')).toBeVisible();
  await expect(page.getByText('Please try again.')).toHaveCount(2);
});

test('a visitor reads that they must log in to see comments', async ({ page }) => {
  const usa = await openEventsCard(page, event.title, { allComments: true });
  await expect(usa.getByText('Please log in to view and post comments')).toBeVisible();
  await expect(usa.getByLabel('Add a comment')).toHaveCount(0);
  await expect(page.getByText(welcome)).toHaveCount(0);
});

test('markup in a comment shows as text and never runs', async ({ page }) => {
  const mark = randomUUID().slice(0, 8);
  await signInPage(page, await createMember({ fullName: 'Mallory Markup' }));
  const usa = await openEventsCard(page, event.title, { allComments: true });
  const text = `<script>window.__pwned = true</script><b>${mark}</b>`;
  await post(usa, text);
  await expect(usa.getByText(text, { exact: true })).toBeVisible();
  // Read again from the server (a reload).
  await openEventsCard(page, event.title, { allComments: true });
  await expect(card(page).getByText(text, { exact: true })).toBeVisible();
  expect(await page.evaluate(() => (window as { __pwned?: boolean }).__pwned)).toBeUndefined();
  await expect(card(page).locator('b', { hasText: mark })).toHaveCount(0);
});

for (const theme of ['dark', 'light'] as Theme[]) {
  test(`axe finds no violations on /events with comments (${theme} theme)`, async ({ page, context }) => {
    await useStoredTheme(context, theme);
    const mark = randomUUID().slice(0, 8);
    await signInPage(page, await createMember({ fullName: 'Axel Auditor' }));
    let usa = await openEventsCard(page, event.title, { allComments: true });
    await post(usa, `Accessible ${mark}`);
    await expect(commentBy(usa, `Accessible ${mark}`)).toBeVisible();
    usa = await openEventsCard(page, event.title, { allComments: true });
    // A pinned comment, a reply, hearts, and a reply form open.
    await expect(usa.getByText(welcome)).toBeVisible();
    await commentBy(usa, `Accessible ${mark}`).getByRole('button', { name: 'Reply' }).click();
    expect(await readTheme(page)).toBe(theme);
    expect(await axeViolations(page)).toEqual([]);
  });
}
