import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../local/src/db/types.ts';
import { ID, insertFixtures } from './fixtures.ts';
import { classify, runAs, type Outcome } from './run-as.ts';
import {
  createPreparedDatabase,
  DATABASE_KINDS,
  type TestDatabase,
} from '../../local/test/db/test-databases.ts';

// export_my_data, delete_my_account and member_public_profile (migration 20261124400001), on both engines.
// Every call runs as the actor through withClaims and is rolled back, so each test starts from the fixtures.

/** Reads as the superuser inside the actor's transaction, to see what the call left behind. */
async function asOwner<T>(tx: Queryable, sql: string, params: unknown[] = []): Promise<T[]> {
  await tx.query('reset role');
  return (await tx.query<T>(sql, params)).rows as T[];
}

describe.each(DATABASE_KINDS)('account self-service on $name', (kind) => {
  let testDb: TestDatabase;
  const db = () => testDb.db;

  beforeAll(async () => {
    testDb = await createPreparedDatabase(kind);
    await insertFixtures(testDb.db);
    // A member with nothing the company must keep: no bookings, no posts, but a favourite and a waitlist entry.
    await testDb.db.query(
      `insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data,
         raw_user_meta_data, created_at, updated_at)
       values ($1, 'authenticated', 'authenticated', 'quiet@fixture.test', 'x', now(), '{"provider":"email"}',
         '{"full_name":"Quinn Quiet"}', now(), now())`,
      [QUIET],
    );
    await testDb.db.query(
      `insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
       values ($1::text, $2::uuid, jsonb_build_object('sub', $1::text, 'email', 'quiet@fixture.test'), 'email', now(), now())`,
      [QUIET, QUIET],
    );
    await testDb.db.query(`insert into public.favorites (user_id, event_id) values ($1, '${ID.published}')`, [
      QUIET,
    ]);
    await testDb.db.query(
      `insert into public.waitlist_submissions (event_name, full_name, email)
       values ('Published trip', 'Quinn Quiet', 'QUIET@fixture.test')`,
    );
    // The member sent an enquiry with their own address (in another case).
    await testDb.db.query(
      `insert into public.interest_registrations (event_name, full_name, email, message)
       values ('Published trip', 'Mia Member', 'Member@Fixture.test', 'Count me in')`,
    );
  });
  afterAll(async () => {
    await testDb?.dispose();
  });

  const QUIET = 'f1000000-0000-4000-8000-000000000009';
  const quietClaims = { sub: QUIET, role: 'authenticated', aud: 'authenticated' };

  async function outcome(actor: 'visitor' | 'member', sql: string): Promise<Outcome> {
    try {
      return await runAs(db(), actor, async (tx) => (await tx.query(sql)).rowCount);
    } catch (error) {
      return classify(error);
    }
  }

  describe('export_my_data', () => {
    it('gives the member everything about them and nothing of anyone else', async () => {
      const data = await runAs(db(), 'member', async (tx) => {
        const { rows } = await tx.query<{ data: Record<string, unknown> }>(
          'select public.export_my_data() as data',
        );
        return rows[0]!.data;
      });
      const text = JSON.stringify(data);
      expect(data['account']).toMatchObject({ id: ID.member, email: 'member@fixture.test' });
      expect(data['profile']).toMatchObject({ id: ID.member, full_name: 'Mia Member', phone: null });
      const bookings = data['bookings'] as { id: string; installments: { id: string }[] }[];
      expect(bookings.map((b) => b.id)).toEqual([ID.bookingMember]);
      const travellers = data['travellers'] as { id: string; booking_ids: string[] }[];
      expect(travellers.map((t) => [t.id, t.booking_ids]).sort()).toEqual([
        [ID.travellerMember, [ID.bookingMember]],
        [ID.travellerMember2, []],
      ]);
      expect(bookings[0]!.installments.map((i) => i.id)).toEqual([
        ID.instalmentMember1,
        ID.instalmentMember2,
      ]);
      expect((data['comments'] as { id: string }[]).map((c) => c.id)).toEqual([ID.commentMember]);
      expect((data['comment_replies'] as { id: string }[]).map((c) => c.id)).toEqual([ID.replyMember]);
      expect((data['reactions'] as { id: string }[]).map((c) => c.id)).toEqual([ID.reactionMember]);
      expect((data['event_follows'] as { id: string }[]).map((c) => c.id)).toEqual([ID.followMember]);
      expect((data['favorites'] as { id: string }[]).map((c) => c.id)).toEqual([ID.favoriteMember]);
      expect((data['comment_reactions'] as { id: string }[]).map((c) => c.id)).toEqual([
        ID.heartMemberOnComment,
      ]);
      // The reports the member sent, not the ones about their words.
      expect((data['comment_flags'] as { id: string }[]).map((c) => c.id)).toEqual([ID.flagMember]);
      expect(data['interest_registrations']).toEqual([
        expect.objectContaining({ email: 'Member@Fixture.test', message: 'Count me in' }),
      ]);
      expect(data['waitlist_submissions']).toEqual([]);
      for (const foreign of [ID.other, ID.bookingOther, 'Other comment', 'Oscar Other', 'ian@fixture.test']) {
        expect(text).not.toContain(foreign);
      }
    });

    it('refuses a visitor', async () => {
      expect(await outcome('visitor', 'select public.export_my_data()')).toBe('denied');
    });
  });

  describe('member_public_profile', () => {
    it('shows a signed-in member the name, member since and tier of another, and nothing else', async () => {
      const rows = await runAs(db(), 'member', async (tx) => {
        await tx.query(`update public.profiles set phone = '0400 111 222' where id = $1`, [ID.member]);
        return (await tx.query('select * from public.member_public_profile($1)', [ID.other])).rows;
      });
      expect(rows).toEqual([
        { id: ID.other, full_name: 'Oscar Other', member_since: expect.anything(), membership_tier: 'vip' },
      ]);
    });

    it('answers nothing for an unknown id and refuses a visitor', async () => {
      const rows = await runAs(db(), 'member', async (tx) => {
        return (await tx.query('select * from public.member_public_profile(gen_random_uuid())')).rows;
      });
      expect(rows).toEqual([]);
      expect(await outcome('visitor', `select * from public.member_public_profile('${ID.other}')`)).toBe(
        'denied',
      );
    });
  });

  describe('delete_my_account', () => {
    it('anonymises a member with bookings and posts: bookings and posts stay, the person goes', async () => {
      const after = await runAs(db(), 'member', async (tx) => {
        const { rows } = await tx.query<{ result: string }>('select public.delete_my_account() as result');
        // Another member looking them up finds nobody.
        await tx.query(`select set_config('request.jwt.claim.sub', $1, true)`, [ID.other]);
        const profile = (await tx.query('select * from public.member_public_profile($1)', [ID.member])).rows;
        return {
          result: rows[0]!.result,
          profile,
          user: await asOwner(
            tx,
            `select email, encrypted_password, banned_until > now() + interval '99 years' as banned, deleted_at is not null as deleted,
               raw_user_meta_data from auth.users where id = $1`,
            [ID.member],
          ),
          own: await asOwner(
            tx,
            `select full_name, phone, marketing_consent from public.profiles where id = $1`,
            [ID.member],
          ),
          counts: (
            await asOwner<Record<string, number>>(
              tx,
              `select
                 (select count(*)::int from public.bookings where user_id = $1) as bookings,
                 (select count(*)::int from public.booking_installments i join public.bookings b on b.id = i.booking_id
                   where b.user_id = $1) as instalments,
                 (select count(*)::int from public.comments where user_id = $1) as comments,
                 (select count(*)::int from public.comment_replies where user_id = $1) as replies,
                 (select count(*)::int from public.reactions where user_id = $1) as reactions,
                 (select count(*)::int from public.event_follows where user_id = $1) as follows,
                 (select count(*)::int from public.favorites where user_id = $1) as favorites,
                 (select count(*)::int from public.comment_reactions where user_id = $1) as hearts,
                 (select count(*)::int from public.interest_registrations where lower(email) = 'member@fixture.test') as interest,
                 (select count(*)::int from public.interest_registrations where id = '${ID.interest}') as ian,
                 (select count(*)::int from auth.identities where user_id = $1) as identities,
                 (select count(*)::int from public.reactions where id = '${ID.reactionOther}') as others_reaction`,
              [ID.member],
            )
          )[0],
          travellers: await asOwner(
            tx,
            `select id, full_name, date_of_birth, phone, medical_notes from public.travellers
             where user_id = $1 order by id`,
            [ID.member],
          ),
          name: (
            await asOwner<{ full_name: string | null }>(
              tx,
              `select pp.full_name from public.public_profiles pp where pp.id = $1`,
              [ID.member],
            )
          )[0],
        };
      });
      expect(after.result).toBe('anonymised');
      expect(after.profile).toEqual([]);
      expect(after.user).toEqual([
        {
          email: `deleted-${ID.member}@account-deleted.invalid`,
          encrypted_password: '',
          banned: true,
          deleted: true,
          raw_user_meta_data: {},
        },
      ]);
      expect(after.own).toEqual([{ full_name: null, phone: null, marketing_consent: false }]);
      expect(after.counts).toEqual({
        bookings: 1,
        instalments: 2,
        comments: 1,
        replies: 1,
        reactions: 0,
        follows: 0,
        favorites: 0,
        hearts: 0,
        interest: 0,
        ian: 1, // someone else's registration stays
        identities: 0,
        others_reaction: 1,
      });
      // The traveller named on the kept booking keeps only a name; the one on no booking is gone.
      expect(after.travellers).toEqual([
        {
          id: ID.travellerMember,
          full_name: 'Mia Member',
          date_of_birth: null,
          phone: null,
          medical_notes: null,
        },
      ]);
      // Posts stay for the thread; the name is gone, so the site shows 'Anonymous'.
      expect(after.name).toEqual({ full_name: null });
    });

    it('deletes a member with nothing to keep: the auth user, profile, favourites and waitlist rows go', async () => {
      const after = await runAs(db(), 'member', async (tx) => {
        await tx.query(
          `select set_config('request.jwt.claims', $1, true), set_config('request.jwt.claim.sub', $2, true)`,
          [JSON.stringify(quietClaims), QUIET],
        );
        const { rows } = await tx.query<{ result: string }>('select public.delete_my_account() as result');
        const [left] = await asOwner<Record<string, number>>(
          tx,
          `select (select count(*)::int from auth.users where id = $1) as users,
                  (select count(*)::int from public.profiles where id = $1) as profiles,
                  (select count(*)::int from public.favorites where user_id = $1) as favorites,
                  (select count(*)::int from auth.identities where user_id = $1) as identities,
                  (select count(*)::int from public.waitlist_submissions where lower(email) = 'quiet@fixture.test') as waitlist,
                  (select count(*)::int from public.waitlist_submissions where id = '${ID.waitlist}') as wendy`,
          [QUIET],
        );
        return { result: rows[0]!.result, left };
      });
      expect(after).toEqual({
        result: 'deleted',
        left: { users: 0, profiles: 0, favorites: 0, identities: 0, waitlist: 0, wendy: 1 },
      });
    });

    it('refuses a visitor, and a second call once the account is anonymised', async () => {
      expect(await outcome('visitor', 'select public.delete_my_account()')).toBe('denied');
      const second = await runAs(db(), 'member', async (tx) => {
        await tx.query('select public.delete_my_account()');
        try {
          await tx.query('select public.delete_my_account()');
          return 'ran twice';
        } catch (error) {
          return classify(error);
        }
      });
      expect(second).toBe('refused');
    });
  });
});
