import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RoleNotAllowedError, withClaims } from '../../local/src/db/with-claims.ts';
import { ID, insertFixtures } from './fixtures.ts';
import { classify, outcomeOf, runAs } from './run-as.ts';
import {
  createPreparedDatabase,
  DATABASE_KINDS,
  type TestDatabase,
} from '../../local/test/db/test-databases.ts';

// Rules beyond the matrix: privilege escalation, moderation, ownership and the request context.
describe.each(DATABASE_KINDS)('member and admin rules on $name', (kind) => {
  let testDb: TestDatabase;
  const db = () => testDb.db;

  beforeAll(async () => {
    testDb = await createPreparedDatabase(kind);
    await insertFixtures(testDb.db);
  });
  afterAll(async () => {
    await testDb?.dispose();
  });

  describe('profiles', () => {
    it('refuses a member who sets is_admin or membership_tier on their own profile, and changes nothing', async () => {
      const own = `where id = '${ID.member}'`;
      expect(await outcomeOf(db(), 'member', `update public.profiles set is_admin = true ${own}`)).toBe(
        'refused',
      );
      expect(
        await outcomeOf(db(), 'member', `update public.profiles set membership_tier = 'next_room' ${own}`),
      ).toBe('refused');
      expect(
        await outcomeOf(
          db(),
          'member',
          `update public.profiles set full_name = 'Mia', is_admin = true ${own}`,
        ),
      ).toBe('refused');
      const { rows } = await db().query(
        `select full_name, is_admin, membership_tier::text from public.profiles ${own}`,
      );
      expect(rows).toEqual([{ full_name: 'Mia Member', is_admin: false, membership_tier: 'vip' }]);
    });

    it('lets a member resend unchanged privileges with their own details (a whole-row save)', async () => {
      const sql = `update public.profiles set full_name = 'Mia M', phone = '+61 400 111 222', is_admin = false,
                   membership_tier = 'vip' where id = '${ID.member}'`;
      expect(await outcomeOf(db(), 'member', sql)).toBe(1);
    });

    it('refuses a member who writes their id or timestamps, columns they hold no privilege on', async () => {
      expect(
        await outcomeOf(
          db(),
          'member',
          `update public.profiles set created_at = now() where id = '${ID.member}'`,
        ),
      ).toBe('denied');
    });

    it('lets an admin promote a member to Next Room and make them an admin', async () => {
      const sql = `update public.profiles set membership_tier = 'next_room', is_admin = true where id = '${ID.member}'`;
      expect(await outcomeOf(db(), 'admin', sql)).toBe(1);
    });

    it('accepts phone numbers as the forms do and rejects anything else', async () => {
      const setPhone = (phone: string) =>
        outcomeOf(db(), 'member', `update public.profiles set phone = $1 where id = '${ID.member}'`, [phone]);
      expect(await setPhone('(03) 9000-0000')).toBe(1);
      expect(await setPhone('+61 400.111.222')).toBe(1);
      expect(await setPhone('<script>')).toBe('error 23514');
      expect(await setPhone('------')).toBe('error 23514');
      expect(await setPhone('1'.repeat(31))).toBe('error 23514');
    });
  });

  describe('comments and replies', () => {
    it('refuses a member who pins or flags, even on their own comment', async () => {
      for (const change of ['is_pinned = true', 'is_flagged = true']) {
        const sql = `update public.comments set ${change} where id = '${ID.commentMember}'`;
        expect(await outcomeOf(db(), 'member', sql)).toBe('refused');
      }
    });

    it('refuses moderation columns on insert (column privileges)', async () => {
      const sql = `insert into public.comments (event_id, user_id, content, is_pinned) values ('${ID.published}', $1, 'Hi', true)`;
      expect(await outcomeOf(db(), 'member', sql, [ID.member])).toBe('denied');
    });

    it('lets an admin pin, flag and soft-delete any comment', async () => {
      const sql = `update public.comments set is_pinned = true, is_flagged = true, is_deleted = true where id = '${ID.commentMember}'`;
      expect(await outcomeOf(db(), 'admin', sql)).toBe(1);
    });

    it('hides a soft-deleted comment from visitors but shows it to its author', async () => {
      await runAs(db(), 'member', async (tx) => {
        await tx.query(`update public.comments set is_deleted = true where id = '${ID.commentMember}'`);
        const mine = await tx.query(`select id from public.comments where id = '${ID.commentMember}'`);
        expect(mine.rows).toHaveLength(1);
      });
      // runAs rolled the deletion back; do it for real, then look as a visitor.
      await withClaims(db(), { role: 'authenticated', sub: ID.member }, (tx) =>
        tx.query(`update public.comments set is_deleted = true where id = '${ID.commentMember}'`),
      );
      const seen = await outcomeOf(
        db(),
        'visitor',
        `select count(*)::int as n from public.comments where id = '${ID.commentMember}'`,
      );
      expect(seen).toBe(0);
      // A deleted comment stays deleted: its author can neither restore nor edit it.
      expect(
        await outcomeOf(
          db(),
          'member',
          `update public.comments set is_deleted = false where id = '${ID.commentMember}'`,
        ),
      ).toBe('refused');
      expect(
        await outcomeOf(
          db(),
          'member',
          `update public.comments set content = 'Back' where id = '${ID.commentMember}'`,
        ),
      ).toBe('refused');
      await db().query(`update public.comments set is_deleted = false where id = '${ID.commentMember}'`);
    });

    it('refuses comments posted in another member’s name or on a draft event', async () => {
      const asOther = `insert into public.comments (event_id, user_id, content) values ('${ID.published}', '${ID.other}', 'Hi')`;
      const onDraft = `insert into public.comments (event_id, user_id, content) values ('${ID.draft}', $1, 'Hi')`;
      expect(await outcomeOf(db(), 'member', asOther)).toBe('rls');
      expect(await outcomeOf(db(), 'member', onDraft, [ID.member])).toBe('rls');
    });

    it('refuses a reply to a deleted comment, and a reply filed under another event', async () => {
      const toDeleted = `insert into public.comment_replies (event_id, parent_comment_id, user_id, content)
                         values ('${ID.published}', '${ID.commentOtherDeleted}', $1, 'Hi')`;
      const wrongEvent = `insert into public.comment_replies (event_id, parent_comment_id, user_id, content)
                          values ('${ID.published2}', '${ID.commentOther}', $1, 'Hi')`;
      expect(await outcomeOf(db(), 'member', toDeleted, [ID.member])).toBe('rls');
      expect(await outcomeOf(db(), 'member', wrongEvent, [ID.member])).toBe('error 23514');
    });

    it('refuses reacting in another member’s name and reacting twice with the same type', async () => {
      const asOther = `insert into public.reactions (user_id, event_id, reaction_type) values ('${ID.other}', '${ID.published}', 'going')`;
      const again = `insert into public.reactions (user_id, event_id, reaction_type) values ($1, '${ID.published}', 'heart')`;
      expect(await outcomeOf(db(), 'member', asOther)).toBe('rls');
      expect(await outcomeOf(db(), 'member', again, [ID.member])).toBe('error 23505');
    });
  });

  describe('enquiries and bookings', () => {
    it('lets a visitor join a waitlist only through join_waitlist(): joined, then already (any letter case)', async () => {
      const direct = `insert into public.waitlist_submissions (event_name, full_name, email) values ('Trip', 'Val', 'val@fixture.test')`;
      // A direct insert would answer "already there" with the unique index's 409, past any limit.
      for (const actor of ['visitor', 'member', 'admin'] as const) {
        expect(await outcomeOf(db(), actor, direct)).toBe('denied');
      }
      const join = (email: string) =>
        runAs(db(), 'visitor', async (tx) => {
          const first = await tx.query<{ answer: string }>(
            `select public.join_waitlist(event_name => 'Trip', full_name => 'Val', email => $1) as answer`,
            [email],
          );
          const again = await tx.query<{ answer: string }>(
            `select public.join_waitlist('Trip', 'Val', upper($1)) as answer`,
            [email],
          );
          return [first.rows[0]?.answer, again.rows[0]?.answer];
        });
      expect(await join('val@fixture.test')).toEqual(['joined', 'already']);
      const probes = await runAs(db(), 'visitor', (tx) =>
        tx.query(`select count(*) from private.waitlist_probes`).then(
          () => 'read',
          (error: unknown) => classify(error),
        ),
      );
      expect(probes).toBe('denied');
    });

    it('refuses a waitlist entry for a draft event, through join_waitlist() too', async () => {
      const call = `select count(*)::int as n from public.join_waitlist('Draft trip', 'Val', 'val@fixture.test', event_id => '${ID.draft}')`;
      expect(await outcomeOf(db(), 'visitor', call)).toBe('rls');
      expect(
        await outcomeOf(
          db(),
          'visitor',
          `select count(*)::int as n from public.join_waitlist('', 'Val', 'val@fixture.test')`,
        ),
      ).toBe('error 23514');
    });

    it('answers "already" at most 10 times an hour to one client address, then refuses with PT429', async () => {
      const answers = await runAs(db(), 'visitor', async (tx) => {
        const seen: string[] = [];
        const ask = async (address: string) => {
          await tx.query(`select set_config('request.headers', $1, true)`, [
            JSON.stringify({ 'x-forwarded-for': `${address}, 10.0.0.1` }),
          ]);
          await tx.query('savepoint probe');
          try {
            const { rows } = await tx.query<{ answer: string }>(
              `select public.join_waitlist('Published trip', 'Wendy', 'WENDY@fixture.test') as answer`,
            );
            seen.push(rows[0]?.answer ?? '');
            await tx.query('release savepoint probe');
          } catch (error) {
            seen.push(String((error as { code?: string }).code));
            await tx.query('rollback to savepoint probe');
          }
        };
        for (let i = 0; i < 11; i += 1) await ask('203.0.113.7');
        await ask('198.51.100.2');
        return seen;
      });
      expect(answers).toEqual([...Array<string>(10).fill('already'), 'PT429', 'already']);
    });

    it('lets an admin replace a payment schedule in one call, and no member', async () => {
      const schedule = JSON.stringify([
        { due_date: '2026-06-01', amount_cents: 50000, paid_at: '2026-06-01T00:00:00Z' },
        { due_date: '2026-08-01', amount_cents: 25000, paid_at: null },
        { due_date: '2026-10-01', amount_cents: 25000, paid_at: null },
      ]);
      const call = `select count(*)::int as n from public.set_booking_schedule('${ID.bookingMember}', $1)`;
      expect(await outcomeOf(db(), 'admin', call, [schedule])).toBe(3);
      expect(await outcomeOf(db(), 'member', call, [schedule])).toBe('rls');
      expect(await outcomeOf(db(), 'visitor', call, [schedule])).toBe('denied');
    });
  });

  describe('event-images storage', () => {
    const upload = (folder: string) =>
      `insert into storage.objects (bucket_id, name, owner_id) values ('event-images', '${folder}/1700000000.png', '${folder}')`;

    it('lets a member upload into their own folder only', async () => {
      expect(await outcomeOf(db(), 'member', upload(ID.member))).toBe(1);
      expect(await outcomeOf(db(), 'member', upload(ID.other))).toBe('rls');
      expect(
        await outcomeOf(
          db(),
          'member',
          `insert into storage.objects (bucket_id, name) values ('event-images', 'loose.png')`,
        ),
      ).toBe('rls');
    });

    it('refuses visitors and other buckets', async () => {
      await db().query(
        `insert into storage.buckets (id, name, public) values ('private-docs', 'private-docs', false)`,
      );
      expect(await outcomeOf(db(), 'visitor', upload('anon'))).toBe('rls');
      const elsewhere = `insert into storage.objects (bucket_id, name) values ('private-docs', '${ID.member}/a.png')`;
      expect(await outcomeOf(db(), 'member', elsewhere)).toBe('rls');
    });

    it('refuses moving a member’s image into another member’s folder', async () => {
      const move = `update storage.objects set name = '${ID.other}/moved.png' where id = '${ID.objectMember}'`;
      expect(await outcomeOf(db(), 'member', move)).toBe('rls');
    });
  });

  describe('request context', () => {
    it('exposes the caller to auth.uid(), auth.role(), auth.email() and auth.jwt()', async () => {
      const claims = { role: 'authenticated', sub: ID.member, email: 'member@fixture.test', aal: 'aal1' };
      const { rows } = await withClaims(
        db(),
        claims,
        (tx) =>
          tx.query(`select auth.uid()::text as uid, auth.role() as role, auth.email() as email, auth.jwt() as jwt,
                    current_user::text as db_role, current_setting('request.method') as method,
                    current_setting('request.headers')::jsonb ->> 'x-client-info' as client`),
        { method: 'GET', path: '/rest/v1/events', headers: { 'X-Client-Info': 'supabase-js/2' } },
      );
      expect(rows).toEqual([
        {
          uid: ID.member,
          role: 'authenticated',
          email: 'member@fixture.test',
          jwt: claims,
          db_role: 'authenticated',
          method: 'GET',
          client: 'supabase-js/2',
        },
      ]);
    });

    it('runs as anon without a token, and leaves no setting behind after the transaction', async () => {
      const inside = await withClaims(db(), null, (tx) =>
        tx.query(`select current_user::text as r, auth.uid() as uid`),
      );
      expect(inside.rows).toEqual([{ r: 'anon', uid: null }]);
      const after = await db().query(
        `select current_user::text as r, coalesce(current_setting('request.jwt.claims', true), '') as c`,
      );
      expect(after.rows).toEqual([{ r: 'postgres', c: '' }]);
    });

    it('refuses a token asking for a role the API may not assume', async () => {
      await expect(
        withClaims(db(), { role: 'postgres' }, (tx) => tx.query('select 1')),
      ).rejects.toBeInstanceOf(RoleNotAllowedError);
    });

    it('runs GET requests read-only', async () => {
      const write = withClaims(
        db(),
        null,
        (tx) =>
          tx.query(
            `insert into public.contact_messages (full_name, email, message) values ('A', 'a@b.co', 'x')`,
          ),
        {
          readOnly: true,
        },
      );
      await expect(write.catch(classify)).resolves.toBe('error 25006');
    });

    it('lets service_role bypass row-level security', async () => {
      const { rows } = await withClaims(db(), { role: 'service_role' }, (tx) =>
        tx.query<{ n: number }>(
          `select count(*)::int as n from public.waitlist_submissions where id = '${ID.waitlist}'`,
        ),
      );
      expect(rows).toEqual([{ n: 1 }]);
    });
  });
});
