import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../../local/src/db/types.ts';
import { withClaims } from '../../local/src/db/with-claims.ts';
import { addDeparture, addMembers, addTraveller, bookAs, memberId, refusal } from './booking-fixtures.ts';
import { claimsOf, insertFixtures } from './fixtures.ts';
import { outcomeOf, runAs } from './run-as.ts';
import {
  createPreparedDatabase,
  DATABASE_KINDS,
  type TestDatabase,
} from '../../local/test/db/test-databases.ts';

// Decision 0075: a booking's tax invoice versions are issued by the database at commit (version 1 with the
// booking, a new one when its travellers, total or status change, never one for a change the invoice does
// not show), each kept as issued; admins edit schedules through move/split/merge/waive, each keeping the
// total or refused with a reason. Who may read and call what is also in admin-matrix/invoices.ts.

const BOOKER = memberId(41);
const OTHER = memberId(42);

interface VersionRow {
  version: number;
  total_cents: number;
  gst_cents: number;
  gst_treatment: string;
  cancelled: boolean;
  bill_to: { name: string; email: string };
  invoice_number: string;
  lines: { kind: string; description: string; detail: string; amount_cents: number }[];
}

const versionsOf = async (db: Queryable, booking: string) =>
  (
    await db.query<VersionRow>(
      `select version, total_cents, gst_cents, gst_treatment, cancelled, bill_to, invoice_number, lines
       from public.invoice_versions where booking_id = $1 order by version`,
      [booking],
    )
  ).rows;

/** As the admin, committed (deferred triggers run at commit, as they do for one API request). */
const asAdmin = <T>(db: Database, fn: (tx: Queryable) => Promise<T>) => withClaims(db, claimsOf('admin'), fn);

const schedule = async (tx: Queryable, booking: string) =>
  (
    await tx.query<{ id: string; due_date: string; amount_cents: number; paid: boolean }>(
      `select id, to_char(due_date, 'YYYY-MM-DD') as due_date, amount_cents, paid_at is not null as paid
       from public.booking_installments where booking_id = $1 order by due_date, created_at, id`,
      [booking],
    )
  ).rows;

