import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDeparture, addMembers, addTraveller, bookAs, memberId } from './booking-fixtures.ts';
import { ID, insertFixtures } from './fixtures.ts';
import { outcomeOf, runAs } from './run-as.ts';
import {
  createPreparedDatabase,
  DATABASE_KINDS,
  type TestDatabase,
} from '../../local/test/db/test-databases.ts';

// Payment plan templates (decision 0076, migration 20261201500001): the due dates each kind of plan gives
// (private.plan_dates), a departure's bookings following its plan (private.booking_schedule through
// private.plan_due_dates), the 90-day rule, compression, the admin's preview, and who may touch the templates.

const BOOKER = memberId(51);
const SEEDED = {
  depositThenBalance: '0a7e0000-0000-4000-8000-000000000001',
  threeMonthly: '0a7e0000-0000-4000-8000-000000000003',
};

describe.each(DATABASE_KINDS)('payment plans on $name', (kind) => {
  let testDb: TestDatabase;
  let traveller: string;
  const db = () => testDb.db;

  beforeAll(async () => {
    testDb = await createPreparedDatabase(kind);
    await insertFixtures(testDb.db);
    await addMembers(testDb.db, [51]);
    traveller = await addTraveller(testDb.db, BOOKER, 'Pia Planner', 40);
  });
  afterAll(async () => {
    await testDb?.dispose();
  });

  /** private.plan_dates for a plan's shape, the final due day and the booking day, as ISO days. */
  const planDates = async (
    plan: { kind: string; parts?: number; spacing?: number; unit?: string; dates?: string[] },
    lastDue: string,
    today: string,
  ) =>
    (
      await db().query<{ d: string }>(
        `select d::text from private.plan_dates($1, $2, $3, $4, $5::date[], $6::date, $7::date) d`,
        [
          plan.kind,
          plan.parts ?? null,
          plan.spacing ?? null,
          plan.unit ?? null,
          plan.dates ?? null,
          lastDue,
          today,
        ],
      )
    ).rows.map((row) => row.d);

  /** A plan stored as the service role would store it (the migration's seed does the same). */
  const addPlan = async (name: string, columns: Record<string, unknown>) => {
    const { rows } = await db().query<{ id: string }>(
      `insert into public.payment_plans (name, kind, parts, spacing, spacing_unit, due_dates)
       values ($1, $2, $3, $4, $5, $6::date[]) returning id`,
      [
        name,
        columns.kind,
        columns.parts ?? null,
        columns.spacing ?? null,
        columns.spacing_unit ?? null,
        columns.due_dates ?? null,
      ],
    );
    return rows[0]!.id;
  };
  const usePlan = (event: string, plan: string | null) =>
    db().query(`update public.events set payment_plan_id = $2 where id = $1`, [event, plan]);
  const quote = async (event: string) =>
    (
      await db().query<{ days: number; amount_cents: number }>(
        `select due_date - private.sydney_today() as days, amount_cents from public.quote_booking($1, 1)`,
        [event],
      )
    ).rows;

  it('starts with the seeded templates', async () => {
    const { rows } = await db().query(
      `select id, name, kind, parts, spacing, spacing_unit from public.payment_plans where id = any($1::uuid[]) order by name`,
      [[SEEDED.depositThenBalance, SEEDED.threeMonthly]],
    );
    expect(rows).toEqual([
      {
        id: SEEDED.depositThenBalance,
        name: 'Deposit then balance',
        kind: 'spaced',
        parts: 1,
        spacing: null,
        spacing_unit: null,
      },
      {
        id: SEEDED.threeMonthly,
        name: 'Three monthly instalments',
        kind: 'spaced',
        parts: 3,
        spacing: 1,
        spacing_unit: 'months',
      },
    ]);
  });

  it('spaces parts back from the final due day, by months or days', async () => {
    const monthly = { kind: 'spaced', parts: 3, spacing: 1, unit: 'months' };
    expect(await planDates(monthly, '2027-06-30', '2027-01-10')).toEqual([
      '2027-04-30',
      '2027-05-30',
      '2027-06-30',
    ]);
    expect(
      await planDates({ kind: 'spaced', parts: 3, spacing: 14, unit: 'days' }, '2027-06-30', '2027-01-10'),
    ).toEqual(['2027-06-02', '2027-06-16', '2027-06-30']);
    expect(await planDates({ kind: 'spaced', parts: 1 }, '2027-06-30', '2027-01-10')).toEqual(['2027-06-30']);
  });

  it('compresses a plan that cannot fit toward the booking day, never past the final due day', async () => {
    // Three monthly parts would start on 30 April; booked on 15 May, they spread evenly over the 46 days left.
    const monthly = { kind: 'spaced', parts: 3, spacing: 1, unit: 'months' };
    expect(await planDates(monthly, '2027-06-30', '2027-05-15')).toEqual([
      '2027-05-30',
      '2027-06-14',
      '2027-06-30',
    ]);
    // Twelve parts with five days left: one part a day, two parts on one day being one.
    const many = await planDates(
      { kind: 'spaced', parts: 12, spacing: 7, unit: 'days' },
      '2027-06-30',
      '2027-06-25',
    );
    expect(many).toEqual([
      '2027-06-25',
      '2027-06-26',
      '2027-06-27',
      '2027-06-28',
      '2027-06-29',
      '2027-06-30',
    ]);
    // On or after the final due day: everything at once, on the booking day.
    expect(await planDates(monthly, '2027-06-30', '2027-06-30')).toEqual(['2027-06-30']);
    expect(await planDates(monthly, '2027-06-30', '2027-07-04')).toEqual(['2027-07-04']);
  });

  it('keeps fixed days, moving a late one to the final due day and leaving out those passed', async () => {
    const fixed = { kind: 'fixed', dates: ['2027-03-01', '2027-05-01', '2027-08-01'] };
    expect(await planDates(fixed, '2027-06-30', '2027-01-10')).toEqual([
      '2027-03-01',
      '2027-05-01',
      '2027-06-30',
    ]);
    expect(await planDates(fixed, '2027-06-30', '2027-04-01')).toEqual(['2027-05-01', '2027-06-30']);
    expect(await planDates({ kind: 'fixed', dates: ['2027-02-01'] }, '2027-06-30', '2027-04-01')).toEqual([
      '2027-06-30',
    ]);
  });

  it("gives a departure's bookings its plan's due dates, all by 90 days before departure", async () => {
    const event = await addDeparture(db(), 'plans-spaced', { startsIn: 200, plan: 5 });
    const plan = await addPlan('Every thirty days', {
      kind: 'spaced',
      parts: 3,
      spacing: 30,
      spacing_unit: 'days',
    });
    await usePlan(event, plan);
    // $1,000: the $800 deposit today, then $200 in three parts 30 days apart, the last on day 110.
    const expected = [
      { days: 0, amount_cents: 80000 },
      { days: 50, amount_cents: 6666 },
      { days: 80, amount_cents: 6666 },
      { days: 110, amount_cents: 6668 },
    ];
    expect(await quote(event)).toEqual(expected);
    const booking = await bookAs(db(), BOOKER, event, [traveller]);
    const { rows } = await db().query(
      `select due_date - private.sydney_today() as days, amount_cents from public.booking_installments
       where booking_id = $1 order by due_date`,
      [booking.id],
    );
    expect(rows).toEqual(expected);
  });

  it('follows a fixed plan, and keeps the standard plan (balance_instalments) for an event without one', async () => {
    const event = await addDeparture(db(), 'plans-fixed', { startsIn: 200, plan: 2 });
    expect((await quote(event)).map((row) => row.days)).toEqual([0, 55, 110]);
    const days = await db().query<{ dates: string[] }>(
      `select array[private.sydney_today() + 20, private.sydney_today() + 60, private.sydney_today() + 150]::text[] as dates`,
    );
    const plan = await addPlan('For this departure', { kind: 'fixed', due_dates: days.rows[0]!.dates });
    await usePlan(event, plan);
    expect(await quote(event)).toEqual([
      { days: 0, amount_cents: 80000 },
      { days: 20, amount_cents: 6666 },
      { days: 60, amount_cents: 6666 },
      { days: 110, amount_cents: 6668 },
    ]);
    await usePlan(event, SEEDED.depositThenBalance);
    expect(await quote(event)).toEqual([
      { days: 0, amount_cents: 80000 },
      { days: 110, amount_cents: 20000 },
    ]);
  });

  it('asks for everything at once inside the 90 days, whatever the plan', async () => {
    const event = await addDeparture(db(), 'plans-inside', { startsIn: 80 });
    await usePlan(event, SEEDED.threeMonthly);
    expect(await quote(event)).toEqual([{ days: 0, amount_cents: 100000 }]);
  });

  it('refuses to delete a plan a departure uses, and deletes an unused one', async () => {
    const event = await addDeparture(db(), 'plans-in-use', { startsIn: 300 });
    const used = await addPlan('In use', { kind: 'spaced', parts: 2, spacing: 2, spacing_unit: 'months' });
    const unused = await addPlan('Not in use', {
      kind: 'spaced',
      parts: 2,
      spacing: 2,
      spacing_unit: 'months',
    });
    await usePlan(event, used);
    expect(await outcomeOf(db(), 'admin', `delete from public.payment_plans where id = $1`, [used])).toBe(
      'error 23503',
    );
    expect(await outcomeOf(db(), 'admin', `delete from public.payment_plans where id = $1`, [unused])).toBe(
      1,
    );
  });

  it('refuses a second plan of the same name, whatever its case', async () => {
    expect(
      await outcomeOf(
        db(),
        'admin',
        `insert into public.payment_plans (name, kind, parts) values ('deposit THEN balance', 'spaced', 1)`,
      ),
    ).toBe('error 23505');
  });

  it('shows templates to admins only: members and visitors see the schedules they give', async () => {
    const count = `select count(*)::int as n from public.payment_plans where id = '${SEEDED.threeMonthly}'`;
    expect(await outcomeOf(db(), 'visitor', count)).toBe('denied');
    expect(await outcomeOf(db(), 'member', count)).toBe(0);
    expect(await outcomeOf(db(), 'admin', count)).toBe(1);
  });

  it("previews a plan's schedule for an example departure, for admins", async () => {
    const preview = (actor: 'admin' | 'member', args: unknown[]) =>
      runAs(
        db(),
        actor,
        async (tx) =>
          (
            await tx.query(
              `select due_date::text, amount_cents, is_deposit
             from public.preview_payment_plan($1, $2, $3, $4, $5::date[], $6::date, $7::date, $8)`,
              args,
            )
          ).rows,
      );
    expect(
      await preview('admin', ['spaced', 3, 1, 'months', null, '2027-09-28', '2027-01-10', 500000]),
    ).toEqual([
      { due_date: '2027-01-10', amount_cents: 80000, is_deposit: true },
      { due_date: '2027-04-30', amount_cents: 140000, is_deposit: false },
      { due_date: '2027-05-30', amount_cents: 140000, is_deposit: false },
      { due_date: '2027-06-30', amount_cents: 140000, is_deposit: false },
    ]);
    expect(
      await preview('admin', ['spaced', 3, 1, 'months', null, '2027-09-28', '2027-07-01', 500000]),
    ).toEqual([{ due_date: '2027-07-01', amount_cents: 500000, is_deposit: false }]);
    const call = `select count(*)::int as n from public.preview_payment_plan('spaced', 2, null, null, null, '2027-09-28', '2027-01-10')`;
    expect(await outcomeOf(db(), 'admin', call)).toBe('error 22023');
    expect(await outcomeOf(db(), 'member', call)).toBe('refused');
    expect(await outcomeOf(db(), 'visitor', call)).toBe('denied');
  });

  it('records template changes in the audit log', async () => {
    const logged = await runAs(db(), 'admin', async (tx) => {
      await tx.query(`update public.payment_plans set name = 'Three payments, monthly' where id = $1`, [
        SEEDED.threeMonthly,
      ]);
      const { rows } = await tx.query<{ noun: string; actor_id: string }>(
        `select entity_noun as noun, actor_id from public.audit_log where entity_id = $1`,
        [SEEDED.threeMonthly],
      );
      return rows;
    });
    expect(logged).toEqual([{ noun: 'payment plan', actor_id: ID.admin }]);
  });
});
