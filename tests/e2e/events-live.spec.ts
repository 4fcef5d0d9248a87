import { expect, test, type Browser, type Locator, type Page, type WebSocketRoute } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import { randomUUID } from 'node:crypto';
import { createMember, signInPage, supabaseUrl, type TestMember } from '../helpers/e2e-backend';
import { createEvent, openEventsCard, type TestEvent } from '../helpers/events';

// Live /events (issue 9, decision 0029): two members in two browser contexts against the local stack's
// Realtime. One writes through the page; the other sees it arrive without a reload, and catches up on what
// it missed after its socket dropped.

// An upcoming event of the test's own (the seed's sample trips are dated in 2026 and time passes them).
let event: TestEvent;
test.beforeAll(async () => {
  event = await createEvent({ title: 'Live Trip' });
});

/**
 * The page's Realtime socket, routed through the test: it forwards both ways, counts the channel joins the
 * server confirms, records what the server delivers, and can drop the socket and refuse new ones. (Chromium's
 * offline emulation, context.setOffline, leaves open WebSockets alone: Playwright issue #4910.)
 */
class RealtimeSocket {
  joins = 0;
  readonly delivered: string[] = [];
  private online = true;
  private open: WebSocketRoute[] = [];

  async route(page: Page): Promise<void> {
    await page.routeWebSocket(/\/realtime\/v1\/websocket/, (socket) => {
      if (!this.online) {
        void socket.close({ code: 4000, reason: 'offline' });
        return;
      }
      const server = socket.connectToServer();
      this.open.push(socket);
      server.onMessage((message) => {
        const text = String(message);
        // The join's reply lists the channel's postgres_changes bindings; other acknowledgements do not.
        if (text.includes('"phx_reply"') && text.includes('"postgres_changes":[')) this.joins += 1;
        if (text.includes('"postgres_changes"')) this.delivered.push(text);
        socket.send(message);
      });
    });
  }

  async drop(): Promise<void> {
    this.online = false;
    await Promise.all(this.open.map((socket) => socket.close({ code: 4000, reason: 'dropped' })));
    this.open = [];
  }

  restore(): void {
    this.online = true;
  }
}

/** A second member's page on /events, listening live. */
async function watcher(browser: Browser, member: TestMember) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const socket = new RealtimeSocket();
  await socket.route(page);
  await signInPage(page, member);
  const usa = await openEventsCard(page, event.title);
  await expect.poll(() => socket.joins, { message: 'the live channel to join' }).toBe(1);
  return { context, page, usa, socket };
}

async function post(usa: Locator, text: string): Promise<void> {
  await usa.getByLabel('Add a comment').fill(text);
  await usa.getByRole('button', { name: 'Post comment' }).click();
}

const count = async (usa: Locator, label: string) =>
  Number(await usa.getByRole('button', { name: label }).getByText(/^\d+$/).textContent());

