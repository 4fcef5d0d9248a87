import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../local/src/db/types.ts';
import { withClaims } from '../../local/src/db/with-claims.ts';
import { addDeparture, addMembers, addTraveller, bookAs, memberId, refusal } from './booking-fixtures.ts';
import { insertFixtures } from './fixtures.ts';
import { classify, runAs, type Outcome } from './run-as.ts';
import {
  createPreparedDatabase,
  DATABASE_KINDS,
  type TestDatabase,
} from '../../local/test/db/test-databases.ts';

// Decision 0073: what a member does with a booking after making it. The paid amount is the payments only;
// the traveller cut-off (events.traveller_changes_close_days, else private.booking_settings' 30 days) holds
// for members' own changes; request_cancellation records one request and e-mails the company; a payment
// notice is checked, e-mailed, and matched by a recorded payment of the same amount. Each case runs in a
// transaction that is rolled back. Who may call what is in the authorization matrix (admin-matrix/after-booking.ts).

const BOOKER = memberId(31);
const OTHER = memberId(32);

const ROLL_BACK = Symbol('roll back');

/** fn as a booking test's member (their token's claims), rolled back afterwards. */
async function asMember<T>(db: TestDatabase['db'], userId: string, fn: (tx: Queryable) => Promise<T>) {
  let result: { value: T } | undefined;
  try {
    await withClaims(db, { sub: userId, role: 'authenticated', aud: 'authenticated' }, async (tx) => {
      result = { value: await fn(tx) };
      throw ROLL_BACK;
    });
  } catch (error) {
    if (error !== ROLL_BACK) throw error;
  }
  return result!.value;
}

/** Rows affected, or how the statement was refused. */
async function outcome(db: TestDatabase['db'], userId: string, sql: string, params: readonly unknown[] = []) {
  try {
    return await asMember(db, userId, async (tx) => (await tx.query(sql, [...params])).rowCount as Outcome);
  } catch (error) {
    return classify(error);
  }
}

