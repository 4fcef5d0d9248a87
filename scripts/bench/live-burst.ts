// What a burst of live changes costs a member reading /events (issue 25): the page open and listening, other
// members' changes arrive through Realtime, and every REST read the page makes because of them is counted.
import { chromium } from 'playwright-core';
import type { SupabaseClient } from '@supabase/supabase-js';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../tests/helpers/chromium.mjs';
import { LIST_SHOWN_MARK } from '../../src/features/events/list-shown-mark.ts';
import { REACTION_TYPES } from '../../src/features/events/reactions.ts';

export interface BurstReport {
  changes: number;
  /** REST reads the page made after the burst, until it was quiet. */
  reads: number;
  /** Their response bodies, uncompressed (what the local stack sends). */
  bytes: number;
}

/** How long without a read before the page counts as caught up. */
const QUIET_MS = 2_000;

/**
 * Opens `url` signed in (`storage` as supabase-js keeps it), waits for the list and the live channel's
 * join, then makes `changes` changes as an operator through `admin`: comments, replies, hearts and event
 * reactions in turn, on the first events by start date (those a member sees first). Returns the reads
 * the page made until it was quiet.
 */
export async function measureLiveBurst({
  url,
  storage,
  supabaseUrl,
  admin,
  authorId,
  changes = 20,
}: {
  url: string;
  storage: Record<string, string>;
  supabaseUrl: string;
  admin: SupabaseClient;
  authorId: string;
  changes?: number;
}): Promise<BurstReport> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    // The site may be served with the benchmark's own throwaway certificate (bench-site.ts).
    const page = await browser.newPage({ ignoreHTTPSErrors: true });
    await page.goto(new URL('/favicon.svg', url).href);
    await page.evaluate((entries) => {
      for (const [key, value] of Object.entries(entries)) window.localStorage.setItem(key, value);
    }, storage);
    let joined = false;
    page.on('websocket', (socket) =>
      socket.on('framereceived', ({ payload }) => {
        const text = String(payload);
        if (text.includes('"phx_reply"') && text.includes('"postgres_changes":[')) joined = true;
      }),
    );
    // Counted from each request's start to its end: a slow re-read keeps the page from counting as quiet.
    let counting = false;
    let inFlight = 0;
    let lastReadAt = 0;
    const sizes: Promise<number>[] = [];
    const isRead = (request: { url(): string; method(): string }) =>
      counting && request.url().startsWith(`${supabaseUrl}/rest/v1/`) && request.method() !== 'OPTIONS';
    page.on('request', (request) => {
      if (!isRead(request)) return;
      inFlight += 1;
      lastReadAt = Date.now();
    });
    page.on('requestfinished', (request) => {
      if (!isRead(request)) return;
      inFlight -= 1;
      lastReadAt = Date.now();
      sizes.push(
        request.response().then(
          async (response) => (response ? (await response.body()).length : 0),
          () => 0,
        ),
      );
    });
    page.on('requestfailed', (request) => {
      if (!isRead(request)) return;
      inFlight -= 1;
      lastReadAt = Date.now();
    });
    await page.goto(url);
    await page.waitForFunction(
      (mark) => performance.getEntriesByName(mark, 'mark').length > 0,
      LIST_SHOWN_MARK,
      { timeout: 120_000 },
    );
    const deadline = Date.now() + 30_000;
    while (!joined && Date.now() < deadline) await page.waitForTimeout(100);
    if (!joined) throw new Error('the live channel did not join');
    await page.waitForTimeout(QUIET_MS);

    const events = await admin
      .from('events')
      .select('id')
      .like('slug', 'bench-event-%')
      .order('start_date')
      .limit(4);
    if (events.error) throw new Error(`events: ${events.error.message}`);
    const ids = events.data.map((row) => row.id as string);
    counting = true;
    lastReadAt = Date.now();
    let made = 0;
    for (let n = 0; n < changes; n += 1) {
      // Four kinds in turn on one event, then the next event: each event gets each kind.
      const round = Math.floor(n / 4);
      const eventId = ids[round % ids.length]!;
      const target = await admin
        .from('comments')
        .select('id')
        .eq('event_id', eventId)
        .order('created_at')
        .range(round, round)
        .single();
      if (target.error) throw new Error(`comment: ${target.error.message}`);
      const commentId = target.data.id as string;
      // Hearts and reactions the author may have given already are skipped (no change, not counted).
      const write = [
        () =>
          admin
            .from('comments')
            .insert({ event_id: eventId, user_id: authorId, content: `Burst ${n}` })
            .select('id'),
        () =>
          admin
            .from('comment_replies')
            .insert({
              event_id: eventId,
              parent_comment_id: commentId,
              user_id: authorId,
              content: `Burst ${n}`,
            })
            .select('id'),
        () =>
          admin
            .from('comment_reactions')
            .upsert(
              { comment_id: commentId, user_id: authorId },
              { onConflict: 'user_id,comment_id,reaction_type', ignoreDuplicates: true },
            )
            .select('id'),
        () =>
          admin
            .from('reactions')
            .upsert(
              {
                event_id: eventId,
                user_id: authorId,
                reaction_type: REACTION_TYPES[round % REACTION_TYPES.length]!,
              },
              { onConflict: 'user_id,event_id,reaction_type', ignoreDuplicates: true },
            )
            .select('id'),
      ][n % 4]!;
      const { data, error } = await write();
      if (error) throw new Error(`change ${n}: ${error.message}`);
      made += data.length;
    }
    while (inFlight > 0 || Date.now() - lastReadAt < QUIET_MS) await page.waitForTimeout(200);
    const bodies = await Promise.all(sizes);
    return { changes: made, reads: bodies.length, bytes: bodies.reduce((sum, size) => sum + size, 0) };
  } finally {
    await browser.close();
  }
}
