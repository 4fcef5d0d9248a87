import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withClaims } from '../../local/src/db/with-claims.ts';
import { addDeparture, addMembers, addTraveller, bookAs, memberId, refusal } from './booking-fixtures.ts';
import { claimsOf, ID, insertFixtures } from './fixtures.ts';
import { messageOf } from './message-of.ts';
import { runAs } from './run-as.ts';
import {
  createPreparedDatabase,
  DATABASE_KINDS,
  type TestDatabase,
} from '../../local/test/db/test-databases.ts';

// Issue 21, decision 0077 (migration 20261201600001): room options priced into a booking and its quote, the
// company's bank details, the confirmation e-mail every booking queues, and phone bookings by an admin.
// Who may read and write each new table and function is in the authorization matrix (admin-matrix/bookings.ts).

const BOOKER = memberId(1);
const PARENT = memberId(2);

describe.each(DATABASE_KINDS)('booking extras on $name', (kind) => {
  let testDb: TestDatabase;
  let ada: string;
  let abe: string;
  let parent: string;
  let child: string;

  beforeAll(async () => {
    testDb = await createPreparedDatabase(kind);
    await insertFixtures(testDb.db);
    await addMembers(testDb.db, [1, 2]);
    ada = await addTraveller(testDb.db, BOOKER, 'Ada Adult', 40);
    abe = await addTraveller(testDb.db, BOOKER, 'Abe <Adult>', 35);
    parent = await addTraveller(testDb.db, PARENT, 'Pat Parent', 45);
    child = await addTraveller(testDb.db, PARENT, 'Kit Child', 10);
  });
  afterAll(async () => {
    await testDb?.dispose();
  });

  /** Twin share +$0 and Single room +$650 on the event, as an admin adds them; answers [twin, single]. */
  const addRooms = async (event: string): Promise<[string, string]> => {
    const { rows } = await testDb.db.query<{ id: string }>(
      `insert into public.event_room_options (event_id, label, supplement_cents, sort_order)
       values ($1, 'Twin share', 0, 0), ($1, 'Single room', 65000, 1) returning id`,
      [event],
    );
    return [rows[0]!.id, rows[1]!.id];
  };
  const bookWithRooms = (userId: string, event: string, travellers: string[], rooms: string[] | null) =>
    withClaims(testDb.db, { sub: userId, role: 'authenticated', aud: 'authenticated' }, async (tx) => {
      const { rows } = await tx.query<{ id: string; total_cents: number; deposit_cents: number }>(
        `select * from public.book_departure($1::uuid, $2::uuid[], '2026-11', $3::uuid[])`,
        [event, travellers, rooms],
      );
      return rows[0]!;
    });
  const schedule = async (bookingId: string) =>
    (
      await testDb.db.query<{ days: number; amount_cents: number }>(
        `select due_date - private.sydney_today() as days, amount_cents from public.booking_installments
         where booking_id = $1 order by due_date`,
        [bookingId],
      )
    ).rows;
  const mails = async (bookingId: string) =>
    (
      await testDb.db.query<{ recipient: string; subject: string; body: string; html_body: string }>(
        `select recipient, subject, body, html_body from private.outbound_mail
         where body like '%' || $1 || '%' order by id`,
        [bookingId],
      )
    ).rows;

  it('prices each traveller’s room into the booking, its schedule and its travellers', async () => {
    const event = await addDeparture(testDb.db, 'extras-rooms', { startsIn: 200, plan: 2 });
    const [twin, single] = await addRooms(event);
    const booking = await bookWithRooms(BOOKER, event, [ada, abe], [single, twin]);
    // 2 × $1,000 + one single supplement of $650; the deposit stays 2 × $800.
    expect(booking).toMatchObject({ total_cents: 265000, deposit_cents: 160000 });
    expect(await schedule(booking.id)).toEqual([
      { days: 0, amount_cents: 160000 },
      { days: 55, amount_cents: 52500 },
      { days: 110, amount_cents: 52500 },
    ]);
    const rooms = await testDb.db.query(
      `select t.full_name, bt.room_option_id, bt.room_label, bt.room_supplement_cents
       from public.booking_travellers bt join public.travellers t on t.id = bt.traveller_id
       where bt.booking_id = $1 order by t.full_name`,
      [booking.id],
    );
    expect(rooms.rows).toEqual([
      { full_name: 'Abe <Adult>', room_option_id: twin, room_label: 'Twin share', room_supplement_cents: 0 },
      {
        full_name: 'Ada Adult',
        room_option_id: single,
        room_label: 'Single room',
        room_supplement_cents: 65000,
      },
    ]);
    // The invoice bills each traveller their share of the price and their own supplement, with the room.
    const invoice = await testDb.db.query<{ lines: { detail: string; amount_cents: number }[] }>(
      `select lines from public.invoice_versions where booking_id = $1 order by version desc limit 1`,
      [booking.id],
    );
    expect(invoice.rows[0]!.lines.map((line) => [line.detail, line.amount_cents])).toEqual([
      ['Abe <Adult>, Twin share', 100000],
      ['Ada Adult, Single room', 165000],
    ]);
    // A later price change or removal of the option changes nothing the booking sold.
    await testDb.db.query(`update public.event_room_options set supplement_cents = 90000 where id = $1`, [
      single,
    ]);
    await testDb.db.query(`delete from public.event_room_options where id = $1`, [single]);
    const kept = await testDb.db.query(
      `select bt.room_option_id, bt.room_label, bt.room_supplement_cents, b.total_cents
       from public.booking_travellers bt join public.bookings b on b.id = bt.booking_id
       where bt.traveller_id = $1 and bt.booking_id = $2`,
      [ada, booking.id],
    );
    expect(kept.rows).toEqual([
      { room_option_id: null, room_label: 'Single room', room_supplement_cents: 65000, total_cents: 265000 },
    ]);
  });

  it('needs a room of the departure for each traveller when it offers rooms, and none when it does not', async () => {
    const event = await addDeparture(testDb.db, 'extras-rooms-needed', { startsIn: 200 });
    const [twin] = await addRooms(event);
    expect(await refusal(bookAs(testDb.db, BOOKER, event, [ada, abe]))).toEqual({
      code: '22023',
      message: 'choose a room for each traveller',
    });
    expect(await refusal(bookWithRooms(BOOKER, event, [ada, abe], [twin]))).toEqual({
      code: '22023',
      message: 'choose a room for each traveller',
    });
    const elsewhere = await addDeparture(testDb.db, 'extras-rooms-elsewhere', { startsIn: 200 });
    const [otherTwin] = await addRooms(elsewhere);
    expect(await refusal(bookWithRooms(BOOKER, event, [ada, abe], [twin, otherTwin]))).toEqual({
      code: '22023',
      message: 'that room is not offered on this departure',
    });
    const plain = await addDeparture(testDb.db, 'extras-no-rooms', { startsIn: 200 });
    expect(await refusal(bookWithRooms(BOOKER, plain, [ada], [twin]))).toEqual({
      code: '22023',
      message: 'this departure has no room options to choose from',
    });
    // Today's three-argument callers keep working where no rooms are offered.
    expect((await bookAs(testDb.db, BOOKER, plain, [ada])).total_cents).toBe(100000);
  });

  it('quotes with rooms, to visitors too, and asks for them where they are offered', async () => {
    const event = await addDeparture(testDb.db, 'extras-quote', { startsIn: 200 });
    const [twin, single] = await addRooms(event);
    const quote = await testDb.db.query(
      `select due_date - private.sydney_today() as days, amount_cents
       from public.quote_booking($1, 2, array[$2, $3]::uuid[])`,
      [event, single, single],
    );
    expect(quote.rows).toEqual([
      { days: 0, amount_cents: 160000 },
      { days: 110, amount_cents: 170000 },
    ]);
    expect(await messageOf(testDb.db, 'visitor', `select * from public.quote_booking($1, 2)`, [event])).toBe(
      'choose a room for each traveller',
    );
    expect(
      await messageOf(testDb.db, 'visitor', `select * from public.quote_booking($1, 1, array[$2]::uuid[])`, [
        event,
        twin,
      ]),
    ).toBe('ok');
  });

  it('keeps the bank details to signed-in members, edited by admins within the rules', async () => {
    const read = `select account_name || '|' || coalesce(bank_name, '-') || '|' || bsb || '|' || account_number
                  as n from public.company_bank_details()`;
    const readAs = (actor: 'visitor' | 'member') =>
      runAs(testDb.db, actor, async (tx) => (await tx.query<{ n: string }>(read)).rows);
    // From no details at all (the prepared database may hold the seed's sample account).
    await testDb.db.query(`delete from private.company_bank_details`);
    expect(await readAs('member')).toEqual([]);
    expect(await messageOf(testDb.db, 'visitor', read)).toMatch(/permission denied/);
    const set = `select * from public.set_company_bank_details($1, $2, $3, $4)`;
    expect(await messageOf(testDb.db, 'member', set, ['Me', '062000', '12345678', null])).toBe(
      'only an admin can change the bank details',
    );
    expect(
      await messageOf(testDb.db, 'admin', set, ['Haunted Horizons', '062-000', '12345678', null]),
    ).toMatch(/company_bank_details_bsb_check/);
    expect(await messageOf(testDb.db, 'admin', set, ['Haunted Horizons', '062000', '12345', null])).toMatch(
      /company_bank_details_account_number_check/,
    );
    await withClaims(testDb.db, claimsOf('admin'), (tx) =>
      tx.query(set, ['Haunted Horizons Pty Ltd', '062000', '12345678', 'Commonwealth Bank']),
    );
    expect(await readAs('member')).toEqual([
      { n: 'Haunted Horizons Pty Ltd|Commonwealth Bank|062000|12345678' },
    ]);
    const audit = await testDb.db.query(
      `select entity_noun, action, actor_id from public.audit_log where entity = 'company_bank_details'`,
    );
    expect(audit.rows).toEqual([{ entity_noun: 'bank details', action: 'insert', actor_id: ID.admin }]);
  });

  it('queues one confirmation e-mail per booking, with everything the member needs to pay', async () => {
    await testDb.db.query(
      `insert into private.company_bank_details (account_name, bank_name, bsb, account_number)
       values ('Haunted Horizons Pty Ltd', null, '062000', '12345678')
       on conflict (id) do update set bsb = '062000', account_number = '12345678'`,
    );
    const event = await addDeparture(testDb.db, 'extras-mail', { startsIn: 200 });
    const [twin, single] = await addRooms(event);
    const booking = await bookWithRooms(BOOKER, event, [ada, abe], [single, twin]);
    const queued = await mails(booking.id);
    expect(queued).toHaveLength(1);
    const [mail] = queued;
    const row = (
      await testDb.db.query<{ invoice_number: string; bank_reference: string; held: string }>(
        `select invoice_number, bank_reference,
                to_char(hold_expires_at at time zone 'Australia/Sydney', 'FMDD FMMonth YYYY') as held
         from public.bookings where id = $1`,
        [booking.id],
      )
    ).rows[0]!;
    expect(mail!.recipient).toBe('booker1@fixture.test');
    expect(mail!.subject).toBe(
      `Booking received: extras-mail, ${await day(200)} to ${await day(202)} (${row.invoice_number})`,
    );
    for (const expected of [
      'Hello Booker,',
      '- Abe <Adult> (Twin share)',
      '- Ada Adult (Single room, +$650.00)',
      'Total: $2,650.00',
      'Due now: $1,600.00',
      `- ${await day(0)}: $1,600.00`,
      `- ${await day(110)}: $1,050.00`,
      'BSB: 062-000',
      'Account number: 12345678',
      `Reference: ${row.bank_reference}`,
      `We hold your places until `,
      `${row.held} at `,
      ' (Sydney time)',
      `http://localhost:4321/manage-booking?booking=${booking.id}`,
      `http://localhost:4321/manage-payment-plan?booking=${booking.id}`,
    ]) {
      expect(mail!.body).toContain(expected);
    }
    expect(mail!.body).not.toContain('by phone');
    expect(mail!.html_body).toContain('<li>Abe &lt;Adult&gt; (Twin share)</li>');
    expect(mail!.html_body).toContain(
      `href="http://localhost:4321/manage-payment-plan?booking=${booking.id}"`,
    );
    // A refused booking queues nothing.
    const before = await testDb.db.query<{ n: number }>(
      `select count(*)::int as n from private.outbound_mail`,
    );
    await refusal(bookAs(testDb.db, BOOKER, event, [ada]));
    const after = await testDb.db.query<{ n: number }>(
      `select count(*)::int as n from private.outbound_mail`,
    );
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });
  const day = async (days: number) =>
    (
      await testDb.db.query<{ d: string }>(
        `select to_char(private.sydney_today() + $1::int, 'FMDD FMMonth YYYY') as d`,
        [days],
      )
    ).rows[0]!.d;

  it('lets an admin book a member’s travellers by phone, with the member’s rules, accepted and audited', async () => {
    const event = await addDeparture(testDb.db, 'extras-phone', { startsIn: 200, capacity: 3 });
    const [twin] = await addRooms(event);
    const phone = `select * from public.admin_book_departure($1::uuid, $2::uuid, $3::uuid[], $4::uuid[])`;
    expect(await messageOf(testDb.db, 'member', phone, [BOOKER, event, [ada], [twin]])).toBe(
      'only an admin can book for a member',
    );
    expect(await messageOf(testDb.db, 'admin', phone, [PARENT, event, [child], [twin]])).toBe(
      'a traveller under 18 needs an adult on the same booking',
    );
    expect(await messageOf(testDb.db, 'admin', phone, [BOOKER, event, [parent], [twin]])).toBe(
      'choose travellers from your own list',
    );
    expect(await messageOf(testDb.db, 'admin', phone, [BOOKER, event, [ada], null])).toBe(
      'choose a room for each traveller',
    );
    const b = await withClaims(testDb.db, claimsOf('admin'), async (tx) => {
      const booked = await tx.query<{
        id: string;
        user_id: string;
        status: string;
        terms_version: string;
        terms_accepted_by: string;
        total_cents: number;
      }>(phone, [PARENT, event, [parent, child], [twin, twin]]);
      return booked.rows[0]!;
    });
    const audit = await testDb.db.query(
      `select entity, action, actor_id from public.audit_log where entity_id = $1 order by id`,
      [b.id],
    );
    const mail = await mails(b.id);
    // The departure's places count for phone bookings as for the member's own.
    const full = await messageOf(testDb.db, 'admin', phone, [BOOKER, event, [ada, abe], [twin, twin]]);
    const taken = { b, audit: audit.rows, mail, full };
    expect(taken.b).toMatchObject({
      user_id: PARENT,
      status: 'pending',
      terms_version: '2026-11',
      terms_accepted_by: ID.admin,
      total_cents: 200000,
    });
    expect(taken.audit).toEqual([{ entity: 'bookings', action: 'insert', actor_id: ID.admin }]);
    expect(taken.mail).toHaveLength(1);
    expect(taken.mail[0]!.recipient).toBe('booker2@fixture.test');
    expect(taken.mail[0]!.body).toContain('Our team took this booking for you by phone');
    expect(taken.full).toBe('only 1 place left');
  });
});
