import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../local/src/db/types.ts';
import { addDeparture, addMembers, addTraveller, bookAs, memberId, refusal } from './booking-fixtures.ts';
import { insertFixtures } from './fixtures.ts';
import { runAs } from './run-as.ts';
import {
  createPreparedDatabase,
  DATABASE_KINDS,
  type TestDatabase,
} from '../../local/test/db/test-databases.ts';

// Decision 0074: /admin/bookings' database side. The list (admin_bookings), a payment's preview
// (preview_payment agrees with what record_payment then does), cancellation with refund or credit
// (cancel_booking: the deposit kept, the ledger adding up, places freed) and resending a booking's e-mail
// through the outbox. Each case runs as the admin in a transaction that is rolled back. Who may call each
// function is in the authorization matrix (admin-matrix/admin-bookings.ts).

const BOOKER = memberId(11);
const OTHER = memberId(12);

describe.each(DATABASE_KINDS)('admin bookings on $name', (kind) => {
  let testDb: TestDatabase;
  let event: string;
  let booking: string;
  let invoice: string;
  let reference: string;
  let otherBooking: string;

  beforeAll(async () => {
    testDb = await createPreparedDatabase(kind);
    await insertFixtures(testDb.db);
    await addMembers(testDb.db, [11, 12]);
    const mine = [
      await addTraveller(testDb.db, BOOKER, 'Ada Adult', 40),
      await addTraveller(testDb.db, BOOKER, 'Abe Adult', 35),
    ];
    // $2,000 for two on 4 places: a $1,600 deposit today, then $133.33, $133.33 and $133.34.
    event = await addDeparture(testDb.db, 'admin-bookings-trip', { startsIn: 200, plan: 3, capacity: 4 });
    const booked = await bookAs(testDb.db, BOOKER, event, mine);
    booking = booked.id;
    invoice = booked.invoice_number;
    reference = booked.bank_reference;
    const theirs = [await addTraveller(testDb.db, OTHER, 'Oli Other', 30)];
    const other = await bookAs(testDb.db, OTHER, event, theirs);
    otherBooking = other.id;
    await testDb.db.query(
      `update public.bookings set hold_expires_at = now() - interval '1 hour' where id = $1`,
      [otherBooking],
    );
  });
  afterAll(async () => {
    await testDb?.dispose();
  });

  const pay = (tx: Queryable, amount: number) =>
    tx.query(`select * from public.record_payment($1, $2, private.sydney_today(), 'Transfer')`, [
      booking,
      amount,
    ]);
  const preview = async (tx: Queryable, amount: number) =>
    (
      await tx.query<{
        amount_cents: number;
        covered_before_cents: number;
        covers_cents: number;
        paid_in_full: boolean;
      }>(
        `select amount_cents, covered_before_cents, covers_cents, paid_in_full
         from public.preview_payment($1, $2)`,
        [booking, amount],
      )
    ).rows;
  const list = async (tx: Queryable, args: Record<string, unknown>) => {
    const { rows } = await tx.query<{
      id: string;
      state: string;
      paid_cents: number;
      left_cents: number;
      total_count: number;
    }>(
      `select id, state, paid_cents, left_cents, total_count
       from public.admin_bookings(search => $1, filter => $2, event => $3, sort => $4, direction => $5,
                                  page_size => $6, page_offset => 0)`,
      [
        args.search ?? '',
        args.filter ?? '',
        args.event ?? event,
        args.sort ?? 'created',
        args.dir ?? 'asc',
        args.size ?? 25,
      ],
    );
    return rows;
  };

  describe('the list', () => {
    it('finds a booking by invoice number, bank reference, member name and e-mail', async () => {
      const found = await runAs(testDb.db, 'admin', async (tx) =>
        Promise.all(
          [invoice, reference.toLowerCase(), 'Booker 11', 'booker11@fixture'].map(async (search) =>
            (await list(tx, { search })).map((row) => row.id),
          ),
        ),
      );
      expect(found).toEqual([[booking], [booking], [booking], [booking]]);
    });

    it('filters by shown state and pages with the total of every match', async () => {
      const answer = await runAs(testDb.db, 'admin', async (tx) => ({
        held: (await list(tx, { filter: 'held' })).map((row) => row.id),
        expired: (await list(tx, { filter: 'expired' })).map((row) => row.id),
        firstPage: await list(tx, { sort: 'member', size: 1 }),
      }));
      expect(answer.held).toEqual([booking]);
      expect(answer.expired).toEqual([otherBooking]);
      expect(answer.firstPage).toHaveLength(1);
      expect(answer.firstPage[0]).toMatchObject({
        id: booking,
        total_count: 2,
        paid_cents: 0,
        left_cents: 200000,
      });
    });

    it('refuses an unknown state or sort, and anyone but an admin', async () => {
      expect((await refusal(runAs(testDb.db, 'admin', (tx) => list(tx, { filter: 'lost' })))).code).toBe(
        '22023',
      );
      expect((await refusal(runAs(testDb.db, 'admin', (tx) => list(tx, { sort: 'colour' })))).code).toBe(
        '22023',
      );
      expect((await refusal(runAs(testDb.db, 'member', (tx) => list(tx, {})))).code).toBe('42501');
    });
  });

  describe('a payment’s preview', () => {
    it('shows which instalments an amount pays, as record_payment then marks them', async () => {
      const result = await runAs(testDb.db, 'admin', async (tx) => {
        const first = await preview(tx, 170000); // the deposit and $100 of the first $133.33
        await pay(tx, 170000);
        const second = await preview(tx, 20000); // the first's last $33.33, then $133.33 and $33.34 of the third
        await pay(tx, 20000);
        const { rows } = await tx.query<{ paid: boolean }>(
          `select paid_at is not null as paid from public.booking_installments where booking_id = $1 order by due_date`,
          [booking],
        );
        return { first, second, paid: rows.map((row) => row.paid) };
      });
      expect(result.first).toEqual([
        { amount_cents: 160000, covered_before_cents: 0, covers_cents: 160000, paid_in_full: true },
        { amount_cents: 13333, covered_before_cents: 0, covers_cents: 10000, paid_in_full: false },
      ]);
      expect(result.second).toEqual([
        { amount_cents: 13333, covered_before_cents: 10000, covers_cents: 3333, paid_in_full: true },
        { amount_cents: 13333, covered_before_cents: 0, covers_cents: 13333, paid_in_full: true },
        { amount_cents: 13334, covered_before_cents: 0, covers_cents: 3334, paid_in_full: false },
      ]);
      expect(result.paid).toEqual([true, true, true, false]);
      expect(result.second.reduce((sum, row) => sum + row.covers_cents, 0)).toBe(20000);
    });

    it('refuses what record_payment refuses, in the same words', async () => {
      const attempt = (fn: (tx: Queryable) => Promise<unknown>) => refusal(runAs(testDb.db, 'admin', fn));
      expect(await attempt((tx) => preview(tx, 200001))).toEqual({
        code: '22023',
        message: 'that is more than is left to pay (200000 cents)',
      });
      expect(await attempt((tx) => preview(tx, 0))).toEqual({
        code: '22023',
        message: 'a payment is an amount of at least 1 cent',
      });
      expect(await attempt((tx) => pay(tx, 200001))).toEqual(await attempt((tx) => preview(tx, 200001)));
    });
  });

  describe('cancelling', () => {
    const cancel = (
      tx: Queryable,
      refund: number,
      credit: number,
      target = booking,
      reason = 'Family illness',
    ) => tx.query(`select * from public.cancel_booking($1, $2, $3, $4)`, [target, refund, credit, reason]);
    const placesLeft = async (tx: Queryable) =>
      (
        await tx.query<{ n: number }>(
          `select places_left as n from public.departure_availability(array[$1]::uuid[])`,
          [event],
        )
      ).rows[0]!.n;

    it('keeps the deposit, refunds and credits what the admin says, adds up and frees the places', async () => {
      const result = await runAs(testDb.db, 'admin', async (tx) => {
        await pay(tx, 200000);
        const before = await placesLeft(tx);
        await cancel(tx, 25000, 10000);
        const { rows } = await tx.query(
          `select c.paid_cents, c.deposit_cents, c.kept_cents, c.refund_cents, c.credit_cents, c.reason,
                  b.status::text as status,
                  (select array_agg(m.amount_cents) from public.member_credits m where m.booking_id = b.id) as credits,
                  (select left_cents from public.admin_booking(b.id)) as left_cents,
                  (select paid_cents from public.admin_booking(b.id)) as paid_cents_now
           from public.booking_cancellations c join public.bookings b on b.id = c.booking_id
           where c.booking_id = $1`,
          [booking],
        );
        const nouns = await tx.query<{ noun: string; action: string }>(
          `select entity_noun as noun, action from public.admin_booking_history($1) order by id`,
          [booking],
        );
        return { before, after: await placesLeft(tx), row: rows[0], history: nouns.rows };
      });
      expect(result.before).toBe(2); // the other member's hold has expired
      expect(result.after).toBe(4);
      expect(result.row).toEqual({
        paid_cents: 200000,
        deposit_cents: 160000,
        kept_cents: 165000,
        refund_cents: 25000,
        credit_cents: 10000,
        reason: 'Family illness',
        status: 'cancelled',
        credits: [10000],
        left_cents: 0,
        paid_cents_now: 200000,
      });
      expect(result.history).toContainEqual({ noun: 'cancellation', action: 'insert' });
      expect(result.history).toContainEqual({ noun: 'credit', action: 'insert' });
      expect(result.history).toContainEqual({ noun: 'booking', action: 'update' });
      expect(result.history).toContainEqual({ noun: 'payment', action: 'insert' });
    });

    it('refuses more than was paid beyond the deposit, a second cancellation, no reason, and non-admins', async () => {
      const attempt = (fn: (tx: Queryable) => Promise<unknown>) => refusal(runAs(testDb.db, 'admin', fn));
      expect(
        await attempt(async (tx) => {
          await pay(tx, 170000);
          return cancel(tx, 5000, 5001);
        }),
      ).toMatchObject({
        code: '22023',
        message: 'the refund and the credit together can be at most the 10000 cents paid beyond the deposit',
      });
      expect((await attempt((tx) => cancel(tx, 1, 0))).message).toContain('at most the 0 cents');
      expect(
        await attempt(async (tx) => {
          await cancel(tx, 0, 0);
          return cancel(tx, 0, 0);
        }),
      ).toEqual({ code: '22023', message: 'this booking is already cancelled' });
      expect((await attempt((tx) => cancel(tx, 0, 0, booking, '   '))).code).toBe('22023');
      expect((await attempt((tx) => cancel(tx, -1, 0))).code).toBe('22023');
      expect((await refusal(runAs(testDb.db, 'member', (tx) => cancel(tx, 0, 0)))).code).toBe('42501');
    });

    it('cancels an unpaid booking with nothing to settle, and lets its member read the cancellation', async () => {
      const seen = await runAs(testDb.db, 'admin', async (tx) => {
        await cancel(tx, 0, 0);
        await tx.query(`select set_config('request.jwt.claims', $1, true)`, [
          JSON.stringify({ sub: BOOKER, role: 'authenticated' }),
        ]);
        await tx.query(`set local role authenticated`);
        const { rows } = await tx.query(
          `select paid_cents, kept_cents, refund_cents, credit_cents from public.booking_cancellations`,
        );
        return rows;
      });
      expect(seen).toEqual([{ paid_cents: 0, kept_cents: 0, refund_cents: 0, credit_cents: 0 }]);
    });
  });

  describe('resending an e-mail', () => {
    // The outbox is the sender's (service role): read it as the connection's own role. The booking itself
    // queued its confirmation (decision 0077), so the invoice is read by its subject.
    const outbox = async (tx: Queryable) => {
      await tx.query('reset role');
      return tx.query<{ recipient: string; subject: string; body: string }>(
        `select recipient, subject, body from private.outbound_mail
         where recipient = 'booker11@fixture.test' and subject like 'Invoice %'`,
      );
    };

    it('queues one message with the figures and the links', async () => {
      const mail = await runAs(testDb.db, 'admin', async (tx) => {
        await pay(tx, 160000);
        await tx.query(`select public.resend_booking_email($1, 'invoice')`, [booking]);
        return (await outbox(tx)).rows;
      });
      expect(mail).toHaveLength(1);
      expect(mail[0]!.subject).toBe(`Invoice ${invoice}: admin-bookings-trip`);
      expect(mail[0]!.body).toContain(`Invoice number: ${invoice}`);
      expect(mail[0]!.body).toContain('Total: $2,000.00');
      expect(mail[0]!.body).toContain('Paid: $1,600.00');
      expect(mail[0]!.body).toContain('Left to pay: $400.00');
      expect(mail[0]!.body).toContain(`Bank reference: ${reference}`);
      expect(mail[0]!.body).toContain(`/manage-booking?booking=${booking}`);
      expect(mail[0]!.body).toContain(`/invoice?booking=${booking}`);
    });

    it('sends the confirmation the booking sent again: travellers, schedule, bank details, payment plan', async () => {
      const confirmations = (tx: Queryable) =>
        tx.query<{ subject: string; body: string; html_body: string | null }>(
          `select subject, body, html_body from private.outbound_mail
           where recipient = 'booker11@fixture.test' and subject like 'Booking received: %'`,
        );
      const before = (await confirmations(testDb.db)).rows;
      const after = await runAs(testDb.db, 'admin', async (tx) => {
        await tx.query(`select public.resend_booking_email($1, 'confirmation')`, [booking]);
        await tx.query('reset role');
        return (await confirmations(tx)).rows;
      });
      expect(after).toHaveLength(before.length + 1);
      const sent = after.find((mail) => !before.some((old) => old.body === mail.body)) ?? after.at(-1)!;
      expect(sent.subject).toMatch(
        new RegExp(`^Booking received: admin-bookings-trip, .* \\(${invoice}\\)$`),
      );
      expect(sent.body).toContain('Thank you for booking admin-bookings-trip');
      expect(sent.body).toContain(`Booking reference: ${reference}`);
      expect(sent.body).toContain('- Abe Adult\n- Ada Adult');
      expect(sent.body).toContain('Total: $2,000.00');
      expect(sent.body).toContain('Due now: $1,600.00');
      expect(sent.body).toContain(`/manage-payment-plan?booking=${booking}`);
      expect(sent.body).not.toContain('on your behalf');
      expect(sent.body).not.toContain('Left to pay');
      expect(sent.html_body).toContain('<h2>Travellers</h2>');
    });

    it('refuses an unknown kind, a cancelled booking and non-admins', async () => {
      const attempt = (fn: (tx: Queryable) => Promise<unknown>) => refusal(runAs(testDb.db, 'admin', fn));
      const resend = (tx: Queryable, kind: string) =>
        tx.query(`select public.resend_booking_email($1, $2)`, [booking, kind]);
      expect((await attempt((tx) => resend(tx, 'receipt'))).code).toBe('22023');
      expect(
        await attempt(async (tx) => {
          await tx.query(`select public.cancel_booking($1, 0, 0, 'Changed plans')`, [booking]);
          return resend(tx, 'confirmation');
        }),
      ).toEqual({ code: '22023', message: 'this booking is cancelled' });
      expect((await refusal(runAs(testDb.db, 'member', (tx) => resend(tx, 'invoice')))).code).toBe('42501');
    });
  });
});
