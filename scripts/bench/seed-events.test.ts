// The benchmark's seed and its database timing against a real stack (PGlite; `npm run bench:events` runs the
// same SQL on PostgreSQL by default).
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../../supabase/local/test/start-test-stack.ts';
import {
  benchMemberName,
  insertQuietMembers,
  seedEvents,
  seededRows,
  type BenchScale,
} from './seed-events.ts';
import { TimingDatabase } from './timing-database.ts';

const SCALE: BenchScale = { events: 3, comments: 4, replies: 2, reactions: 3, members: 4 };
const MEMBER = { email: 'bench-0@example.com', password: 'bench-password-7' };
let stack: TestStack;
let timing: TimingDatabase | undefined;

beforeAll(async () => {
  stack = await startTestStack({ wrapDatabase: (db) => (timing = new TimingDatabase(db)) });
  const admin = createClient(stack.url, stack.serviceRoleKey, { auth: { persistSession: false } });
  const created = await admin.auth.admin.createUser({
    ...MEMBER,
    email_confirm: true,
    user_metadata: { full_name: benchMemberName(0) },
  });
  if (created.error) throw created.error;
  await insertQuietMembers(stack.db, SCALE.members);
  await stack.db.transaction((tx) => seedEvents(tx, SCALE));
}, 120_000);

afterAll(() => stack?.close());

async function count(sql: string): Promise<number> {
  const { rows } = await stack.db.query<{ n: number }>(`select (${sql})::int as n`);
  return rows[0]!.n;
}

const BENCH = `(select id from public.events where slug like 'bench-event-%')`;

describe('seedEvents', () => {
  it('writes the rows seededRows promises, every reaction and heart from a different member', async () => {
    expect({
      events: await count(`select count(*) from ${BENCH} e`),
      comments: await count(`select count(*) from public.comments where event_id in ${BENCH}`),
      replies: await count(`select count(*) from public.comment_replies where event_id in ${BENCH}`),
      reactions: await count(`select count(*) from public.reactions where event_id in ${BENCH}`),
      hearts:
        await count(`select count(*) from public.comment_reactions h left join public.comments c on c.id = h.comment_id
        left join public.comment_replies r on r.id = h.reply_id where coalesce(c.event_id, r.event_id) in ${BENCH}`),
    }).toEqual(seededRows(SCALE));
    expect(
      await count(`select count(*) from (select comment_id from public.comment_reactions
        where comment_id in (select id from public.comments where event_id in ${BENCH})
        group by comment_id having count(distinct user_id) <> ${SCALE.reactions}) x`),
    ).toBe(0);
  });

  it("lists the events as upcoming: they start after today's date in Sydney", async () => {
    expect(
      await count(`select count(*) from public.events where slug like 'bench-event-%' and status = 'published'
        and start_date > (now() at time zone 'Australia/Sydney')::date`),
    ).toBe(SCALE.events);
  });
});

describe('TimingDatabase', () => {
  it("times a member's REST read under the request's path", async () => {
    const client = createClient(stack.url, stack.anonKey, { auth: { persistSession: false } });
    const signedIn = await client.auth.signInWithPassword(MEMBER);
    expect(signedIn.error).toBeNull();
    timing!.reset();
    const read = await client
      .from('comments')
      .select('id, comment_replies (id), comment_reactions (id)')
      .in(
        'event_id',
        (await client.from('events').select('id').like('slug', 'bench-event-%')).data!.map((e) => e.id),
      );
    expect(read.error).toBeNull();
    expect(read.data).toHaveLength(SCALE.events * SCALE.comments);
    const timed = timing!.restTransactions();
    expect(timed.map((transaction) => [transaction.method, transaction.path])).toEqual([
      ['GET', '/events'],
      ['GET', '/comments'],
    ]);
    for (const transaction of timed) {
      expect(transaction.dbMs).toBeGreaterThan(0);
      expect(transaction.statements).toBeGreaterThanOrEqual(2);
    }
  });
});
