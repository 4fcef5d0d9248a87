import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDeparture, addMembers, addTraveller, bookAs, memberId, refusal } from './booking-fixtures.ts';
import {
  createPreparedDatabase,
  DATABASE_KINDS,
  type TestDatabase,
} from '../../local/test/db/test-databases.ts';

// Issue 21, decision 0071 (migration 20261130600001): what public.book_departure refuses and what it writes.
// Each booking is its own committed transaction, as an API request is; every case books its own departure.

const ADULT_MEMBER = memberId(1);
const PARENT = memberId(2);
const NEXT_ROOM = memberId(3);

describe.each(DATABASE_KINDS)('booking rules on $name', (kind) => {
  let testDb: TestDatabase;
  let adult: string;
  let adult2: string;
  let undated: string;
  let parent: string;
  let child: string;
  let nextRoomAdult: string;

  beforeAll(async () => {
    testDb = await createPreparedDatabase(kind);
    const db = testDb.db;
    await addMembers(db, [1, 2, 3]);
    await db.query(`update public.profiles set membership_tier = 'next_room' where id = $1`, [NEXT_ROOM]);
    adult = await addTraveller(db, ADULT_MEMBER, 'Ada Adult', 40);
    adult2 = await addTraveller(db, ADULT_MEMBER, 'Abe Adult', 35);
    undated = await addTraveller(db, ADULT_MEMBER, 'Una Undated', null);
    parent = await addTraveller(db, PARENT, 'Pat Parent', 45);
    child = await addTraveller(db, PARENT, 'Kit Child', 10);
    nextRoomAdult = await addTraveller(db, NEXT_ROOM, 'Nell Next', 50);
  });
  afterAll(async () => {
    await testDb?.dispose();
  });

  const schedule = async (bookingId: string) =>
    (
      await testDb.db.query<{ days: number; amount_cents: number }>(
        `select due_date - private.sydney_today() as days, amount_cents from public.booking_installments
         where booking_id = $1 order by due_date, amount_cents desc`,
        [bookingId],
      )
    ).rows;

  it('writes a held, pending booking with its travellers, terms, reference and invoice number', async () => {
    const event = await addDeparture(testDb.db, 'rules-written', { startsIn: 200, capacity: 10 });
    const booking = await bookAs(testDb.db, ADULT_MEMBER, event, [adult, adult2]);
    expect(booking).toMatchObject({
      status: 'pending',
      travellers: 2,
      total_cents: 200000,
      deposit_cents: 160000,
      terms_version: '2026-11',
      terms_accepted_by: ADULT_MEMBER,
    });
    expect(booking.bank_reference).toMatch(/^HH[A-HJ-NP-Z2-9]{8}$/);
    expect(booking.invoice_number).toMatch(/^INV-\d{4}-\d{4,}$/);
    const held = await testDb.db.query<{ hours: number; named: number }>(
      `select round(extract(epoch from b.hold_expires_at - now()) / 3600)::int as hours,
              (select count(*)::int from public.booking_travellers bt where bt.booking_id = b.id) as named
       from public.bookings b where b.id = $1`,
      [booking.id],
    );
    expect(held.rows[0]).toEqual({ hours: 72, named: 2 });
  });

  it('splits the balance by the plan, all due by 90 days before departure, adding up to the total', async () => {
    const event = await addDeparture(testDb.db, 'rules-plan', { startsIn: 200, plan: 3 });
    const booking = await bookAs(testDb.db, ADULT_MEMBER, event, [adult, adult2]);
    // 2 × $1,000 = $2,000: the deposit 2 × $800 today, then $400 in three parts, the last on day 110.
    expect(await schedule(booking.id)).toEqual([
      { days: 0, amount_cents: 160000 },
      { days: 36, amount_cents: 13333 },
      { days: 73, amount_cents: 13333 },
      { days: 110, amount_cents: 13334 },
    ]);
  });

  it('asks for everything at once from a booking made inside the 90 days', async () => {
    const near = await addDeparture(testDb.db, 'rules-near', { startsIn: 89, plan: 3 });
    const booking = await bookAs(testDb.db, ADULT_MEMBER, near, [adult]);
    expect(booking).toMatchObject({ total_cents: 100000, deposit_cents: 80000 });
    expect(await schedule(booking.id)).toEqual([{ days: 0, amount_cents: 100000 }]);
    const edge = await addDeparture(testDb.db, 'rules-edge', { startsIn: 90, plan: 2 });
    expect(await schedule((await bookAs(testDb.db, ADULT_MEMBER, edge, [adult])).id)).toEqual([
      { days: 0, amount_cents: 100000 },
    ]);
  });

  it('quotes the same schedule before anything is booked, to visitors too', async () => {
    const event = await addDeparture(testDb.db, 'rules-quote', { startsIn: 200, plan: 2 });
    await testDb.db.query(`update public.events set deposit_per_traveller_cents = 50000 where id = $1`, [
      event,
    ]);
    const { rows } = await testDb.db.query(
      `select due_date - private.sydney_today() as days, amount_cents from public.quote_booking($1, 3)`,
      [event],
    );
    expect(rows).toEqual([
      { days: 0, amount_cents: 150000 },
      { days: 55, amount_cents: 75000 },
      { days: 110, amount_cents: 75000 },
    ]);
  });

  it('refuses a minor without an adult on the booking, and takes them with one', async () => {
    const event = await addDeparture(testDb.db, 'rules-minor', { startsIn: 200 });
    expect(await refusal(bookAs(testDb.db, PARENT, event, [child]))).toEqual({
      code: '22023',
      message: 'a traveller under 18 needs an adult on the same booking',
    });
    const booking = await bookAs(testDb.db, PARENT, event, [parent, child]);
    expect(booking.travellers).toBe(2);
  });

  it('counts age on the day of departure', async () => {
    // 17 years and 300 days old today: 18 by a departure 200 days away, so an adult on the day.
    const nearly = await testDb.db.query<{ id: string }>(
      `insert into public.travellers (user_id, full_name, date_of_birth)
       values ($1, 'Nearly Eighteen', private.sydney_today() - interval '18 years' + interval '65 days')
       returning id`,
      [PARENT],
    );
    const event = await addDeparture(testDb.db, 'rules-age', { startsIn: 200 });
    await expect(bookAs(testDb.db, PARENT, event, [nearly.rows[0]!.id])).resolves.toBeDefined();
  });

  it('refuses travellers without a date of birth, someone else’s, and terms that are not current', async () => {
    const event = await addDeparture(testDb.db, 'rules-travellers', { startsIn: 200 });
    expect(await refusal(bookAs(testDb.db, ADULT_MEMBER, event, [adult, undated]))).toMatchObject({
      code: '22023',
      message: 'every traveller needs a date of birth',
    });
    expect(await refusal(bookAs(testDb.db, ADULT_MEMBER, event, [adult, child]))).toMatchObject({
      code: '22023',
      message: 'choose travellers from your own list',
    });
    expect(await refusal(bookAs(testDb.db, ADULT_MEMBER, event, [adult], '2020-01'))).toMatchObject({
      code: '22023',
      message: 'accept the current terms (version 2026-11) to book',
    });
    expect(await refusal(bookAs(testDb.db, ADULT_MEMBER, event, [adult, adult]))).toMatchObject({
      code: '22023',
    });
  });

  it('takes bookings only between the opening and closing days, never from the start date', async () => {
    const opens = await addDeparture(testDb.db, 'rules-opens', { startsIn: 200, opensIn: 5 });
    expect((await refusal(bookAs(testDb.db, ADULT_MEMBER, opens, [adult]))).message).toMatch(
      /^bookings open on \d{1,2} [A-Z][a-z]{2} \d{4}$/,
    );
    const closed = await addDeparture(testDb.db, 'rules-closed', { startsIn: 200, closedDaysAgo: 1 });
    expect((await refusal(bookAs(testDb.db, ADULT_MEMBER, closed, [adult]))).message).toMatch(
      /^bookings closed on /,
    );
    const started = await addDeparture(testDb.db, 'rules-started', { startsIn: 0 });
    expect(await refusal(bookAs(testDb.db, ADULT_MEMBER, started, [adult]))).toEqual({
      code: '22023',
      message: 'bookings have closed: this departure has started',
    });
    const draft = await addDeparture(testDb.db, 'rules-draft', { startsIn: 200, status: 'draft' });
    expect((await refusal(bookAs(testDb.db, ADULT_MEMBER, draft, [adult]))).code).toBe('P0002');
    const openToday = await addDeparture(testDb.db, 'rules-open-today', { startsIn: 200, opensIn: 0 });
    await expect(bookAs(testDb.db, ADULT_MEMBER, openToday, [adult])).resolves.toBeDefined();
  });

  it('opens a limited event to Next Room members its priority days before everyone else', async () => {
    const limited = await addDeparture(testDb.db, 'rules-limited', {
      startsIn: 200,
      opensIn: 5,
      priorityDays: 7,
    });
    expect((await refusal(bookAs(testDb.db, ADULT_MEMBER, limited, [adult]))).code).toBe('22023');
    await expect(bookAs(testDb.db, NEXT_ROOM, limited, [nextRoomAdult])).resolves.toBeDefined();
    const window = await addDeparture(testDb.db, 'rules-limited-later', {
      startsIn: 200,
      opensIn: 10,
      priorityDays: 7,
    });
    expect((await refusal(bookAs(testDb.db, NEXT_ROOM, window, [nextRoomAdult]))).message).toMatch(
      /^bookings open on /,
    );
  });

  it('says how many places are left when fewer are left than asked for', async () => {
    const event = await addDeparture(testDb.db, 'rules-few', { startsIn: 200, capacity: 3 });
    await bookAs(testDb.db, PARENT, event, [parent, child]);
    expect(await refusal(bookAs(testDb.db, ADULT_MEMBER, event, [adult, adult2]))).toEqual({
      code: 'PT409',
      message: 'only 1 place left',
    });
    await bookAs(testDb.db, ADULT_MEMBER, event, [adult]);
    expect(await refusal(bookAs(testDb.db, NEXT_ROOM, event, [nextRoomAdult]))).toEqual({
      code: 'PT409',
      message: 'sold out',
    });
  });

  it('frees the places of an expired hold at once, and not those of a booking without one', async () => {
    const event = await addDeparture(testDb.db, 'rules-expiry', { startsIn: 200, capacity: 2 });
    const held = await bookAs(testDb.db, ADULT_MEMBER, event, [adult, adult2]);
    const state = async () =>
      (
        await testDb.db.query(
          `select state, places_left from public.departure_availability(array[$1::uuid])`,
          [event],
        )
      ).rows[0];
    expect(await state()).toEqual({ state: 'sold-out', places_left: 0 });
    await testDb.db.query(
      `update public.bookings set hold_expires_at = now() - interval '1 second' where id = $1`,
      [held.id],
    );
    expect(await state()).toEqual({ state: 'open', places_left: 2 });
    await bookAs(testDb.db, PARENT, event, [parent]);
    await testDb.db.query(`update public.bookings set hold_expires_at = null where id = $1`, [held.id]);
    expect(await state()).toEqual({ state: 'sold-out', places_left: 0 });
  });
});
