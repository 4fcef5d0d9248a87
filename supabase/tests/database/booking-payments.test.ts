import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../local/src/db/types.ts';
import { addDeparture, addMembers, addTraveller, bookAs, memberId, refusal } from './booking-fixtures.ts';
import { ID, insertFixtures } from './fixtures.ts';
import { runAs } from './run-as.ts';
import {
  createPreparedDatabase,
  DATABASE_KINDS,
  type TestDatabase,
} from '../../local/test/db/test-databases.ts';

// Issue 21, decision 0071: an admin records bank transfers with public.record_payment; each is applied to
// the booking's instalments in due-date order, the deposit confirms the booking and makes its member Next
// Room. Each case runs as the admin in a transaction that is rolled back, on a booking the member made.
// Who reads payments is in the authorization matrix (admin-matrix/bookings.ts).

const BOOKER = memberId(1);

describe.each(DATABASE_KINDS)('booking payments on $name', (kind) => {
  let testDb: TestDatabase;
  let booking: string;
  let lateBooking: string;

  beforeAll(async () => {
    testDb = await createPreparedDatabase(kind);
    await insertFixtures(testDb.db);
    await addMembers(testDb.db, [1, 2]);
    const mine = [
      await addTraveller(testDb.db, BOOKER, 'Ada Adult', 40),
      await addTraveller(testDb.db, BOOKER, 'Abe Adult', 35),
    ];
    // $2,000 for two: a $1,600 deposit today, then $133.33, $133.33 and $133.34.
    const event = await addDeparture(testDb.db, 'pay-plan', { startsIn: 200, plan: 3 });
    booking = (await bookAs(testDb.db, BOOKER, event, mine)).id;
    const small = await addDeparture(testDb.db, 'pay-small', { startsIn: 200, capacity: 2 });
    lateBooking = (await bookAs(testDb.db, BOOKER, small, mine)).id;
    await testDb.db.query(
      `update public.bookings set hold_expires_at = now() - interval '1 hour' where id = $1`,
      [lateBooking],
    );
    const other = await addTraveller(testDb.db, memberId(2), 'Oli Other', 30);
    await bookAs(testDb.db, memberId(2), small, [other]);
  });
  afterAll(async () => {
    await testDb?.dispose();
  });

  const pay = (tx: Queryable, amount: number, target = booking) =>
    tx.query(`select * from public.record_payment($1, $2, private.sydney_today(), 'Transfer')`, [
      target,
      amount,
    ]);
  const state = async (tx: Queryable, target = booking) => {
    const { rows } = await tx.query<{
      status: string;
      held: boolean;
      tier: string;
      paid: boolean[];
      paid_cents: number;
    }>(
      `select b.status::text, b.hold_expires_at is not null as held, p.membership_tier::text as tier,
              array(select i.paid_at is not null from public.booking_installments i
                    where i.booking_id = b.id order by i.due_date) as paid,
              (select paid_cents from public.booking_balances where booking_id = b.id) as paid_cents
       from public.bookings b join public.profiles p on p.id = b.user_id where b.id = $1`,
      [target],
    );
    return rows[0];
  };

  it('keeps a partly paid deposit pending and the member’s tier as it was', async () => {
    const after = await runAs(testDb.db, 'admin', async (tx) => {
      await pay(tx, 100000);
      return state(tx);
    });
    expect(after).toEqual({
      status: 'pending',
      held: true,
      tier: 'vip',
      paid: [false, false, false, false],
      paid_cents: 100000,
    });
  });

  it('confirms the booking, ends its hold and makes the member Next Room once the deposit is in', async () => {
    const after = await runAs(testDb.db, 'admin', async (tx) => {
      await pay(tx, 100000);
      await pay(tx, 60000);
      return state(tx);
    });
    expect(after).toEqual({
      status: 'confirmed',
      held: false,
      tier: 'next_room',
      paid: [true, false, false, false],
      paid_cents: 160000,
    });
  });

  it('applies money to instalments in due-date order, marking only those fully covered', async () => {
    const after = await runAs(testDb.db, 'admin', async (tx) => {
      await pay(tx, 180000); // the deposit, the first $133.33 and part of the second
      const partly = await state(tx);
      await pay(tx, 20000); // the rest of the second, all of the third
      return [partly, await state(tx)];
    });
    expect(after.map((row) => row?.paid)).toEqual([
      [true, true, false, false],
      [true, true, true, true],
    ]);
    expect(after[1]?.paid_cents).toBe(200000);
  });

  it('refuses more than is left to pay, a day still to come and a cancelled booking', async () => {
    const attempt = (fn: (tx: Queryable) => Promise<unknown>) => refusal(runAs(testDb.db, 'admin', fn));
    expect(await attempt((tx) => pay(tx, 200001))).toEqual({
      code: '22023',
      message: 'that is more than is left to pay (200000 cents)',
    });
    expect(
      (
        await attempt((tx) =>
          tx.query(`select public.record_payment($1, 100, private.sydney_today() + 1)`, [booking]),
        )
      ).code,
    ).toBe('22023');
    expect(
      await attempt(async (tx) => {
        await tx.query(`update public.bookings set status = 'cancelled' where id = $1`, [booking]);
        return pay(tx, 100);
      }),
    ).toEqual({ code: '22023', message: 'this booking is cancelled' });
  });

  it('refuses a deposit arriving after the hold expired once its places were booked', async () => {
    expect(await refusal(runAs(testDb.db, 'admin', (tx) => pay(tx, 160000, lateBooking)))).toMatchObject({
      code: 'PT409',
      message: 'sold out',
    });
    const after = await runAs(testDb.db, 'admin', async (tx) => {
      await tx.query(`update public.events set max_registrations = 3 where slug = 'pay-small'`);
      await pay(tx, 160000, lateBooking);
      return state(tx, lateBooking);
    });
    expect(after).toMatchObject({ status: 'confirmed', held: false });
  });

  it('lets only an admin record a payment, and logs it', async () => {
    for (const actor of ['member', 'other'] as const) {
      expect((await refusal(runAs(testDb.db, actor, (tx) => pay(tx, 100)))).code).toBe('42501');
    }
    const logged = await runAs(testDb.db, 'admin', async (tx) => {
      await pay(tx, 100);
      const { rows } = await tx.query<{ entity: string; noun: string; action: string }>(
        `select entity, entity_noun as noun, action from public.audit_log
         where actor_id = $1 and entity in ('payments', 'bookings', 'booking_installments') order by id`,
        [ID.admin],
      );
      return rows;
    });
    expect(logged).toEqual([{ entity: 'payments', noun: 'payment', action: 'insert' }]);
  });
});
