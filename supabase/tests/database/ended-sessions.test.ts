import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database as Db } from '../../../src/lib/supabase/database.types.ts';
import type { Database } from '../../local/src/db/types.ts';
import { withClaims, type JwtClaims } from '../../local/src/db/with-claims.ts';
import { publishedEvent, signedInAccount } from '../../local/test/stack-accounts.ts';
import { startTestStack, type TestStack } from '../../local/test/start-test-stack.ts';
import { ID, insertFixtures } from './fixtures.ts';
import { classify, type Outcome } from './run-as.ts';
import {
  createPreparedDatabase,
  DATABASE_KINDS,
  type TestDatabase,
} from '../../local/test/db/test-databases.ts';

// An access token outlives its account and its session: it is signed for an hour, and nothing can take that
// back. The database refuses its writes (private.caller_is_live(), decision 0058) once the account is
// deleted or anonymised, or once the token's session has ended (sign out everywhere); reads go on until the
// token expires.

vi.setConfig({ testTimeout: 60_000, hookTimeout: 180_000 });

const ROLL_BACK = Symbol('roll back');

/** One statement with the given claims, rolled back: rows (visible or affected) or how it was refused. */
async function attempt(
  db: Database,
  claims: JwtClaims,
  sql: string,
  params: unknown[] = [],
): Promise<Outcome> {
  let outcome: Outcome | undefined;
  try {
    await withClaims(db, claims, async (tx) => {
      const result = await tx.query<{ n?: number }>(sql, params);
      outcome = /^\s*select/i.test(sql) ? Number(result.rows[0]?.n) : result.rowCount;
      throw ROLL_BACK;
    });
  } catch (error) {
    if (error !== ROLL_BACK) return classify(error);
  }
  if (outcome === undefined) throw new Error('unreachable: the statement did not run');
  return outcome;
}

/** What a member does on the site, one write each (the member's own id is $1). */
const WRITES: Record<string, string> = {
  'post a comment': `insert into public.comments (event_id, user_id, content) values ('${ID.published}', $1, 'Still here')`,
  reply: `insert into public.comment_replies (event_id, parent_comment_id, user_id, content) values ('${ID.published}', '${ID.commentOther}', $1, 'Me too')`,
  'give a heart': `insert into public.comment_reactions (user_id, comment_id) values ($1, '${ID.commentMember}')`,
  'react to an event': `insert into public.reactions (user_id, event_id, reaction_type) values ($1, '${ID.published2}', 'flame')`,
  'follow an event': `select public.set_event_follow('${ID.published2}', true)::int as n, $1::uuid`,
  'update the profile': `update public.profiles set full_name = 'Back again' where id = $1`,
  'add a traveller': `insert into public.travellers (full_name) select 'Tess Traveller' where $1::uuid is not null`,
};

describe.each(DATABASE_KINDS)(
  'writes with an access token that outlived its account or session on $name',
  (kind) => {
    let testDb: TestDatabase;
    const db = () => testDb.db;
    let next = 0;

    /** A confirmed account (the auth service's rows), optionally with a session and a comment of its own. */
    async function newAccount(options: { session?: boolean; post?: boolean } = {}) {
      next += 1;
      const id = `f1000000-0000-4000-8000-0000000001${String(next).padStart(2, '0')}`;
      await db().query(
        `insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data,
         raw_user_meta_data, created_at, updated_at)
       values ($1, 'authenticated', 'authenticated', 'ended-' || $2 || '@fixture.test', 'x', now(),
         '{"provider":"email"}', '{"full_name":"Ed Ended"}', now(), now())`,
        [id, String(next)],
      );
      const claims: JwtClaims = { sub: id, role: 'authenticated', aud: 'authenticated' };
      if (options.session) {
        const session = `f1100000-0000-4000-8000-0000000001${String(next).padStart(2, '0')}`;
        await db().query(
          `insert into auth.sessions (id, user_id, created_at, updated_at, aal) values ($1, $2, now(), now(), 'aal1')`,
          [session, id],
        );
        claims.session_id = session;
      }
      if (options.post) {
        await db().query(
          `insert into public.comments (event_id, user_id, content) values ('${ID.published}', $1, 'Hello')`,
          [id],
        );
      }
      return { id, claims };
    }

    const deleteMyAccount = (claims: JwtClaims) =>
      withClaims(db(), claims, async (tx) => {
        const { rows } = await tx.query<{ result: string }>('select public.delete_my_account() as result');
        return rows[0]?.result;
      });

    beforeAll(async () => {
      testDb = await createPreparedDatabase(kind);
      await insertFixtures(testDb.db);
    });
    afterAll(async () => {
      await testDb?.dispose();
    });

    it('lets a live account write, with a session or without a session claim (a fixture token)', async () => {
      const live = await newAccount({ session: true });
      for (const sql of Object.values(WRITES)) {
        expect(await attempt(db(), live.claims, sql, [live.id]), sql).toBe(1);
      }
      const { claims } = await newAccount();
      expect(await attempt(db(), claims, WRITES['post a comment']!, [claims.sub])).toBe(1);
    });

    it.each(Object.keys(WRITES))(
      'refuses “%s” once the account is anonymised (it had posts)',
      async (write) => {
        const { id, claims } = await newAccount({ session: true, post: true });
        expect(await deleteMyAccount(claims)).toBe('anonymised');
        expect(await attempt(db(), claims, WRITES[write]!, [id])).toBe('refused');
      },
    );

    it.each(Object.keys(WRITES))('refuses “%s” once the account is deleted', async (write) => {
      const { id, claims } = await newAccount({ session: true });
      expect(await deleteMyAccount(claims)).toBe('deleted');
      expect(await attempt(db(), claims, WRITES[write]!, [id])).toBe('refused');
    });

    it.each(Object.keys(WRITES))(
      'refuses “%s” once every session has ended (signed out everywhere)',
      async (write) => {
        const { id, claims } = await newAccount({ session: true });
        await db().query('delete from auth.sessions where user_id = $1', [id]);
        expect(await attempt(db(), claims, WRITES[write]!, [id])).toBe('refused');
      },
    );

    it('refuses a token naming a session that is not a session id at all', async () => {
      const { id, claims } = await newAccount({ session: true });
      expect(
        await attempt(db(), { ...claims, session_id: 'not-a-uuid' }, WRITES['post a comment']!, [id]),
      ).toBe('refused');
    });

    it('refuses an account deletion asked with an ended session', async () => {
      const { claims } = await newAccount({ session: true });
      await db().query('delete from auth.sessions where user_id = $1', [claims.sub]);
      expect(await attempt(db(), claims, 'select (public.delete_my_account() is not null)::int as n')).toBe(
        'refused',
      );
    });

    it('still lets the token read until it expires', async () => {
      const { id, claims } = await newAccount({ session: true, post: true });
      await db().query('delete from auth.sessions where user_id = $1', [id]);
      expect(
        await attempt(db(), claims, `select count(*)::int as n from public.comments where user_id = $1`, [
          id,
        ]),
      ).toBe(1);
    });
  },
);