describe.each(DATABASE_KINDS)('invoices and schedule edits on $name', (kind) => {
  let testDb: TestDatabase;
  let taxable: string;
  let gstFree: string;
  let travellers: string[];
  const db = () => testDb.db;

  beforeAll(async () => {
    testDb = await createPreparedDatabase(kind);
    await insertFixtures(testDb.db);
    await addMembers(testDb.db, [41, 42]);
    travellers = [
      await addTraveller(testDb.db, BOOKER, 'Ada Adult', 40),
      await addTraveller(testDb.db, BOOKER, 'Abe Adult', 35),
    ];
    // $1,000.05 a person: GST is 1/11 of the total, rounded to the cent.
    taxable = await addDeparture(testDb.db, 'invoice-taxable', { startsIn: 200, plan: 3, price: 100005 });
    gstFree = await addDeparture(testDb.db, 'invoice-gst-free', { startsIn: 200, price: 150000 });
    await testDb.db.query(`update public.events set gst_treatment = 'gst-free' where id = $1`, [gstFree]);
  });
  afterAll(async () => {
    await testDb?.dispose();
  });

  it('issues version 1 with the booking: billed to the member, a line per traveller, GST included', async () => {
    const booking = await bookAs(db(), BOOKER, taxable, travellers);
    const [first, ...more] = await versionsOf(db(), booking.id);
    expect(more).toEqual([]);
    expect(first).toMatchObject({
      version: 1,
      invoice_number: booking.invoice_number,
      total_cents: 200010,
      gst_cents: 18183, // 200010 / 11 = 18182.73
      gst_treatment: 'taxable',
      cancelled: false,
      bill_to: { name: 'Booker 41', email: 'booker41@fixture.test' },
    });
    expect(first!.lines.map((line) => [line.kind, line.detail, line.amount_cents])).toEqual([
      ['traveller', 'Abe Adult', 100005],
      ['traveller', 'Ada Adult', 100005],
    ]);
    expect(first!.lines[0]!.description).toMatch(/^invoice-taxable, departing \d{1,2} [A-Z][a-z]{2} \d{4}$/);
  });

  it('states no GST on a GST-free departure', async () => {
    const booking = await bookAs(db(), BOOKER, gstFree, [travellers[0]!]);
    expect(await versionsOf(db(), booking.id)).toMatchObject([
      { version: 1, total_cents: 150000, gst_cents: 0, gst_treatment: 'gst-free' },
    ]);
  });

  it('rounds GST to the nearest cent', async () => {
    const { rows } = await db().query<{ a: number; b: number; c: number; free: number }>(
      `select private.gst_included_cents(110000, 'taxable') as a, private.gst_included_cents(100005, 'taxable') as b,
              private.gst_included_cents(6, 'taxable') as c, private.gst_included_cents(110000, 'gst-free') as free`,
    );
    expect(rows[0]).toEqual({ a: 10000, b: 9091, c: 1, free: 0 });
  });

  it('issues a new version when the total changes, once per transaction, and keeps the old one as issued', async () => {
    const booking = await bookAs(db(), BOOKER, taxable, travellers);
    const [before] = await versionsOf(db(), booking.id);
    // Two waivers in one transaction: one new version, with both.
    await asAdmin(db(), async (tx) => {
      await tx.query(`select count(*) from public.waive_amount($1, 5000, 'Goodwill for the date change')`, [
        booking.id,
      ]);
      await tx.query(`select count(*) from public.waive_amount($1, 10, 'Rounding')`, [booking.id]);
    });
    const after = await versionsOf(db(), booking.id);
    expect(after.map((version) => version.version)).toEqual([1, 2]);
    expect(after[0]).toEqual(before);
    expect(after[1]).toMatchObject({ total_cents: 195000, gst_cents: 17727 });
    expect(after[1]!.lines.map((line) => [line.kind, line.amount_cents])).toEqual([
      ['traveller', 100005],
      ['traveller', 100005],
      ['waiver', -5000],
      ['waiver', -10],
    ]);
    expect(after[1]!.lines[2]!.detail).toBe('Goodwill for the date change');

    // A moved due date is not on the invoice: no new version. A cancellation is.
    await asAdmin(db(), async (tx) => {
      const [, second] = await schedule(tx, booking.id);
      await tx.query(`select count(*) from public.move_installment($1, $2::date + 1)`, [
        second!.id,
        second!.due_date,
      ]);
    });
    expect((await versionsOf(db(), booking.id)).length).toBe(2);
    await asAdmin(db(), (tx) =>
      tx.query(`update public.bookings set status = 'cancelled' where id = $1`, [booking.id]),
    );
    const cancelled = await versionsOf(db(), booking.id);
    expect(cancelled.map((version) => [version.version, version.cancelled])).toEqual([
      [1, false],
      [2, false],
      [3, true],
    ]);
    expect(cancelled[0]).toEqual(before);
  });

  it('issues a new version when a traveller is taken off the booking', async () => {
    const booking = await bookAs(db(), BOOKER, gstFree, travellers);
    await asAdmin(db(), async (tx) => {
      await tx.query(`delete from public.booking_travellers where booking_id = $1 and traveller_id = $2`, [
        booking.id,
        travellers[1],
      ]);
    });
    const versions = await versionsOf(db(), booking.id);
    expect(versions.map((version) => version.lines.map((line) => line.detail))).toEqual([
      ['Abe Adult', 'Ada Adult'],
      ['Ada Adult', 'Traveller 2'],
    ]);
  });

  it('lets the member and admins read the invoice, nobody write it', async () => {
    const booking = await bookAs(db(), BOOKER, gstFree, [travellers[0]!]);
    const read = (sub: string | null) =>
      withClaims(
        db(),
        sub ? { sub, role: 'authenticated', aud: 'authenticated' } : claimsOf('visitor'),
        async (tx) =>
          (
            await tx.query<{ n: number }>(
              `select count(*)::int as n from public.invoice_versions where booking_id = $1`,
              [booking.id],
            )
          ).rows[0]!.n,
      ).catch(() => 'denied');
    expect(await read(BOOKER)).toBe(1);
    expect(await read(OTHER)).toBe(0);
    expect(await read(null)).toBe('denied');
    expect(
      await outcomeOf(
        db(),
        'admin',
        `select count(*)::int as n from public.invoice_versions where booking_id = $1`,
        [booking.id],
      ),
    ).toBe(1);
    expect(
      await outcomeOf(
        db(),
        'admin',
        `update public.invoice_versions set total_cents = 0 where booking_id = $1`,
        [booking.id],
      ),
    ).toBe('denied');
  });

  describe('schedule edits', () => {
    let booking: string;
    let departs: string;

    beforeAll(async () => {
      // $2,000.10 for two: $1,600 today, then $133.36, $133.36 and $133.38.
      booking = (await bookAs(db(), BOOKER, taxable, travellers)).id;
      departs = (
        await db().query<{ d: string }>(
          `select to_char(start_date, 'YYYY-MM-DD') as d from public.events where id = $1`,
          [taxable],
        )
      ).rows[0]!.d;
    });

    /** Runs the edit as the admin, makes the deferred sum check run, and rolls back. */
    const edit = <T>(fn: (tx: Queryable) => Promise<T>) =>
      runAs(db(), 'admin', async (tx) => {
        const value = await fn(tx);
        await tx.query('set constraints all immediate');
        return value;
      });

    it('moves an unpaid instalment, and refuses a paid one or a day after departure', async () => {
      const moved = await edit(async (tx) => {
        const [, second] = await schedule(tx, booking);
        await tx.query(`select count(*) from public.move_installment($1, $2::date - 7)`, [
          second!.id,
          second!.due_date,
        ]);
        const changes = await tx.query<{ kind: string; summary: string }>(
          `select kind, summary from public.schedule_changes where booking_id = $1`,
          [booking],
        );
        const audit = await tx.query<{ n: number }>(
          `select count(*)::int as n from public.audit_log
           where entity = 'schedule_changes' and entity_noun = 'schedule change' and after ->> 'booking_id' = $1`,
          [booking],
        );
        return {
          before: second!,
          after: await schedule(tx, booking),
          changes: changes.rows,
          audited: audit.rows[0]!.n,
        };
      });
      expect(moved.after.map((row) => row.amount_cents)).toEqual([160000, 13336, 13336, 13338]);
      expect(moved.changes).toMatchObject([{ kind: 'move' }]);
      expect(moved.changes[0]!.summary).toMatch(/^Moved \$133\.36 from /);
      expect(moved.audited).toBe(1);

      const afterDeparture = await refusal(
        edit(async (tx) => {
          const [, second] = await schedule(tx, booking);
          await tx.query(`select count(*) from public.move_installment($1, $2::date + 1)`, [
            second!.id,
            departs,
          ]);
        }),
      );
      expect(afterDeparture).toMatchObject({ code: '22023' });
      expect(afterDeparture.message).toMatch(/^nothing can fall due after departure/);

      const paid = await refusal(
        edit(async (tx) => {
          await tx.query(
            `select * from public.record_payment($1, 160000, private.sydney_today(), 'Deposit')`,
            [booking],
          );
          const [deposit] = await schedule(tx, booking);
          await tx.query(`select count(*) from public.move_installment($1, $2::date + 1)`, [
            deposit!.id,
            deposit!.due_date,
          ]);
        }),
      );
      expect(paid).toEqual({ code: '22023', message: 'a paid instalment cannot be moved' });
    });

    it('splits an instalment in two that add up to it, and refuses parts of nothing', async () => {
      const after = await edit(async (tx) => {
        const [, second] = await schedule(tx, booking);
        await tx.query(`select count(*) from public.split_installment($1, 10000, $2::date + 3)`, [
          second!.id,
          second!.due_date,
        ]);
        return schedule(tx, booking);
      });
      expect(after.map((row) => row.amount_cents)).toEqual([160000, 10000, 3336, 13336, 13338]);

      const whole = await refusal(
        edit(async (tx) => {
          const [, second] = await schedule(tx, booking);
          await tx.query(`select count(*) from public.split_installment($1, 13336, $2::date)`, [
            second!.id,
            second!.due_date,
          ]);
        }),
      );
      expect(whole).toEqual({
        code: '22023',
        message: 'split $133.36 into two parts of at least 1 cent each',
      });
      const earlier = await refusal(
        edit(async (tx) => {
          const [, second] = await schedule(tx, booking);
          await tx.query(`select count(*) from public.split_installment($1, 100, $2::date - 1)`, [
            second!.id,
            second!.due_date,
          ]);
        }),
      );
      expect(earlier.message).toMatch(/^the second part falls due on or after the first/);
    });

    it('merges two instalments next to each other, not two apart', async () => {
      const after = await edit(async (tx) => {
        const [, second, third] = await schedule(tx, booking);
        await tx.query(`select count(*) from public.merge_installments($1, $2)`, [third!.id, second!.id]);
        return { before: second!, after: await schedule(tx, booking) };
      });
      expect(after.after.map((row) => row.amount_cents)).toEqual([160000, 26672, 13338]);
      expect(after.after[1]!.due_date).toBe(after.before.due_date);

      const apart = await refusal(
        edit(async (tx) => {
          const [, second, , fourth] = await schedule(tx, booking);
          await tx.query(`select count(*) from public.merge_installments($1, $2)`, [second!.id, fourth!.id]);
        }),
      );
      expect(apart).toEqual({ code: '22023', message: 'only instalments next to each other can be merged' });
    });

    it('waives from the last instalments backwards, lowering the total and the deposit at most to it', async () => {
      const after = await edit(async (tx) => {
        await tx.query(`select count(*) from public.waive_amount($1, 20000, 'Loyal traveller')`, [booking]);
        const total = await tx.query<{ total_cents: number }>(
          `select total_cents from public.bookings where id = $1`,
          [booking],
        );
        return { schedule: await schedule(tx, booking), total: total.rows[0]!.total_cents };
      });
      expect(after.total).toBe(180010);
      expect(after.schedule.map((row) => row.amount_cents)).toEqual([160000, 13336, 6674]);

      expect(
        await refusal(
          edit((tx) =>
            tx.query(`select count(*) from public.waive_amount($1, 200011, 'Too much')`, [booking]),
          ),
        ),
      ).toEqual({ code: '22023', message: 'that is more than is left to pay ($2,000.10)' });
      expect(
        await refusal(
          edit((tx) => tx.query(`select count(*) from public.waive_amount($1, 100, '  ')`, [booking])),
        ),
      ).toEqual({ code: '22023', message: 'give the reason for the waiver (3 to 500 characters)' });
    });

    it('refuses members every edit', async () => {
      const asMember = await refusal(
        withClaims(db(), { sub: BOOKER, role: 'authenticated', aud: 'authenticated' }, (tx) =>
          tx.query(`select count(*) from public.waive_amount($1, 100, 'Please')`, [booking]),
        ),
      );
      expect(asMember).toEqual({ code: '42501', message: 'only an admin can change a payment schedule' });
    });

    it('lists the bookings whose schedule needs attention, by reason', async () => {
      const listed = await edit(async (tx) => {
        const [, second] = await schedule(tx, booking);
        await tx.query(
          `update public.booking_installments set due_date = private.sydney_today() - 3 where id = $1`,
          [second!.id],
        );
        const overdue = await tx.query<{ booking_id: string; overdue_cents: number; hold_expired: boolean }>(
          `select booking_id, overdue_cents, hold_expired from public.admin_schedule_attention('', 'overdue')`,
        );
        const expired = await tx.query<{ n: number }>(
          `select count(*)::int as n from public.admin_schedule_attention('', 'expired')`,
        );
        await tx.query(
          `update public.bookings set hold_expires_at = now() - interval '1 minute' where id = $1`,
          [booking],
        );
        const expiredAfter = await tx.query<{ booking_id: string }>(
          `select booking_id from public.admin_schedule_attention('', 'expired')`,
        );
        return { overdue: overdue.rows, expired: expired.rows[0]!.n, expiredAfter: expiredAfter.rows };
      });
      // The deposit due today is not overdue; the instalment moved 3 days back is.
      expect(listed.overdue).toContainEqual({
        booking_id: booking,
        overdue_cents: 13336,
        hold_expired: false,
      });
      expect(listed.expired).toBe(0);
      expect(listed.expiredAfter).toEqual([{ booking_id: booking }]);
    });
  });
});
