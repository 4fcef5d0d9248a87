import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../local/src/db/types.ts';
import { insertFixtures } from './fixtures.ts';
import { classify, runAs } from './run-as.ts';
import {
  createPreparedDatabase,
  DATABASE_KINDS,
  type TestDatabase,
} from '../../local/test/db/test-databases.ts';

// The hourly limit on enquiries from one client across the contact, interest and waitlist forms
// (private.limit_enquiry_rate in supabase/schemas/06_enquiries.sql): each one e-mails the company, so 40
// messages in half a second must not become 40 e-mails. Every case runs in a rolled-back transaction, with
// the limit lowered to LIMIT there.
const LIMIT = 3;
const RATE_LIMITED = 'error PT429';

describe.each(DATABASE_KINDS)('enquiry rate limit on $name', (kind) => {
  let testDb: TestDatabase;
  const db = () => testDb.db;

  beforeAll(async () => {
    testDb = await createPreparedDatabase(kind);
    await insertFixtures(testDb.db);
  });
  afterAll(async () => {
    await testDb?.dispose();
  });

  const lowerLimit = (tx: Queryable) =>
    tx.query(`select set_config('role', 'none', true)`).then(async () => {
      await tx.query('update private.enquiry_limits set per_hour = $1', [LIMIT]);
    });
  /** Runs `fn` as `actor` after lowering the limit (as the session's own role, then back to the actor's). */
  const asLimited = <T>(actor: 'visitor' | 'member', fn: (tx: Queryable) => Promise<T>) =>
    runAs(db(), actor, async (tx) => {
      const role = (await tx.query<{ role: string }>(`select current_setting('role') as role`)).rows[0]!.role;
      await lowerLimit(tx);
      await tx.query(`select set_config('role', $1, true)`, [role]);
      return fn(tx);
    });
  const outcome = async (send: Promise<unknown>) => {
    try {
      await send;
      return 'sent';
    } catch (error) {
      return classify(error);
    }
  };
  const contact = (tx: Queryable, n: number) =>
    tx.query(
      `insert into public.contact_messages (full_name, email, message) values ('Flood Bot', $1, 'Hello')`,
      [`flood${n}@example.org`],
    );
  const interest = (tx: Queryable, n: number) =>
    tx.query(`select public.register_interest('Port Arthur', 'Flood Bot', $1)`, [`flood${n}@example.org`]);
  const waitlist = (tx: Queryable, n: number) =>
    tx.query(`select public.join_waitlist('Port Arthur', 'Flood Bot', $1)`, [`flood${n}@example.org`]);

  it(`lets one client send ${LIMIT} enquiries in an hour across the three forms, then refuses each form with PT429`, async () => {
    const outcomes = await asLimited('visitor', async (tx) => {
      const seen = [
        await outcome(contact(tx, 1)),
        await outcome(interest(tx, 2)),
        await outcome(waitlist(tx, 3)),
      ];
      for (const [index, send] of [contact, interest, waitlist].entries()) {
        await tx.query('savepoint next');
        seen.push(await outcome(send(tx, 10 + index)));
        await tx.query('rollback to savepoint next');
      }
      return seen;
    });
    expect(outcomes).toEqual(['sent', 'sent', 'sent', RATE_LIMITED, RATE_LIMITED, RATE_LIMITED]);
  });

  it('says what happened and when to try again, and saves nothing past the limit', async () => {
    const refusal = await asLimited('visitor', async (tx) => {
      for (let n = 1; n <= LIMIT; n += 1) await contact(tx, n);
      try {
        await contact(tx, 99);
        return undefined;
      } catch (error) {
        return error as { message?: string; hint?: string };
      }
    });
    expect(refusal?.message).toBe(`Too many messages from this address: at most ${LIMIT} an hour`);
    expect(refusal?.hint).toBe('Try again in an hour.');
  });

  it('counts signed-in members too, but not the service role or the database owner', async () => {
    const member = await asLimited('member', async (tx) => {
      const seen: unknown[] = [];
      for (let n = 1; n <= LIMIT + 1; n += 1) seen.push(await outcome(contact(tx, n)));
      return seen;
    });
    expect(member.at(-1)).toBe(RATE_LIMITED);
    const operator = await asLimited('visitor', async (tx) => {
      await tx.query(`select set_config('role', 'service_role', true)`);
      const seen: unknown[] = [];
      for (let n = 1; n <= LIMIT + 2; n += 1) seen.push(await outcome(contact(tx, n)));
      return seen;
    });
    expect(operator).toEqual(Array<string>(LIMIT + 2).fill('sent'));
  });

  it("keeps a client's address for an hour only: older attempts neither count nor stay", async () => {
    const left = await asLimited('visitor', async (tx) => {
      await tx.query(`select set_config('role', 'none', true)`);
      await tx.query(
        `insert into private.enquiry_attempts (client, attempted_at)
         select 'unknown', now() - interval '61 minutes' from generate_series(1, 5)`,
      );
      await tx.query(`select set_config('role', 'anon', true)`);
      const seen = await outcome(contact(tx, 1));
      await tx.query(`select set_config('role', 'none', true)`);
      const kept = await tx.query<{ n: number }>(
        `select count(*)::integer as n from private.enquiry_attempts`,
      );
      return { seen, kept: kept.rows[0]!.n };
    });
    expect(left).toEqual({ seen: 'sent', kept: 1 });
  });

  it('is a setting operators change, not something visitors or members can read or write', async () => {
    for (const actor of ['visitor', 'member'] as const) {
      const read = await runAs(db(), actor, (tx) =>
        outcome(tx.query('select * from private.enquiry_limits')),
      );
      const write = await runAs(db(), actor, (tx) =>
        outcome(tx.query('update private.enquiry_limits set per_hour = 1000')),
      );
      expect([read, write]).toEqual(['denied', 'denied']);
    }
  });
});
