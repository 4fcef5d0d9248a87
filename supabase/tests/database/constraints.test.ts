import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../local/src/db/types.ts';
import { ID, insertFixtures } from './fixtures.ts';
import { classify, outcomeOf, type Outcome } from './run-as.ts';
import {
  createPreparedDatabase,
  DATABASE_KINDS,
  type TestDatabase,
} from '../../local/test/db/test-databases.ts';

const CHECK = 'error 23514';
const UNIQUE = 'error 23505';

// Constraints hold whatever the client sends, so they are checked with full privileges (service_role).
describe.each(DATABASE_KINDS)('constraints on $name', (kind) => {
  let testDb: TestDatabase;
  /** Runs statements in one transaction that commits (deferred checks run), then rolls back on success. */
  const committed = async (fn: (tx: Queryable) => Promise<unknown>): Promise<Outcome> => {
    try {
      await testDb.db.transaction(async (tx) => {
        await fn(tx);
      });
      return 'committed' as unknown as Outcome;
    } catch (error) {
      return classify(error);
    }
  };

  beforeAll(async () => {
    testDb = await createPreparedDatabase(kind);
    await insertFixtures(testDb.db);
  });
  afterAll(async () => {
    await testDb?.dispose();
  });

  const comment = (content: string) =>
    outcomeOf(
      testDb.db,
      'member',
      `insert into public.comments (event_id, user_id, content) values ('${ID.published}', $1, $2)`,
      [ID.member, content],
    );

  it('accepts a comment of up to 2000 characters and refuses blank or longer ones', async () => {
    expect(await comment('x'.repeat(2000))).toBe(1);
    expect(await comment('')).toBe(CHECK);
    expect(await comment(' \n\t ')).toBe(CHECK);
    expect(await comment('x'.repeat(2001))).toBe(CHECK);
  });

  it('refuses a malformed e-mail address on every enquiry form', async () => {
    for (const email of [
      'not-an-email',
      'a@b',
      'two@@example.com',
      'spaces in@example.com',
      `${'a'.repeat(250)}@example.com`,
    ]) {
      const sql = `insert into public.contact_messages (full_name, email, message) values ('A', $1, 'Hello')`;
      expect(await outcomeOf(testDb.db, 'visitor', sql, [email]), email).toBe(CHECK);
    }
    const waitlist = `select count(*)::int as n from public.join_waitlist('Trip', 'A', 'nope')`;
    const interest = `select count(*)::int as n from public.register_interest('Trip', 'A', 'nope')`;
    expect(await outcomeOf(testDb.db, 'visitor', waitlist)).toBe(CHECK);
    expect(await outcomeOf(testDb.db, 'visitor', interest)).toBe(CHECK);
  });

  it('keeps one waitlist entry per e-mail and event, whatever the letter case', async () => {
    // 1 when join_waitlist() added the entry, 0 when the unique index already held the address.
    const join = (email: string, eventName = 'Published trip') =>
      outcomeOf(testDb.db, 'visitor', `select (public.join_waitlist($1, 'W', $2) = 'joined')::int as n`, [
        eventName,
        email,
      ]);
    expect(await join('WENDY@Fixture.Test')).toBe(0);
    expect(await join('wendy@fixture.test', 'Second trip')).toBe(1);
    const direct = `insert into public.waitlist_submissions (event_name, full_name, email) values ('Published trip', 'W', 'WENDY@Fixture.Test')`;
    expect(await committed((tx) => tx.query(direct))).toBe(UNIQUE);
  });

  it('refuses blank names and oversized notes on enquiries', async () => {
    const sql = `select count(*)::int as n from public.join_waitlist('Trip', $1, 'a@b.co', notes => $2)`;
    expect(await outcomeOf(testDb.db, 'visitor', sql, ['   ', null])).toBe(CHECK);
    expect(await outcomeOf(testDb.db, 'visitor', sql, ['Val', 'n'.repeat(2001)])).toBe(CHECK);
  });

  it('refuses negative money and a deposit above the total', async () => {
    const booking = (total: number, deposit: number) =>
      outcomeOf(
        testDb.db,
        'admin',
        `insert into public.bookings (event_id, user_id, invoice_number, total_cents, deposit_cents)
         values ('${ID.published}', '${ID.member}', 'FIX-9999', $1, $2)`,
        [total, deposit],
      );
    expect(await booking(100, 0)).toBe(1);
    expect(await booking(-1, 0)).toBe(CHECK);
    expect(await booking(100, -1)).toBe(CHECK);
    expect(await booking(100, 101)).toBe(CHECK);
    const price = `update public.events set price_cents = -100 where id = '${ID.published}'`;
    expect(await outcomeOf(testDb.db, 'admin', price)).toBe(CHECK);
    const instalment = `update public.booking_installments set amount_cents = -5 where id = '${ID.instalmentMember1}'`;
    expect(await outcomeOf(testDb.db, 'admin', instalment)).toBe(CHECK);
  });

  it('checks at commit that instalments sum to the booking total', async () => {
    const addInstalment = (tx: Queryable, cents: number) =>
      tx.query(
        `insert into public.booking_installments (booking_id, due_date, amount_cents) values ($1, '2026-12-01', $2)`,
        [ID.bookingMember, cents],
      );
    expect(await committed((tx) => addInstalment(tx, 100))).toBe(CHECK);
    expect(
      await committed((tx) =>
        tx.query(`update public.bookings set total_cents = 90000 where id = '${ID.bookingMember}'`),
      ),
    ).toBe(CHECK);
    const move = `update public.booking_installments set booking_id = '${ID.bookingOther}' where id = '${ID.instalmentMember2}'`;
    expect(await committed((tx) => tx.query(move))).toBe(CHECK);
    // Within one transaction the schedule may pass through unbalanced states.
    expect(
      await committed(async (tx) => {
        await tx.query(`update public.bookings set total_cents = 100100 where id = '${ID.bookingMember}'`);
        await addInstalment(tx, 100);
      }),
    ).toBe('committed');
    await testDb.db.transaction(async (tx) => {
      await tx.query(`delete from public.booking_installments where booking_id = $1 and amount_cents = 100`, [
        ID.bookingMember,
      ]);
      await tx.query(`update public.bookings set total_cents = 100000 where id = '${ID.bookingMember}'`);
    });
  });

  it('refuses an event that ends before it starts, a bad slug or currency', async () => {
    const event = (slug: string, start: string, end: string, currency = 'AUD') =>
      outcomeOf(
        testDb.db,
        'admin',
        `insert into public.events (slug, title, start_date, end_date, currency) values ($1, 'T', $2, $3, $4)`,
        [slug, start, end, currency],
      );
    expect(await event('good-slug', '2027-01-02', '2027-01-02')).toBe(1);
    expect(await event('good-slug', '2027-01-02', '2027-01-01')).toBe(CHECK);
    expect(await event('Bad Slug!', '2027-01-01', '2027-01-02')).toBe(CHECK);
    expect(await event('good-slug', '2027-01-01', '2027-01-02', 'dollars')).toBe(CHECK);
  });

  it('requires a heart to target exactly one of a comment or a reply', async () => {
    const both = `insert into public.comment_reactions (user_id, comment_id, reply_id) values ($1, '${ID.commentOther}', '${ID.replyMember}')`;
    const neither = `insert into public.comment_reactions (user_id) values ($1)`;
    expect(await committed((tx) => tx.query(both, [ID.other]))).toBe(CHECK);
    expect(await committed((tx) => tx.query(neither, [ID.other]))).toBe(CHECK);
  });

  it('creates the profile at sign-up from trimmed, length-limited full_name metadata', async () => {
    const { rows } = await testDb.db.transaction(async (tx) => {
      await tx.query(
        `insert into auth.users (id, email, raw_user_meta_data) values
           ('f1000000-0000-4000-8000-0000000000a1', 'long@fixture.test', jsonb_build_object('full_name', '  ' || repeat('n', 300))),
           ('f1000000-0000-4000-8000-0000000000a2', 'none@fixture.test', '{}')`,
      );
      return tx.query<{ len: number | null; is_admin: boolean; tier: string }>(
        `select char_length(full_name) as len, is_admin, membership_tier::text as tier from public.profiles
         where id in ('f1000000-0000-4000-8000-0000000000a1', 'f1000000-0000-4000-8000-0000000000a2') order by id`,
      );
    });
    expect(rows).toEqual([
      { len: 120, is_admin: false, tier: 'vip' },
      { len: null, is_admin: false, tier: 'vip' },
    ]);
  });
});
