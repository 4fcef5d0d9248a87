import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceClient, signedInAccount } from '../../../supabase/local/test/stack-accounts';
import { startTestStack, type TestStack } from '../../../supabase/local/test/start-test-stack';
import type { BrowserSupabase } from '../../lib/supabase/client';
import { loaderOf } from '../../lib/supabase/data';
import { computeTiles } from '../dashboard/dashboard';
import { fetchMyBookings } from './bookings.data';
import { isCompletedBooking } from './bookings';

// Trips that have ended become completed (decision 0083): the scheduler's daily job, run by the stack at a
// moved time, marks the departure completed; the member's bookings read its status, so /completed-events and
// the dashboard's Completed Events tile count it even where the browser's date has not yet passed its end;
// and the admin's overview shows the job's last run.

describe('completed trips', () => {
  let stack: TestStack;
  let memberId: string;
  let member: BrowserSupabase;
  let admin: BrowserSupabase;
  let eventId: string;

  beforeAll(async () => {
    stack = await startTestStack();
    const account = await signedInAccount(stack, {
      email: 'traveller@example.org',
      fullName: 'Tess Traveller',
    });
    [memberId, member] = [account.id, account.client as unknown as BrowserSupabase];
    admin = (await signedInAccount(stack, { email: 'boss@example.org', fullName: 'Bo Boss', admin: true }))
      .client as unknown as BrowserSupabase;
    // A departure that ended three days ago (Sydney), still published as the job has not run yet.
    const { rows } = await stack.db.query<{ id: string }>(
      `insert into public.events (slug, title, status, start_date, end_date, price_cents)
       values ('ended-night', 'Ended night walk', 'published', private.sydney_today() - 5,
               private.sydney_today() - 3, 10000)
       returning id`,
    );
    eventId = rows[0]!.id;
    const booked = await serviceClient(stack).from('bookings').insert({
      event_id: eventId,
      user_id: memberId,
      invoice_number: 'INV-ENDED-1',
      total_cents: 10000,
      deposit_cents: 0,
    });
    if (booked.error) throw booked.error;
  }, 120_000);
  afterAll(async () => {
    await stack?.close();
  });

  it('marks the ended trip completed when its daily job runs, and the member’s pages count it', async () => {
    const runs = await stack.runJobs(new Date('2031-07-01T14:05:20Z'));
    expect(runs).toContainEqual(
      expect.objectContaining({ jobname: 'complete-ended-trips', status: 'succeeded' }),
    );
    const bookings = await fetchMyBookings(memberId, loaderOf(member));
    expect(bookings.map((booking) => booking.event?.status)).toEqual(['completed']);
    // A browser whose date is still before the trip's end counts it all the same.
    expect(isCompletedBooking(bookings[0]!, '2000-01-01')).toBe(true);
    expect(computeTiles(bookings, { publishedEvents: 0, favourites: 0 }, '2000-01-01').completedEvents).toBe(
      1,
    );
  });

  it('shows the admin each job’s last run', async () => {
    const { data, error } = await admin.rpc('admin_job_runs');
    expect(error).toBeNull();
    expect(data).toContainEqual(
      expect.objectContaining({
        job_name: 'complete-ended-trips',
        last_status: 'succeeded',
        last_error: null,
      }),
    );
    expect(data).toContainEqual(
      expect.objectContaining({ job_name: 'prune-images', last_run_at: null, last_status: null }),
    );
    const asMember = await member.rpc('admin_job_runs');
    expect(asMember.error?.code).toBe('42501');
  });
});
