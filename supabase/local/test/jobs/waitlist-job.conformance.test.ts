import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDeparture,
  addMembers,
  addTraveller,
  bookAs,
  memberId,
} from '../../../tests/database/booking-fixtures.ts';
import { startTestStack, type TestStack } from '../start-test-stack.ts';

// The 'waitlist-offers' job as its migration declares it (20261203200002, decision 0082), run by the stack's
// scheduler on both engines: due every 5 minutes, it releases an expired hold and offers the place, and a
// later run passes an offer that ran out to the next in line. The job's SQL runs with the database's own
// now(), so the rows are dated in the past instead of moving that clock (the bodies' moved-clock cases are in
// supabase/tests/database/waitlist-offers.test.ts).

describe.each(['pglite', 'postgres'] as const)('the waitlist job on %s', (database) => {
  let stack: TestStack;
  let event: string;
  const HOLDER = memberId(61);

  beforeAll(async () => {
    stack = await startTestStack({ database });
    await addMembers(stack.db, [61]);
    const traveller = await addTraveller(stack.db, HOLDER, 'Hal Holder', 40);
    event = await addDeparture(stack.db, 'job-offers', { startsIn: 200, capacity: 1 });
    const booking = await bookAs(stack.db, HOLDER, event, [traveller]);
    await stack.db.query(
      `update public.bookings set hold_expires_at = now() - interval '1 minute' where id = $1`,
      [booking.id],
    );
    await stack.db.query(
      `insert into public.waitlist_submissions (event_name, event_id, full_name, email, created_at) values
         ('job-offers', $1, 'Wren First', 'wren@example.com', now() - interval '2 days'),
         ('job-offers', $1, 'Sol Second', 'sol@example.com', now() - interval '1 day')`,
      [event],
    );
  });
  afterAll(async () => {
    await stack?.close();
  });

  const offers = async () =>
    (
      await stack.db.query<{ email: string; state: string }>(
        `select email, state from public.waitlist_offers where event_id = $1 order by offered_at, email`,
        [event],
      )
    ).rows;

  it('is declared every 5 minutes and, when due, releases the hold and offers the place', async () => {
    const { rows } = await stack.db.query(
      `select schedule, command from cron.job where jobname = 'waitlist-offers'`,
    );
    expect(rows).toEqual([{ schedule: '*/5 * * * *', command: 'select private.run_waitlist_offers()' }]);
    const now = Date.now();
    const due = new Date(Math.ceil(now / 300_000) * 300_000 + 1_000);
    const runs = await stack.runJobs(due);
    expect(runs).toContainEqual(expect.objectContaining({ jobname: 'waitlist-offers', status: 'succeeded' }));
    expect(await offers()).toEqual([{ email: 'wren@example.com', state: 'offered' }]);
    const mail = await stack.db.query<{ recipient: string }>(
      `select recipient from private.outbound_mail
       where subject like 'Places released: job-offers%' or subject like 'A place has come up: job-offers%'
       order by id`,
    );
    expect(mail.rows.map((row) => row.recipient)).toEqual(['booker61@fixture.test', 'wren@example.com']);
  });

  it('passes an offer that ran out to the next in line at its next run', async () => {
    await stack.db.query(
      `update public.waitlist_offers set offered_at = now() - interval '49 hours', expires_at = now() - interval '1 hour'
       where event_id = $1`,
      [event],
    );
    const next = new Date(Math.ceil(Date.now() / 300_000) * 300_000 + 300_000 + 1_000);
    const runs = await stack.runJobs(next);
    expect(runs).toContainEqual(expect.objectContaining({ jobname: 'waitlist-offers', status: 'succeeded' }));
    expect(await offers()).toEqual([
      { email: 'wren@example.com', state: 'expired' },
      { email: 'sol@example.com', state: 'offered' },
    ]);
  });
});