describe('the same through the API (supabase-js against the local stack)', () => {
  let stack: TestStack;
  let event: string;

  beforeAll(async () => {
    stack = await startTestStack();
    event = await publishedEvent(stack, 'ended-sessions', 'Ended sessions');
  });
  afterAll(async () => {
    await stack?.close();
  });

  /** A client that keeps sending this access token, as a browser tab holding it would. */
  const holding = (token: string) =>
    createClient<Db>(stack.url, stack.anonKey, { accessToken: async () => token });

  const post = (client: ReturnType<typeof holding>, userId: string, content: string) =>
    client.from('comments').insert({ event_id: event, user_id: userId, content });

  it('refuses a comment from a deleted account’s token', async () => {
    const member = await signedInAccount(stack, { email: 'ended-api@example.com', fullName: 'Ed Api' });
    const token = (await member.client.auth.getSession()).data.session!.access_token;
    const tab = holding(token);
    expect((await post(tab, member.id, 'Before')).error).toBeNull();

    const deleted = await member.client.rpc('delete_my_account');
    expect(deleted).toMatchObject({ error: null, data: 'anonymised' });
    const after = await post(tab, member.id, 'After');
    expect(after.status).toBe(403);
    expect(after.error).toMatchObject({ code: '42501' });
  });

  it('refuses a comment from a token whose sessions all ended (sign out everywhere)', async () => {
    const member = await signedInAccount(stack, {
      email: 'ended-global@example.com',
      fullName: 'Gil Global',
    });
    const token = (await member.client.auth.getSession()).data.session!.access_token;
    const tab = holding(token);
    expect((await post(tab, member.id, 'Before')).error).toBeNull();

    expect((await member.client.auth.signOut({ scope: 'global' })).error).toBeNull();
    const after = await post(tab, member.id, 'After');
    expect(after.status).toBe(403);
    expect(after.error).toMatchObject({ code: '42501' });
    // Reading still works until the token expires.
    const read = await tab.from('comments').select('content').eq('user_id', member.id);
    expect(read.data).toEqual([{ content: 'Before' }]);
  });

  it('refuses an image upload from a deleted account’s token, and stores nothing', async () => {
    const member = await signedInAccount(stack, {
      email: 'ended-upload@example.com',
      fullName: 'Una Upload',
    });
    const token = (await member.client.auth.getSession()).data.session!.access_token;
    const bucket = holding(token).storage.from('event-images');
    const png = new Blob([PNG], { type: 'image/png' });
    expect((await bucket.upload(`${member.id}/1764000000000.png`, png)).error).toBeNull();

    expect(await member.client.rpc('delete_my_account')).toMatchObject({ error: null });
    const after = await bucket.upload(`${member.id}/1764000000001.png`, png);
    expect(after.error?.message).toMatch(/row-level security/);
    const { rows } = await stack.db.query(
      `select name from storage.objects where name like $1 order by name`,
      [`${member.id}/%`],
    );
    expect(rows).toEqual([{ name: `${member.id}/1764000000000.png` }]);
  });
});

/** The smallest valid PNG (1×1, transparent): the bucket accepts images only. */
const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII='),
  (c) => c.charCodeAt(0),
);
