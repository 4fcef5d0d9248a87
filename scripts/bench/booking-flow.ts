// The booking flow in Chromium, for bench:bookings: a signed-in member with one saved traveller opens
// /book?event=<id> on the bench site, ticks the traveller, goes through the price and the terms, and books
// by bank transfer. Reports every request the page makes to the stack from opening the flow to the
// confirmation, and the time that took. The count does not depend on the machine, so it has a limit.
import { createClient } from '@supabase/supabase-js';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../tests/helpers/chromium.mjs';
import type { startBenchSite } from './bench-site.ts';
import { storageKeyFor } from '../../src/lib/supabase/storage-key.ts';

/**
 * The most requests the flow may make (decision 0072; 8 measured since how to pay is one read, decision
 * 0089: never one per keystroke or step).
 */
export const MAX_FLOW_REQUESTS = 9;
const STEP_TIMEOUT_MS = 60_000;

export interface FlowReport {
  requests: string[];
  ms: number;
}

type BenchSite = Awaited<ReturnType<typeof startBenchSite>>;

/** A member with a saved traveller, and an open departure with room for them. */
async function arrangeFlow({ supabaseUrl, stack }: BenchSite) {
  const service = createClient(supabaseUrl, stack.serviceRoleKey, { auth: { persistSession: false } });
  const member = { email: 'bench-flow@example.com', password: 'bench-password-7' };
  const created = await service.auth.admin.createUser({
    ...member,
    email_confirm: true,
    user_metadata: { full_name: 'Bench Flow' },
  });
  if (created.error) throw new Error(`createUser: ${created.error.message}`);
  await service
    .from('travellers')
    .insert({ user_id: created.data.user.id, full_name: 'Bench Flow', date_of_birth: '1990-06-15' })
    .throwOnError();
  const { rows } = await stack.db.query<{ id: string }>(
    `insert into public.events (slug, title, status, start_date, end_date, price_cents, max_registrations)
     values ('bench-flow', 'Bench Flow Tour', 'published', private.sydney_today() + 200,
       private.sydney_today() + 203, 249500, 20)
     returning id`,
  );
  const client = createClient(supabaseUrl, stack.anonKey, { auth: { persistSession: false } });
  const signedIn = await client.auth.signInWithPassword(member);
  if (!signedIn.data.session) throw new Error(`sign-in: ${signedIn.error?.message}`);
  return { eventId: rows[0]!.id, session: signedIn.data.session };
}

/** Walks the flow once and reports its requests. */
export async function measureBookingFlow(site: BenchSite): Promise<FlowReport> {
  const { eventId, session } = await arrangeFlow(site);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const context = await browser.newContext();
    await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [
      storageKeyFor(site.supabaseUrl),
      JSON.stringify(session),
    ] as const);
    const page = await context.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    const requests: string[] = [];
    page.on('request', (request) => {
      // Not the cart's sign-in merge (decision 0086): a member signing in on /login merges there; the
      // benchmark stores the session instead, so /book, the first page to see it, merges.
      if (request.url().startsWith(site.supabaseUrl) && !request.url().includes('/rpc/merge_cart'))
        requests.push(`${request.method()} ${new URL(request.url()).pathname}`);
    });
    const step = (name: string) => page.getByRole('heading', { name, level: 2 }).waitFor();
    const started = performance.now();
    await page.goto(`${site.site.url}/book?event=${eventId}`);
    await step('Step 1 of 4: Travellers');
    await page.getByRole('checkbox', { name: /Bench Flow/ }).check();
    await page.getByRole('button', { name: 'Continue to price' }).click();
    await step('Step 2 of 4: Price');
    await page.getByRole('button', { name: 'Continue to terms' }).click();
    await step('Step 3 of 4: Terms');
    await page.getByRole('checkbox', { name: /I have read and accept the terms/ }).check();
    await page.getByRole('button', { name: 'Continue to confirm' }).click();
    await step('Step 4 of 4: Confirm and pay');
    await page.getByRole('button', { name: 'Book and pay by bank transfer' }).click();
    await step('Your places are held');
    return { requests, ms: Math.round(performance.now() - started) };
  } finally {
    await browser.close();
  }
}
