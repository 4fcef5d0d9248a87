import { expect, test } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { axeViolations } from '../helpers/axe';
import { adminClient, createMember, signInPage, type TestMember } from '../helpers/e2e-backend';
import { expectFocusTrapped, expectEscapeCloses } from '../helpers/dialogs';
import { openEventsCard } from '../helpers/events';

// Reporting others' comments and replies, and the per-minute posting limit, on /events (issue 9). Each test
// publishes a trip of its own a month ahead, so it is listed whatever else the shared stack holds.

async function publishTrip(title: string): Promise<string> {
  const start = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const end = new Date(Date.now() + 33 * 86_400_000).toISOString().slice(0, 10);
  const { data, error } = await adminClient()
    .from('events')
    .insert({
      slug: `flags-${randomUUID().slice(0, 8)}`,
      title,
      status: 'published',
      start_date: start,
      end_date: end,
    })
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  return (data as { id: string }).id;
}

/** Rows written as an operator (not limited, as the seed is not), in the member's name. */
async function insertAs(
  member: TestMember,
  table: string,
  rows: Record<string, unknown>[],
): Promise<string[]> {
  const { data, error } = await adminClient()
    .from(table)
    .insert(rows.map((row) => ({ ...row, user_id: member.id })))
    .select('id');
  if (error) throw new Error(error.message);
  return (data as { id: string }[]).map((row) => row.id);
}

test("a member reports another member's comment and reply once each, never their own", async ({ page }) => {
  const title = `Report trip ${randomUUID().slice(0, 8)}`;
  const eventId = await publishTrip(title);
  const author = await createMember({ fullName: 'Abe Author' });
  const reporter = await createMember({ fullName: 'Rhea Reporter' });
  const [abeComment] = await insertAs(author, 'comments', [
    { event_id: eventId, content: 'Buy cheap tours here' },
  ]);
  const [rheaComment] = await insertAs(reporter, 'comments', [
    { event_id: eventId, content: 'Anyone going?' },
  ]);
  const [abeReply] = await insertAs(author, 'comment_replies', [
    { event_id: eventId, parent_comment_id: rheaComment, content: 'Click my link' },
  ]);
  await signInPage(page, reporter);
  const trip = await openEventsCard(page, title);

  const theirs = trip.getByRole('listitem', { name: 'Comment by Abe Author' });
  const mine = trip.getByRole('listitem', { name: 'Comment by Rhea Reporter' });
  const replies = mine.getByRole('list', { name: 'Replies to Rhea Reporter' });
  await expect(mine.getByText('Anyone going?')).toBeVisible();
  // Report on the others' words only: Abe's comment and Abe's reply under Rhea's own comment.
  await expect(trip.getByRole('button', { name: 'Report comment by Rhea Reporter' })).toHaveCount(0);
  await expect(mine.getByRole('button', { name: /^Report/ })).toHaveCount(1);
  await expect(replies.getByRole('button', { name: 'Report reply by Abe Author' })).toHaveCount(1);

  // The dialog takes focus, keeps Tab inside, and Escape closes it and gives focus back.
  const report = theirs.getByRole('button', { name: 'Report comment by Abe Author' });
  const dialog = page.getByRole('dialog', { name: 'Report this comment' });
  await report.click();
  await expect(dialog).toBeVisible();
  await expectFocusTrapped(page, dialog);
  expect(await axeViolations(page, dialog)).toEqual([]);
  await expectEscapeCloses(page, dialog, report);

  await report.click();
  await dialog.getByLabel('Reason (optional)').fill('Spam: selling tours');
  await expect(dialog.getByText('19/500 characters')).toBeVisible();
  await dialog.getByRole('button', { name: 'Report' }).click();
  await expect(page.getByText('Report sent', { exact: true })).toBeVisible();
  await expect(page.getByText('Thank you. A moderator will review this comment.')).toBeVisible();
  await expect(dialog).toBeHidden();

  // A second report of the same comment says so and stores nothing more.
  await report.click();
  await dialog.getByRole('button', { name: 'Report' }).click();
  await expect(page.getByText('Already reported', { exact: true })).toBeVisible();
  await expect(page.getByText('You have already reported this comment.')).toBeVisible();

  await replies.getByRole('button', { name: 'Report reply by Abe Author' }).click();
  await page
    .getByRole('dialog', { name: 'Report this reply' })
    .getByRole('button', { name: 'Report' })
    .click();
  await expect(page.getByText('Thank you. A moderator will review this reply.')).toBeVisible();

  const { data: flags } = await adminClient()
    .from('comment_flags')
    .select('user_id, comment_id, reply_id, reason')
    .eq('user_id', reporter.id)
    .order('created_at');
  expect(flags).toEqual([
    { user_id: reporter.id, comment_id: abeComment, reply_id: null, reason: 'Spam: selling tours' },
    { user_id: reporter.id, comment_id: null, reply_id: abeReply, reason: null },
  ]);
  // The author's comment shows nothing of it (the page read again; the card renders its comments once near).
  const again = (await openEventsCard(page, title)).getByRole('listitem', { name: 'Comment by Abe Author' });
  await expect(again).toContainText('Buy cheap tours here');
  await expect(again).not.toContainText('(edited)');
});

test('a member past the per-minute limit is told to wait, and keeps what they wrote', async ({ page }) => {
  const title = `Busy trip ${randomUUID().slice(0, 8)}`;
  const eventId = await publishTrip(title);
  const member = await createMember({ fullName: 'Quinn Quick' });
  // Five posts in the last minute: written by an operator, they count for the member all the same.
  await insertAs(
    member,
    'comments',
    [1, 2, 3, 4, 5].map((n) => ({ event_id: eventId, content: `Burst ${n}` })),
  );
  await signInPage(page, member);
  const trip = await openEventsCard(page, title);
  await trip.getByLabel('Add a comment').fill('One too many');
  await trip.getByRole('button', { name: 'Post comment' }).click();
  await expect(page.getByText('Failed to post comment')).toBeVisible();
  await expect(page.getByText('You are posting too fast. Please wait a minute and try again.')).toBeVisible();
  await expect(trip.getByLabel('Add a comment')).toHaveValue('One too many');
  // Nothing was saved: the member's comments are still the five (the first three shown).
  await expect(trip.getByRole('listitem', { name: 'Comment by Quinn Quick' })).toHaveCount(3);
  await expect(trip.getByText('3 of 5 comments shown')).toBeVisible();
});
