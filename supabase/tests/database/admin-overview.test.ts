import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOverview } from '../../../src/features/admin/overview/overview.data.ts';
import { ID, insertFixtures } from './fixtures.ts';
import { classify, runAs } from './run-as.ts';
import {
  createPreparedDatabase,
  DATABASE_KINDS,
  type TestDatabase,
} from '../../local/test/db/test-databases.ts';

// admin_overview() (20261126600001): the figures /admin shows. The prepared database holds the seed and the
// fixtures, so each figure is checked by how it moves when our own rows arrive (one member, one upcoming
// departure with bookings, waitlist and interest entries, a handled message, flags on posts already flagged). Who may call it is also in the authorization matrix (admin-matrix/overview.ts).
// Its row is read as the screen reads it (AdminOverview: the generated Database types, the lists typed by
// their composites).
const SOON = 'f2600000-0000-4000-8000-000000000001';
const NEWCOMER = 'f2600000-0000-4000-8000-000000000002';

describe.each(DATABASE_KINDS)('admin overview on $name', (kind) => {
  let testDb: TestDatabase;
  let before: AdminOverview;
  let after: AdminOverview;
  const overviewAs = (actor: 'visitor' | 'member' | 'admin') =>
    runAs(testDb.db, actor, async (tx) => {
      try {
        return (
          await tx.query<{ o: AdminOverview }>('select to_jsonb(o) as o from public.admin_overview() o')
        ).rows[0]!.o;
      } catch (error) {
        return classify(error);
      }
    });

  beforeAll(async () => {
    testDb = await createPreparedDatabase(kind);
    await insertFixtures(testDb.db);
    before = (await overviewAs('admin')) as AdminOverview;
    // A departure in ten days (Sydney): 3 places sold of 12, a cancelled booking of 5 that counts for
    // nothing, two on its waitlist, one interested; a message already answered; a second flag on a post
    // already flagged and one on a deleted post (neither waits for a moderator).
    await testDb.db.exec(`
      insert into auth.users (id, aud, role, email, encrypted_password, created_at, updated_at)
        values ('${NEWCOMER}', 'authenticated', 'authenticated', 'newcomer@fixture.test', '', now(), now());
      insert into public.events (id, slug, title, status, start_date, end_date, max_registrations, price_cents) values
        ('${SOON}', 'overview-soon', 'Overview soon', 'published',
         (now() at time zone 'Australia/Sydney')::date + 10, (now() at time zone 'Australia/Sydney')::date + 12, 12, 1000);
      insert into public.bookings (event_id, user_id, invoice_number, travellers, total_cents, status) values
        ('${SOON}', '${ID.member}', 'OV-0001', 3, 3000, 'confirmed'),
        ('${SOON}', '${ID.other}', 'OV-0002', 5, 5000, 'cancelled');
      insert into public.payments (booking_id, amount_cents, received_on, method, stripe_payment_intent)
        select id, 2000, (now() at time zone 'Australia/Sydney')::date, 'card', 'pi_overview'
        from public.bookings where invoice_number = 'OV-0001';
      insert into public.payment_refunds (payment_id, amount_cents, stripe_refund_id)
        select id, 500, 're_overview' from public.payments where stripe_payment_intent = 'pi_overview';
      insert into public.waitlist_submissions (event_name, event_id, full_name, email) values
        ('Overview soon', '${SOON}', 'Wade One', 'wade1@fixture.test'),
        ('Overview soon', '${SOON}', 'Wade Two', 'wade2@fixture.test');
      insert into public.interest_registrations (event_name, event_id, full_name, email) values
        ('Overview soon', '${SOON}', 'Iris One', 'iris1@fixture.test');
      insert into public.contact_messages (full_name, email, message, handled_at) values
        ('Hal Handled', 'hal@fixture.test', 'Answered already', now());
      insert into public.comment_flags (user_id, comment_id) values
        ('${ID.admin}', '${ID.commentOther}'), ('${ID.admin}', '${ID.commentOtherDeleted}');
    `);
    after = (await overviewAs('admin')) as AdminOverview;
  });
  afterAll(async () => {
    await testDb?.dispose();
  });

  it('refuses members (42501) and visitors (no grant)', async () => {
    expect(await overviewAs('member')).toBe('refused');
    expect(await overviewAs('visitor')).toBe('denied');
  });

  it('counts members, new ones this month, enquiries and unanswered messages', () => {
    expect(after.members - before.members).toBe(1);
    expect(after.new_members_this_month - before.new_members_this_month).toBe(1);
    expect(after.new_members_this_month).toBeLessThanOrEqual(after.members);
    expect(after.waitlist_total - before.waitlist_total).toBe(2);
    expect(after.interest_total - before.interest_total).toBe(1);
    expect(after.unanswered_messages).toBe(before.unanswered_messages);
    expect(before.unanswered_messages).toBeGreaterThanOrEqual(1);
  });

  it('counts each flagged post once, and not once it is deleted', () => {
    // The fixtures flag a live comment and a live reply.
    expect(before.flagged_comments).toBeGreaterThanOrEqual(2);
    expect(after.flagged_comments).toBe(before.flagged_comments);
  });

  it('lists upcoming departures with places sold (not cancelled) against capacity', () => {
    const soon = after.upcoming.find((event) => event.id === SOON);
    expect(soon).toMatchObject({ title: 'Overview soon', capacity: 12, sold: 3, waitlist: 2, interest: 1 });
    expect(after.upcoming.map((event) => event.id)).not.toContain(ID.draft);
    expect(after.upcoming_count).toBe(after.upcoming.length);
    expect(after.upcoming_count - before.upcoming_count).toBe(1);
    expect(after.active_count - before.active_count).toBe(1);
  });

  it('sums money collected (payments net of refunds) and outstanding (unpaid, bookings not cancelled)', () => {
    const aud = (overview: AdminOverview) => overview.money.find((row) => row.currency === 'AUD')!;
    // The seed has received 160,000 (decision 0073); our confirmed booking of 3,000 was paid 2,000 by card,
    // 500 of it refunded: 1,500 collected, 1,500 still owed; the cancelled one owes nothing.
    expect(aud(before).collected_cents).toBeGreaterThanOrEqual(150000);
    expect(aud(after).collected_cents - aud(before).collected_cents).toBe(1500);
    expect(aud(after).outstanding_cents - aud(before).outstanding_cents).toBe(1500);
  });

  it('gives twelve Monday weeks of sign-ups and bookings, this week last', () => {
    expect(after.weeks).toHaveLength(12);
    for (const week of after.weeks) expect(new Date(`${week.week_start}T00:00:00Z`).getUTCDay()).toBe(1);
    const [thisWeekBefore, thisWeek] = [before.weeks.at(-1)!, after.weeks.at(-1)!];
    expect(thisWeek.week_start <= after.today).toBe(true);
    expect(thisWeek.signups - thisWeekBefore.signups).toBe(1);
    expect(thisWeek.bookings - thisWeekBefore.bookings).toBe(2);
  });
});
