import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDeparture, addMembers, addTraveller, bookAs, memberId, refusal } from './booking-fixtures.ts';
import {
  createPreparedDatabase,
  DATABASE_KINDS,
  type TestDatabase,
} from '../../local/test/db/test-databases.ts';

// Issue 21, decision 0071: members booking at the same moment. Each booking is one committed transaction
// started at once with the others. On PostgreSQL they run on the pool's 10 connections at the same time, so
// the departure's row lock is what keeps them from overselling; PGlite has one connection and runs one
// transaction at a time, so there the calls queue and the test proves the counting, not the lock.

const RACERS = Array.from({ length: 40 }, (_, i) => i + 1);
const OTHERS = Array.from({ length: 20 }, (_, i) => i + 101);

describe.each(DATABASE_KINDS)('bookings racing on $name', (kind) => {
  let testDb: TestDatabase;
  const travellerOf = new Map<number, string>();

  beforeAll(async () => {
    testDb = await createPreparedDatabase(kind);
    await addMembers(testDb.db, [...RACERS, ...OTHERS]);
    for (const n of [...RACERS, ...OTHERS]) {
      travellerOf.set(n, await addTraveller(testDb.db, memberId(n), `Booker ${n}`, 30));
    }
  });
  afterAll(async () => {
    await testDb?.dispose();
  });

  it('gives the last 3 places to 3 of 40 members and tells the 37 others it is sold out', async () => {
    const event = await addDeparture(testDb.db, 'race-last-three', { startsIn: 200, capacity: 10 });
    // 7 places taken by a booking an admin typed in (no hold: it counts until cancelled).
    await testDb.db.query(
      `insert into public.bookings (event_id, user_id, invoice_number, travellers, total_cents)
       values ($1, $2, 'PHONE-0001', 7, 700000)`,
      [event, memberId(OTHERS[0]!)],
    );
    const outcomes = await Promise.allSettled(
      RACERS.map((n) => bookAs(testDb.db, memberId(n), event, [travellerOf.get(n)!])),
    );
    const booked = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const refused = outcomes.flatMap((outcome) =>
      outcome.status === 'rejected' ? [(outcome.reason as { code: string; message: string }) ?? {}] : [],
    );
    expect(booked).toHaveLength(3);
    expect(new Set(refused.map(({ code, message }) => `${code} ${message}`))).toEqual(
      new Set(['PT409 sold out']),
    );
    const { rows } = await testDb.db.query(
      `select (select coalesce(sum(travellers), 0)::int from public.bookings
               where event_id = $1 and status <> 'cancelled') as travellers,
              (select places_left from public.departure_availability(array[$1::uuid])) as places_left`,
      [event],
    );
    expect(rows[0]).toEqual({ travellers: 10, places_left: 0 });
  });

  it('numbers invoices one after another, without gaps, while bookings succeed and fail at once', async () => {
    const full = await addDeparture(testDb.db, 'race-full', { startsIn: 200, capacity: 1 });
    const open = await addDeparture(testDb.db, 'race-open', { startsIn: 200 });
    await bookAs(testDb.db, memberId(OTHERS[0]!), full, [travellerOf.get(OTHERS[0]!)!]);
    const before = await testDb.db.query<{ n: number }>(
      `select count(*)::int as n from public.bookings where bank_reference is not null`,
    );
    // Every other call fails after the departure's lock (sold out), so it must not use up a number.
    const outcomes = await Promise.allSettled(
      OTHERS.slice(1).flatMap((n) => [
        bookAs(testDb.db, memberId(n), open, [travellerOf.get(n)!]),
        bookAs(testDb.db, memberId(n), full, [travellerOf.get(n)!]),
      ]),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(19);
    const { rows } = await testDb.db.query<{ year: string; number: number }>(
      `select split_part(invoice_number, '-', 2) as year, split_part(invoice_number, '-', 3)::int as number
       from public.bookings where invoice_number like 'INV-%' and bank_reference is not null
       order by 2`,
    );
    // This file's bookings through book_departure: the 3 winners above, the one on 'race-full', these 19.
    expect(rows).toHaveLength(before.rows[0]!.n + 19);
    const numbers = rows.map((row) => row.number);
    expect(numbers).toEqual(numbers.map((_, i) => numbers[0]! + i));
    expect(new Set(rows.map((row) => row.year)).size).toBe(1);
    // The first number follows the highest the seed left for the year (INV-2026-0002, if it is 2026).
    const seeded = await testDb.db.query<{ highest: number }>(
      `select coalesce(max(split_part(invoice_number, '-', 3)::int), 0) as highest from public.bookings
       where invoice_number like 'INV-' || $1 || '-%' and bank_reference is null`,
      [rows[0]!.year],
    );
    expect(numbers[0]).toBe(seeded.rows[0]!.highest + 1);
  });

  it('answers a booking refused for capacity with PT409, which PostgREST sends as HTTP 409', async () => {
    const event = await addDeparture(testDb.db, 'race-none', { startsIn: 200, capacity: 1 });
    await bookAs(testDb.db, memberId(OTHERS[1]!), event, [travellerOf.get(OTHERS[1]!)!]);
    expect(
      await refusal(bookAs(testDb.db, memberId(OTHERS[2]!), event, [travellerOf.get(OTHERS[2]!)!])),
    ).toEqual({ code: 'PT409', message: 'sold out' });
  });
});