test('what one member posts, edits, reacts, likes and deletes reaches another member live', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  const mark = randomUUID().slice(0, 8);
  const author = await createMember({ fullName: 'Alma Author' });
  const reader = await watcher(browser, await createMember({ fullName: 'Reuben Reader' }));
  await signInPage(page, author);
  const usa = await openEventsCard(page, event.title);
  const theirs = reader.usa.getByRole('listitem', { name: 'Comment by Alma Author' });

  await post(usa, `Live hello ${mark}`);
  await expect(theirs).toContainText(`Live hello ${mark}`);
  await expect(theirs).not.toContainText('(edited)');

  const mine = usa.getByRole('listitem', { name: 'Comment by Alma Author' });
  await mine.getByRole('button', { name: 'Edit' }).click();
  await mine.getByLabel('Edit your comment').fill(`Live edited ${mark}`);
  await mine.getByRole('button', { name: 'Save' }).click();
  await expect(theirs).toContainText(`Live edited ${mark}`);
  await expect(theirs).toContainText('(edited)');

  await mine.getByRole('button', { name: 'Reply' }).click();
  await mine.getByLabel('Reply to Alma Author').fill(`Live reply ${mark}`);
  await mine.getByRole('button', { name: 'Post reply' }).click();
  await expect(theirs.getByRole('list', { name: 'Replies to Alma Author' })).toContainText(
    `Live reply ${mark}`,
  );

  // Reactions: the reader's count follows the author's click (other tests may react too: at least one more).
  const before = await count(reader.usa, 'Haunted');
  await usa.getByRole('button', { name: /^Haunted/ }).click();
  await expect(usa.getByRole('button', { name: /^Haunted/ })).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => count(reader.usa, 'Haunted')).toBeGreaterThan(before);

  // A heart on the comment: delivered to the reader under row-level security, and the reader's count follows.
  const api = createClient(supabaseUrl(), process.env.E2E_SUPABASE_ANON_KEY ?? '', {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  await api.auth.signInWithPassword(author);
  const own = await api.from('comments').select('id').eq('content', `Live edited ${mark}`).single();
  expect(own.error).toBeNull();
  // Inserted without reading it back (nobody reads a heart's user_id); its id from the author's own hearts.
  expect(
    (await api.from('comment_reactions').insert({ comment_id: own.data?.id, user_id: author.id })).error,
  ).toBeNull();
  const heart = await api.from('my_comment_hearts').select('id').eq('comment_id', own.data!.id).single();
  expect(heart.error).toBeNull();
  await expect
    .poll(() =>
      reader.socket.delivered.some(
        (text) => text.includes('comment_reactions') && text.includes(String(heart.data?.id)),
      ),
    )
    .toBe(true);
  await expect(theirs.getByRole('button', { name: /^Like/ }).first()).toHaveText(/Like\s*1$/);

  // The heart taken back (decision 0070): the DELETE names only its id, so its removal signal names the
  // comment and its event, and the reader reads again that one event's comments, nothing else of the page.
  const reads: string[] = [];
  reader.page.on('request', (request) => {
    if (request.url().includes('/rest/v1/')) reads.push(decodeURIComponent(request.url()));
  });
  expect((await api.from('comment_reactions').delete().eq('comment_id', own.data!.id)).error).toBeNull();
  await expect
    .poll(() =>
      reader.socket.delivered.some(
        (text) => text.includes('"table":"reaction_removals"') && text.includes(String(own.data?.id)),
      ),
    )
    .toBe(true);
  await expect(theirs.getByRole('button', { name: /^Like/ }).first()).toHaveText(/Like\s*0$/);
  expect(reads.length).toBeGreaterThan(0);
  expect(reads.filter((url) => !url.includes(`id=in.(${event.id})`))).toEqual([]);

  // The event reaction taken back: the reader's count follows it down, by that one event's reactions.
  const reacted = await count(reader.usa, 'Haunted');
  reads.length = 0;
  await usa.getByRole('button', { name: /^Haunted/ }).click();
  await expect(usa.getByRole('button', { name: /^Haunted/ })).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(() => count(reader.usa, 'Haunted')).toBeLessThan(reacted);
  expect(reads.filter((url) => !url.includes(event.id))).toEqual([]);

  // Deleting hides the comment (and its reply) for the reader too, though the UPDATE itself is not theirs.
  // The comment's own Delete comes first (its reply, by the same author, has one too), then the confirmation's.
  await mine.getByRole('button', { name: 'Delete' }).first().click();
  await mine
    .getByRole('alertdialog', { name: 'Delete comment' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText('Comment deleted')).toBeVisible();
  await expect
    .poll(() => reader.socket.delivered.some((text) => text.includes('"table":"comment_removals"')))
    .toBe(true);
  await expect(reader.usa.getByText(`Live edited ${mark}`)).toHaveCount(0);
  await expect(reader.usa.getByText(`Live reply ${mark}`)).toHaveCount(0);
  await reader.context.close();
});

test('after the socket drops and comes back, the page catches up on what it missed', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  const mark = randomUUID().slice(0, 8);
  const reader = await watcher(browser, await createMember({ fullName: 'Olive Offline' }));
  await signInPage(page, await createMember({ fullName: 'Carl Catchup' }));
  const usa = await openEventsCard(page, event.title);

  await reader.socket.drop();
  await post(usa, `While you were away ${mark}`);
  await expect(page.getByText('Comment added')).toBeVisible();
  // No socket, no delivery: the reader's page still shows the old list.
  await reader.page.waitForTimeout(1_500);
  await expect(reader.usa.getByText(`While you were away ${mark}`)).toHaveCount(0);

  reader.socket.restore();
  // realtime-js reconnects on its own back-off (1 s, 2 s, 5 s…) and joins the channel again.
  await expect.poll(() => reader.socket.joins, { timeout: 20_000 }).toBe(2);
  await expect(reader.usa.getByText(`While you were away ${mark}`)).toBeVisible();
  await reader.context.close();
});
