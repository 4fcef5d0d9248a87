import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signedInAccount, visitorClient } from '../../../supabase/local/test/stack-accounts';
import { startTestStack, type TestStack } from '../../../supabase/local/test/start-test-stack';
import type { BrowserSupabase } from '../../lib/supabase/client';
import { loaderOf } from '../../lib/supabase/data';
import { fetchBooking } from './bookings.data';

// Payment reminders through the stack (decision 0081): the daily job declared with cron.schedule runs when
// the stack's scheduler reaches 22:00 UTC, reminds a member of an instalment due in 7 days (by e-mail and
// as a row), once however often the scheduler looks again; through supabase-js each member reads the
// reminders of their own booking (in the payment plan's one request), never another member's.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

let stack: TestStack;
let mina: { id: string; client: BrowserSupabase };
let lucy: { id: string; client: BrowserSupabase };
const bookings: Record<string, string> = {};

/** A confirmed booking of the member with one $1,250.50 instalment due 7 days after Sydney's today. */
async function bookingFor(userId: string, invoice: string): Promise<string> {
  return stack.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string }>(
      `insert into public.bookings (event_id, user_id, invoice_number, total_cents, deposit_cents, status)
       select id, $1, $2, 125050, 0, 'confirmed' from public.events where slug = 'reminders-stack'
       returning id`,
      [userId, invoice],
    );
    await tx.query(
      `insert into public.booking_installments (booking_id, due_date, amount_cents)
       values ($1, private.sydney_today() + 7, 125050)`,
      [rows[0]!.id],
    );
    return rows[0]!.id;
  });
}

/** Half a minute past the next 22:00 UTC: the schedule '0 22 * * *' is due (a first look runs what fell due within a minute). */
function nextTenPmUtc(): Date {
  const at = new Date();
  at.setUTCHours(22, 0, 30, 0);
  if (at.getTime() <= Date.now()) at.setUTCDate(at.getUTCDate() + 1);
  return at;
}

beforeAll(async () => {
  stack = await startTestStack();
  mina = await signedInAccount(stack, { email: 'mina@example.com', fullName: 'Mina Murray' });
  lucy = await signedInAccount(stack, { email: 'lucy@example.com', fullName: 'Lucy Westenra' });
  await stack.db.query(
    `insert into public.events (slug, title, status, start_date, end_date, price_cents)
     values ('reminders-stack', 'Whitby Abbey Night', 'published', private.sydney_today() + 120,
       private.sydney_today() + 122, 125050)`,
  );
  bookings['mina'] = await bookingFor(mina.id, 'REM-STACK-1');
  bookings['lucy'] = await bookingFor(lucy.id, 'REM-STACK-2');
});

afterAll(async () => {
  await stack?.close();
});

describe('payment reminders', () => {
  it('are sent by the scheduled job once, and each member reads only their own', async () => {
    const at = nextTenPmUtc();
    const runs = await stack.runJobs(at);
    expect(runs).toContainEqual(
      expect.objectContaining({ jobname: 'payment-reminders', status: 'succeeded' }),
    );
    // The scheduler looking again that night, or the next morning, sends nothing more.
    await stack.runJobs(new Date(at.getTime() + 60_000));
    await stack.runJobs(new Date(at.getTime() + 10 * 3_600_000));
    const { rows } = await stack.db.query<{ n: number }>(
      `select count(*)::int as n from public.payment_reminders where booking_id = any ($1::uuid[])`,
      [Object.values(bookings)],
    );
    expect(rows[0]!.n).toBe(2);

    await stack.deliverMail();
    const toMina = stack.mailbox!.list().filter((message) => message.to === 'mina@example.com');
    expect(toMina.map((message) => message.subject)).toEqual([
      expect.stringMatching(/^Payment due in 7 days: Whitby Abbey Night, departing .* \(REM-STACK-1\)$/),
    ]);

    const mine = await fetchBooking(bookings['mina']!, loaderOf(mina.client));
    expect(mine?.payment_reminders).toEqual([
      expect.objectContaining({ kind: 'before', sequence: 0, amount_cents: 125050 }),
    ]);
    expect(await fetchBooking(bookings['lucy']!, loaderOf(mina.client))).toBeNull();
    const listed = await mina.client.from('payment_reminders').select('booking_id');
    expect(listed.data).toEqual([{ booking_id: bookings['mina'] }]);
  });

  it('cannot be written by a member, nor read by a visitor', async () => {
    const inserted = await lucy.client.from('payment_reminders').insert({
      booking_id: bookings['lucy']!,
      kind: 'due',
      due_date: '2030-01-01',
      amount_cents: 1,
      sent_on: '2030-01-01',
    });
    expect(inserted.error?.code).toBe('42501');
    const removed = await lucy.client
      .from('payment_reminders')
      .delete()
      .eq('booking_id', bookings['lucy']!)
      .select();
    expect(removed.error?.code).toBe('42501');
    const visitor = await visitorClient(stack).from('payment_reminders').select('id');
    expect(visitor.error?.code).toBe('42501');
  });
});