describe.each(DATABASE_KINDS)('the member’s booking pages on $name', (kind) => {
  let testDb: TestDatabase;
  let far: string; // departs in 60 days: traveller changes open (they close 30 days before)
  let near: string; // departs in 20 days: closed since 10 days ago
  let farBooking: string;
  let nearBooking: string;
  let otherBooking: string;
  let ada: string;
  let abe: string;
  let cal: string;

  beforeAll(async () => {
    testDb = await createPreparedDatabase(kind);
    await insertFixtures(testDb.db);
    await addMembers(testDb.db, [31, 32]);
    ada = await addTraveller(testDb.db, BOOKER, 'Ada Adult', 40);
    abe = await addTraveller(testDb.db, BOOKER, 'Abe Adult', 35);
    cal = await addTraveller(testDb.db, BOOKER, 'Cal Adult', 30);
    const oli = await addTraveller(testDb.db, OTHER, 'Oli Other', 30);
    far = await addDeparture(testDb.db, 'after-far', { startsIn: 60 });
    near = await addDeparture(testDb.db, 'after-near', { startsIn: 20 });
    farBooking = (await bookAs(testDb.db, BOOKER, far, [ada])).id;
    // Booking inside the cut-off still names its travellers: book_departure is the company's function.
    nearBooking = (await bookAs(testDb.db, BOOKER, near, [abe])).id;
    otherBooking = (await bookAs(testDb.db, OTHER, far, [oli])).id;
  });
  afterAll(async () => {
    await testDb?.dispose();
  });

  describe('paid is the payments only', () => {
    it('ignores an instalment marked paid without money, and counts a recorded payment', async () => {
      const paid = await runAs(testDb.db, 'admin', async (tx) => {
        const read = async () =>
          (
            await tx.query<{ paid_cents: number; remaining_cents: number }>(
              `select paid_cents, remaining_cents from public.booking_balances where booking_id = $1`,
              [farBooking],
            )
          ).rows[0];
        await tx.query(`update public.booking_installments set paid_at = now() where booking_id = $1`, [
          farBooking,
        ]);
        const marked = await read();
        await tx.query(`select public.record_payment($1, 30000, private.sydney_today(), 'Part')`, [
          farBooking,
        ]);
        return [marked, await read()];
      });
      expect(paid).toEqual([
        { paid_cents: 0, remaining_cents: 100000 },
        { paid_cents: 30000, remaining_cents: 70000 },
      ]);
    });
  });

  describe('the traveller cut-off', () => {
    const rename = (id: string): [string, unknown[]] => [
      `update public.travellers set phone = '0400 111 222' where id = $1`,
      [id],
    ];

    it('lets the member change travellers and who travels before the cut-off', async () => {
      expect(await outcome(testDb.db, BOOKER, ...rename(ada))).toBe(1);
      expect(
        await outcome(
          testDb.db,
          BOOKER,
          `insert into public.booking_travellers (booking_id, traveller_id) values ($1, $2)`,
          [farBooking, cal],
        ),
      ).toBe(1);
      expect(
        await outcome(testDb.db, BOOKER, `delete from public.booking_travellers where booking_id = $1`, [
          farBooking,
        ]),
      ).toBe(1);
    });

    it('refuses the member once it has passed: details, naming, taking off and deleting', async () => {
      const closedOn = (
        await testDb.db.query<{ d: string }>(
          `select to_char(private.sydney_today() - 10, 'FMDD Mon YYYY') as d`,
        )
      ).rows[0]!.d;
      const refused = await refusal(asMember(testDb.db, BOOKER, (tx) => tx.query(rename(abe)[0], [abe])));
      expect(refused).toEqual({
        code: '22023',
        message: `changes to the travellers of after-near closed on ${closedOn}`,
      });
      for (const [sql, params] of [
        [
          `insert into public.booking_travellers (booking_id, traveller_id) values ($1, $2)`,
          [nearBooking, cal],
        ],
        [`delete from public.booking_travellers where booking_id = $1`, [nearBooking]],
        [`delete from public.travellers where id = $1`, [abe]],
      ] as const)
        expect(await outcome(testDb.db, BOOKER, sql, [...params]), sql).toBe('error 22023');
    });

    it('follows the event’s own setting, and leaves admins and cancelled bookings alone', async () => {
      const opened = await asMember(testDb.db, BOOKER, async (tx) => {
        await tx.query(`reset role`);
        await tx.query(`update public.events set traveller_changes_close_days = 10 where id = $1`, [near]);
        await tx.query(`set role authenticated`);
        return (await tx.query(rename(abe)[0], [abe])).rowCount;
      });
      expect(opened).toBe(1);
      // An admin takes a traveller off a closed booking (travellers themselves are their member's to edit).
      expect(
        await runAs(
          testDb.db,
          'admin',
          async (tx) =>
            (await tx.query(`delete from public.booking_travellers where booking_id = $1`, [nearBooking]))
              .rowCount,
        ),
      ).toBe(1);
      const cancelled = await asMember(testDb.db, BOOKER, async (tx) => {
        await tx.query(`reset role`);
        await tx.query(`update public.bookings set status = 'cancelled' where id = $1`, [nearBooking]);
        await tx.query(`set role authenticated`);
        return (await tx.query(rename(abe)[0], [abe])).rowCount;
      });
      expect(cancelled).toBe(1);
    });

    it('tells the owner the day changes close, and nobody else', async () => {
      const closesOn = (tx: Queryable) =>
        tx
          .query<{ d: string | null }>(
            `select (public.traveller_changes_close_on($1) - private.sydney_today())::int as d`,
            [nearBooking],
          )
          .then((result) => result.rows[0]!.d);
      expect(await asMember(testDb.db, BOOKER, closesOn)).toBe(-10);
      expect(await asMember(testDb.db, OTHER, closesOn)).toBeNull();
    });
  });

  describe('request_cancellation', () => {
    const request = (tx: Queryable, booking: string, reason: string | null = null) =>
      tx.query(`select * from public.request_cancellation($1, $2)`, [booking, reason]);

    it('records one request by the owner and e-mails the company', async () => {
      const after = await asMember(testDb.db, BOOKER, async (tx) => {
        await request(tx, farBooking, '  Family emergency  ');
        const booking = (
          await tx.query<{ status: string; reason: string; asked: boolean }>(
            `select status::text, cancellation_reason as reason, cancellation_requested_at is not null as asked
             from public.bookings where id = $1`,
            [farBooking],
          )
        ).rows[0];
        await tx.query('reset role');
        const mail = (
          await tx.query<{ subject: string; body: string }>(
            `select subject, body from private.outbound_mail where subject like 'Cancellation request:%'`,
          )
        ).rows;
        return { booking, mail };
      });
      expect(after.booking).toEqual({ status: 'pending', reason: 'Family emergency', asked: true });
      expect(after.mail).toHaveLength(1);
      expect(after.mail[0]!.subject).toMatch(/^Cancellation request: INV-\d{4}-\d{4,}, after-far$/);
      expect(after.mail[0]!.body).toContain('Reason: Family emergency');
      expect(after.mail[0]!.body).toContain('Deposit (kept): $800.00');
      expect(after.mail[0]!.body).toContain('Paid so far: $0.00');
    });

    it('refuses a second request, someone else’s booking, a cancelled one and a long reason', async () => {
      expect(
        await refusal(
          asMember(testDb.db, BOOKER, async (tx) => {
            await request(tx, farBooking);
            return request(tx, farBooking);
          }),
        ),
      ).toMatchObject({
        code: '22023',
        message: expect.stringMatching(/^you asked to cancel this booking on /),
      });
      expect(await refusal(asMember(testDb.db, OTHER, (tx) => request(tx, farBooking)))).toMatchObject({
        code: 'P0002',
      });
      expect(
        await refusal(asMember(testDb.db, BOOKER, (tx) => request(tx, farBooking, 'x'.repeat(1001)))),
      ).toMatchObject({ code: '22023' });
      expect(
        await refusal(
          asMember(testDb.db, BOOKER, async (tx) => {
            await tx.query('reset role');
            await tx.query(`update public.bookings set status = 'cancelled' where id = $1`, [farBooking]);
            await tx.query('set role authenticated');
            return request(tx, farBooking);
          }),
        ),
      ).toEqual({ code: '22023', message: 'this booking is already cancelled' });
    });
  });

  describe('payment notices', () => {
    const notice = (
      booking: string,
      cents: number,
      daysAgo = 0,
      note: string | null = null,
    ): [string, unknown[]] => [
      `insert into public.payment_notices (booking_id, amount_cents, paid_on, note)
       values ($1, $2, private.sydney_today() - $3::int, $4)`,
      [booking, cents, daysAgo, note],
    ];

    it('takes the owner’s notice and e-mails the company', async () => {
      const mail = await asMember(testDb.db, BOOKER, async (tx) => {
        await tx.query(...notice(farBooking, 80000, 0, ' Paid from the joint account '));
        await tx.query('reset role');
        return (
          await tx.query<{ subject: string; body: string }>(
            `select subject, body from private.outbound_mail where subject like 'Payment notice:%'`,
          )
        ).rows;
      });
      expect(mail).toHaveLength(1);
      expect(mail[0]!.subject).toMatch(/^Payment notice: \$800\.00 for INV-/);
      expect(mail[0]!.body).toContain('Note: Paid from the joint account');
    });

    it('refuses more than is left, a day to come or before booking, someone else’s booking and a sixth', async () => {
      expect(await outcome(testDb.db, BOOKER, ...notice(farBooking, 100001))).toBe('error 22023');
      expect(await outcome(testDb.db, BOOKER, ...notice(farBooking, 100, -1))).toBe('error 22023');
      expect(await outcome(testDb.db, BOOKER, ...notice(farBooking, 100, 1))).toBe('error 22023');
      expect(await outcome(testDb.db, BOOKER, ...notice(otherBooking, 100))).toBe('rls');
      const sixth = await refusal(
        asMember(testDb.db, BOOKER, async (tx) => {
          for (let i = 0; i < 6; i += 1) await tx.query(...notice(farBooking, 100));
        }),
      );
      expect(sixth).toEqual({
        code: '22023',
        message: 'we already have 5 payments to look for on this booking',
      });
      expect(
        await outcome(
          testDb.db,
          BOOKER,
          `insert into public.payment_notices (booking_id, amount_cents, paid_on, payment_id)
           values ($1, 100, private.sydney_today(), gen_random_uuid())`,
          [farBooking],
        ),
      ).toBe('denied');
    });

    it('is withdrawn by its owner while pending, telling the company; a matched one stays', async () => {
      const after = await asMember(testDb.db, BOOKER, async (tx) => {
        await tx.query(...notice(farBooking, 5000));
        await tx.query(...notice(farBooking, 80000));
        await tx.query('reset role');
        await tx.query(
          `insert into public.payments (booking_id, amount_cents, received_on) values ($1, 80000, private.sydney_today())`,
          [farBooking],
        );
        await tx.query('set role authenticated');
        const withdrawn = await tx.query(`delete from public.payment_notices where booking_id = $1`, [
          farBooking,
        ]);
        await tx.query('reset role');
        const left = await tx.query<{ amount_cents: number }>(
          `select amount_cents from public.payment_notices where booking_id = $1`,
          [farBooking],
        );
        const mail = await tx.query<{ subject: string; body: string }>(
          `select subject, body from private.outbound_mail where subject like 'Payment notice withdrawn:%'`,
        );
        return { withdrawn: withdrawn.rowCount, left: left.rows, mail: mail.rows };
      });
      expect(after.withdrawn).toBe(1);
      expect(after.left).toEqual([{ amount_cents: 80000 }]);
      expect(after.mail).toHaveLength(1);
      expect(after.mail[0]!.subject).toMatch(/^Payment notice withdrawn: \$50\.00 for INV-/);
      expect(after.mail[0]!.body).toContain('Stop looking for this payment.');
      expect(after.mail[0]!.body).toMatch(/Bank reference: \S+/);
      expect(after.mail[0]!.body).toContain('Amount: $50.00');
    });

    it('is matched by a recorded payment of the same amount; another amount leaves it pending', async () => {
      const matched = await runAs(testDb.db, 'admin', async (tx) => {
        await tx.query('reset role');
        await tx.query(
          `insert into public.payment_notices (booking_id, amount_cents, paid_on) values
          ($1, 80000, private.sydney_today()), ($1, 5000, private.sydney_today())`,
          [farBooking],
        );
        await tx.query('set role authenticated');
        const payment = (
          await tx.query<{ id: string }>(
            `select id from public.record_payment($1, 80000, private.sydney_today(), 'Deposit')`,
            [farBooking],
          )
        ).rows[0]!.id;
        const rows = (
          await tx.query<{ amount_cents: number; matched: boolean }>(
            `select amount_cents, payment_id = $2 as matched from public.payment_notices
             where booking_id = $1 order by amount_cents`,
            [farBooking, payment],
          )
        ).rows;
        return rows.map((row) => [row.amount_cents, row.matched ?? false]);
      });
      expect(matched).toEqual([
        [5000, false],
        [80000, true],
      ]);
    });
  });
});
