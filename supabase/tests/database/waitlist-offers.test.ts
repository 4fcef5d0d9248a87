import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../local/src/db/types.ts';
import { withClaims } from '../../local/src/db/with-claims.ts';
import {
  addDeparture,
  addMembers,
  addTraveller,
  bookAs,
  memberId,
  refusal,
  TERMS,
} from './booking-fixtures.ts';
import { ID, insertFixtures } from './fixtures.ts';
import { runAs } from './run-as.ts';
import {
  createPreparedDatabase,
  DATABASE_KINDS,
  type TestDatabase,
} from '../../local/test/db/test-databases.ts';

// Issue 23, decision 0082 (migration 20261203200001): the waitlist job releases expired holds (one e-mail)
// and offers freed places to the waitlist in the order people joined; an offer holds its places until it
// expires, then passes to the next; book_departure takes an offer's token; admins offer by hand. The job's
// functions take the moment, so the clock is moved by passing a later one. Every case has its own departure.

const HOLDER = memberId(41);
const FIRST = memberId(42);
const SECOND = memberId(43);
const THIRD = memberId(44);
const emailOf = (n: number) => `booker${n}@fixture.test`;

interface Offer {
  email: string;
  state: string;
  places: number;
  booking_id: string | null;
}

describe.each(DATABASE_KINDS)('waitlist offers on $name', (kind) => {
  let testDb: TestDatabase;
  const travellers: Record<string, string[]> = {};

  beforeAll(async () => {
    testDb = await createPreparedDatabase(kind);
    await insertFixtures(testDb.db);
    await addMembers(testDb.db, [41, 42, 43, 44]);
    for (const member of [HOLDER, FIRST, SECOND, THIRD]) {
      travellers[member] = [
        await addTraveller(testDb.db, member, `Adult ${member.slice(-2)}`, 40),
        await addTraveller(testDb.db, member, `Partner ${member.slice(-2)}`, 38),
      ];
    }
  });
  afterAll(async () => {
    await testDb?.dispose();
  });

  const db = () => testDb.db;
  const run = async (laterHours = 0) =>
    db().query(`select private.run_waitlist_offers(now() + make_interval(hours => $1::int))`, [laterHours]);
  const offers = async (event: string) =>
    (
      await db().query<Offer>(
        `select email, state, places, booking_id from public.waitlist_offers where event_id = $1
         order by offered_at, email`,
        [event],
      )
    ).rows;
  const mails = async (recipient: string, subject: string) =>
    (
      await db().query<{ subject: string; body: string }>(
        `select subject, body from private.outbound_mail where recipient = $1 and subject like $2 order by id`,
        [recipient, `${subject}%`],
      )
    ).rows;
  const tokenIn = (body: string) => /\/book\?offer=([0-9a-f]{64})/.exec(body)?.[1] ?? '';
  const placesLeft = async (event: string) =>
    (
      await db().query<{ places_left: number; state: string }>(
        `select places_left, state from public.departure_availability(array[$1::uuid])`,
        [event],
      )
    ).rows[0]!;

  /** A full departure of `capacity` places, booked by HOLDER, and the waitlist (members 42, 43, 44 in order). */
  async function fullDeparture(slug: string, capacity: number): Promise<{ event: string; booking: string }> {
    const event = await addDeparture(db(), slug, { startsIn: 200, capacity });
    const booking = await bookAs(db(), HOLDER, event, travellers[HOLDER]!.slice(0, capacity));
    await db().query(
      `insert into public.waitlist_submissions (event_name, event_id, full_name, email, created_at)
       select $1, $2, 'Waiting ' || n, 'booker' || n || '@fixture.test', now() - make_interval(days => 50 - n)
       from unnest(array[42, 43, 44]) n`,
      [slug, event],
    );
    return { event, booking: booking.id };
  }
  const expireHold = (booking: string) =>
    db().query(`update public.bookings set hold_expires_at = now() - interval '1 minute' where id = $1`, [
      booking,
    ]);

  it('releases an expired hold once, tells its member once and offers the places to the first in line', async () => {
    const { event, booking } = await fullDeparture('offers-hold', 1);
    await run();
    expect(await offers(event)).toEqual([]);
    expect(await placesLeft(event)).toEqual({ places_left: 0, state: 'sold-out' });

    await expireHold(booking);
    await run();
    await run();
    const released = await db().query<{ status: string; released: boolean }>(
      `select status, hold_released_at is not null as released from public.bookings where id = $1`,
      [booking],
    );
    expect(released.rows).toEqual([{ status: 'pending', released: true }]);
    const told = await mails(emailOf(41), 'Places released: offers-hold');
    expect(told).toHaveLength(1);
    expect(told[0]!.body).toMatch(/your deposit had not reached us by then, so we have released them/);

    expect(await offers(event)).toEqual([
      { email: emailOf(42), state: 'offered', places: 1, booking_id: null },
    ]);
    // The offer holds the freed place: nobody else sees it free.
    expect(await placesLeft(event)).toEqual({ places_left: 0, state: 'sold-out' });
    const offered = await mails(emailOf(42), 'A place has come up: offers-hold');
    expect(offered).toHaveLength(1);
    expect(offered[0]!.body).toMatch(
      /you are next on the waitlist\. We are holding it for you until .+ \(Sydney time\)/,
    );
    expect(tokenIn(offered[0]!.body)).toHaveLength(64);
    // The token is not stored, only its hash.
    const stored = await db().query<{ n: number }>(
      `select count(*)::int as n from public.waitlist_offers where token_hash = $1`,
      [tokenIn(offered[0]!.body)],
    );
    expect(stored.rows[0]!.n).toBe(0);
    expect(await mails(emailOf(43), 'A place has come up: offers-hold')).toEqual([]);
  });

  it('expires an offer that is not taken and passes it to the next, never back', async () => {
    const { event, booking } = await fullDeparture('offers-pass', 1);
    await expireHold(booking);
    await run();
    expect((await offers(event)).map((o) => [o.email, o.state])).toEqual([[emailOf(42), 'offered']]);

    await run(47);
    expect((await offers(event)).map((o) => [o.email, o.state])).toEqual([[emailOf(42), 'offered']]);
    await run(49);
    expect((await offers(event)).map((o) => [o.email, o.state])).toEqual([
      [emailOf(42), 'expired'],
      [emailOf(43), 'offered'],
    ]);
    await run(98);
    expect((await offers(event)).map((o) => [o.email, o.state])).toEqual([
      [emailOf(42), 'expired'],
      [emailOf(43), 'expired'],
      [emailOf(44), 'offered'],
    ]);
    // The first in line was not offered twice: one e-mail each, and one saying the place went on.
    expect(await mails(emailOf(42), 'A place has come up: offers-pass')).toHaveLength(1);
    const ended = await mails(emailOf(42), 'Your offer has ended: offers-pass');
    expect(ended).toHaveLength(1);
    expect(ended[0]!.body).toMatch(
      /We held a place on offers-pass, .+ for you until .+ \(Sydney time\)\. As it was not booked by then, we have offered it to the next person on the waitlist\./,
    );
    expect(await mails(emailOf(44), 'Your offer has ended: offers-pass')).toEqual([]);
  });

  it('lets the offered member book the held place on a full departure, and nobody else', async () => {
    const { event, booking } = await fullDeparture('offers-book', 1);
    await expireHold(booking);
    await run();
    const token = tokenIn((await mails(emailOf(42), 'A place has come up: offers-book'))[0]!.body);

    // Someone else, without the offer: the departure is full.
    const other = await refusal(bookAs(db(), THIRD, event, travellers[THIRD]!.slice(0, 1)));
    expect(other.code).toBe('PT409');
    // Someone else, with the link: not theirs.
    const stranger = await refusal(bookWithOffer(SECOND, event, travellers[SECOND]!.slice(0, 1), token));
    expect(stranger).toEqual({ code: '22023', message: 'this offer was sent to another e-mail address' });
    // The offered member, for more places than were offered and are free: refused, the offer still open.
    const tooMany = await refusal(bookWithOffer(FIRST, event, travellers[FIRST]!, token));
    expect(tooMany).toEqual({ code: 'PT409', message: 'only 1 place left' });
    expect((await offers(event))[0]!.state).toBe('offered');

    const booked = await bookWithOffer(FIRST, event, travellers[FIRST]!.slice(0, 1), token);
    expect(booked.status).toBe('pending');
    expect(await offers(event)).toEqual([
      { email: emailOf(42), state: 'taken', places: 1, booking_id: booked.id },
    ]);
    const again = await refusal(bookWithOffer(FIRST, event, travellers[FIRST]!.slice(1), token));
    expect(again).toEqual({ code: '22023', message: 'this offer has already been used to book' });
    // Taken: the job offers nothing more (no place is free).
    await run();
    expect(await offers(event)).toHaveLength(1);
  });

  it('refuses an expired offer and shows its state through the link', async () => {
    const { event, booking } = await fullDeparture('offers-late', 1);
    await expireHold(booking);
    await run();
    const token = tokenIn((await mails(emailOf(42), 'A place has come up: offers-late'))[0]!.body);
    const link = async () =>
      (
        await runAs(db(), 'visitor', (tx) =>
          tx.query<{ event_id: string; state: string; places: number; email: string }>(
            `select event_id, state, places, email from public.waitlist_offer($1)`,
            [token],
          ),
        )
      ).rows;
    expect(await link()).toEqual([{ event_id: event, state: 'offered', places: 1, email: emailOf(42) }]);
    expect(
      await runAs(db(), 'visitor', (tx) => tx.query(`select * from public.waitlist_offer('nope')`)),
    ).toMatchObject({ rows: [] });

    await db().query(
      `update public.waitlist_offers set offered_at = now() - interval '49 hours',
                        expires_at = now() - interval '1 hour' where event_id = $1`,
      [event],
    );
    expect((await link())[0]!.state).toBe('expired');
    const late = await refusal(bookWithOffer(FIRST, event, travellers[FIRST]!.slice(0, 1), token));
    expect(late.code).toBe('22023');
    expect(late.message).toMatch(/^this offer expired on .+ \(Sydney time\)$/);
  });

  it('lets an admin offer places by hand when they are free, and withdraw an offer', async () => {
    const { event } = await fullDeparture('offers-admin', 1);
    const entry = (
      await db().query<{ id: string }>(
        `select id from public.waitlist_submissions where email = $1 and event_id = $2`,
        [emailOf(43), event],
      )
    ).rows[0]!.id;
    const offer = (tx: Queryable, places: number) =>
      tx.query<{ state: string; places: number; offered_by: string }>(
        `select state, places, offered_by from public.admin_offer_waitlist_place($1, $2)`,
        [entry, places],
      );
    const full = await refusal(runAs(db(), 'admin', (tx) => offer(tx, 1)));
    expect(full).toEqual({ code: '22023', message: 'no places are free on this departure' });
    const member = await refusal(runAs(db(), 'member', (tx) => offer(tx, 1)));
    expect(member.code).toBe('42501');

    await db().query(`update public.events set max_registrations = 3 where id = $1`, [event]);
    const tooMany = await refusal(runAs(db(), 'admin', (tx) => offer(tx, 3)));
    expect(tooMany.message).toBe('only 2 places are free on this departure');
    const made = await withClaims(db(), { sub: adminId, role: 'authenticated', aud: 'authenticated' }, (tx) =>
      offer(tx, 2),
    );
    expect(made.rows).toEqual([{ state: 'offered', places: 2, offered_by: adminId }]);
    expect(await mails(emailOf(43), 'A place has come up: offers-admin')).toHaveLength(1);
    expect((await mails(emailOf(43), 'A place has come up: offers-admin'))[0]!.body).toMatch(
      /2 places have come up on offers-admin/,
    );
    expect(await placesLeft(event)).toEqual({ places_left: 0, state: 'sold-out' });
    const twice = await refusal(runAs(db(), 'admin', (tx) => offer(tx, 1)));
    expect(twice.message).toBe('Waiting 43 already has an open offer');

    // The admin's offer shows on the waitlist screen's row, and a withdrawal frees its places.
    const row = await runAs(db(), 'admin', (tx) =>
      tx.query<{ offer_state: string; offer_places: number }>(
        `select offer_state, offer_places from public.admin_waitlist_entries(event => 'offers-admin')
         where email = $1`,
        [emailOf(43)],
      ),
    );
    expect(row.rows).toEqual([{ offer_state: 'offered', offer_places: 2 }]);
    await withClaims(db(), { sub: adminId, role: 'authenticated', aud: 'authenticated' }, (tx) =>
      tx.query(
        `select public.admin_withdraw_waitlist_offer(id) from public.waitlist_offers where event_id = $1`,
        [event],
      ),
    );
    expect(await placesLeft(event)).toEqual({ places_left: 2, state: 'open' });
    // The next run offers the two freed places to the first two in line who never had an offer.
    await run();
    expect((await offers(event)).map((o) => [o.email, o.state])).toEqual([
      [emailOf(43), 'withdrawn'],
      [emailOf(42), 'offered'],
      [emailOf(44), 'offered'],
    ]);
  });

  it('offers nothing on a departure that never sold out: its waitlist can simply book', async () => {
    const event = await addDeparture(db(), 'offers-never-full', { startsIn: 200, capacity: 3 });
    await db().query(
      `insert into public.waitlist_submissions (event_name, event_id, full_name, email)
       values ('offers-never-full', $1, 'Early Bird', $2)`,
      [event, emailOf(42)],
    );
    await run();
    expect(await offers(event)).toEqual([]);
    expect(await placesLeft(event)).toEqual({ places_left: 3, state: 'open' });
    // Once its bookings take every place, places that free up later go to the waitlist.
    const booked = await bookAs(db(), HOLDER, event, travellers[HOLDER]!);
    await bookAs(db(), THIRD, event, travellers[THIRD]!.slice(0, 1));
    await db().query(`update public.bookings set status = 'cancelled' where id = $1`, [booked.id]);
    await run();
    expect(await offers(event)).toEqual([
      { email: emailOf(42), state: 'offered', places: 1, booking_id: null },
    ]);
  });

  it('offers to an entry that joined before the trip had a departure, matched by the trip’s name', async () => {
    const { event, booking } = await fullDeparture('offers-unlinked', 1);
    await db().query(
      `insert into public.waitlist_submissions (event_name, full_name, email, created_at)
       values (' Offers-Unlinked ', 'Una Linked', 'una@example.com', now() - interval '90 days')`,
    );
    await expireHold(booking);
    await run();
    expect((await offers(event)).map((o) => o.email)).toEqual(['una@example.com']);
  });

  it('offers each freed place once when two runs race', async () => {
    const { event, booking } = await fullDeparture('offers-race', 1);
    await expireHold(booking);
    await Promise.all([run(), run(), run()]);
    expect((await offers(event)).map((o) => o.email)).toEqual([emailOf(42)]);
  });

  const adminId = ID.admin;

  function bookWithOffer(member: string, event: string, ids: string[], token: string) {
    return withClaims(db(), { sub: member, role: 'authenticated', aud: 'authenticated' }, async (tx) => {
      const { rows } = await tx.query<{ id: string; status: string }>(
        `select id, status from public.book_departure($1::uuid, $2::uuid[], $3, null, $4)`,
        [event, ids, TERMS, token],
      );
      return rows[0]!;
    });
  }
});
