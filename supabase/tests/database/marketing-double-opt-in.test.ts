import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../local/src/db/types.ts';
import { ID, insertFixtures } from './fixtures.ts';
import { runAs } from './run-as.ts';
import {
  createPreparedDatabase,
  DATABASE_KINDS,
  type TestDatabase,
} from '../../local/test/db/test-databases.ts';
import { paragraphDoc } from './update-doc.ts';

// Trip news by double opt-in (issue 19, decision 0059): ticking the box on the waitlist or interest form
// queues one confirmation e-mail to the address (at most one a day), and only an address its holder
// confirmed receives marketing. A member who turns trip news on while signed in has proven the address
// and is confirmed at once; sign-up's consent counts once the account's e-mail is confirmed. Every case
// runs in a transaction that is rolled back, so each starts from the fixtures.

interface Mail {
  recipient: string;
  subject: string;
  body: string;
  reply_to: string | null;
  list_unsubscribe: string | null;
}

interface Confirmed {
  outcome: string;
  email: string | null;
}

const TRIP = 'Published trip';
const STRANGER = 'stranger@fixture.test';

/** What the outbox holds for an address (read as the owner). */
async function mailTo(tx: Queryable, address: string): Promise<Mail[]> {
  await tx.query('reset role');
  const { rows } = await tx.query<Mail>(
    `select recipient, subject, body, reply_to, list_unsubscribe from private.outbound_mail
     where lower(recipient) = lower($1) order by id`,
    [address],
  );
  return rows;
}

/** The token in a confirmation mail's link. */
function tokenIn(mail: Mail): string {
  const match = /\/confirm-subscription\?token=([0-9a-f]{64})/.exec(mail.body);
  if (!match) throw new Error(`no confirmation link in: ${mail.body}`);
  return match[1]!;
}

/** As a visitor: joins the published trip's waitlist (linked to its departure by name). */
async function join(tx: Queryable, email: string, consent: boolean): Promise<void> {
  await tx.query('set role anon');
  await tx.query(`select public.join_waitlist($1, 'Some One', $2, event_id => $3, marketing_consent => $4)`, [
    TRIP,
    email,
    ID.published,
    consent,
  ]);
}

/** As a visitor: registers interest in a trip (the published one unless named), box ticked or not. */
async function interest(tx: Queryable, email: string, consent: boolean, trip = TRIP): Promise<void> {
  await tx.query('set role anon');
  await tx.query(`select public.register_interest($1, 'Some One', $2, marketing_consent => $3)`, [
    trip,
    email,
    consent,
  ]);
}

/** As a visitor: follows the link's token. */
async function confirm(tx: Queryable, token: string): Promise<Confirmed> {
  await tx.query('set role anon');
  const { rows } = await tx.query<Confirmed>('select * from public.confirm_marketing_consent($1)', [token]);
  return rows[0]!;
}

/** As the admin (the claims of runAs are the admin's): an update to the trip's waitlist; its mails. */
async function sendToWaitlist(tx: Queryable, title: string): Promise<{ email: number; to: string[] }> {
  await tx.query('set role authenticated');
  const { rows } = await tx.query<{ email: number }>(
    `select email from public.send_event_update($1, $2, $3::jsonb, 'waitlist')`,
    [ID.published, title, paragraphDoc('A place came free.')],
  );
  await tx.query('reset role');
  const sent = await tx.query<{ recipient: string }>(
    `select recipient from private.outbound_mail where subject like '%' || $1 order by recipient`,
    [title],
  );
  return { email: rows[0]!.email, to: sent.rows.map((r) => r.recipient) };
}

describe.each(DATABASE_KINDS)('trip news by double opt-in on $name', (kind) => {
  let testDb: TestDatabase;
  // Every case rolls back; runAs as the admin lets a case act as a visitor, the admin and the owner.
  const asAdmin = <T>(fn: (tx: Queryable) => Promise<T>) => runAs(testDb.db, 'admin', fn);

  beforeAll(async () => {
    testDb = await createPreparedDatabase(kind);
    await insertFixtures(testDb.db);
  });
  afterAll(async () => {
    await testDb?.dispose();
  });

  it('queues one confirmation e-mail for a ticked box, with a link to the site, and none without a tick', async () => {
    const mail = await asAdmin(async (tx) => {
      await join(tx, 'Ticked@Fixture.test', true);
      await join(tx, 'unticked@fixture.test', false);
      return {
        ticked: await mailTo(tx, 'ticked@fixture.test'),
        unticked: await mailTo(tx, 'unticked@fixture.test'),
      };
    });
    // The company's own notice goes to its address (reply_to the visitor), so the visitor's inbox gets one.
    expect(mail.ticked).toHaveLength(1);
    const [message] = mail.ticked;
    expect(message).toMatchObject({
      subject: 'Please confirm trip news from Haunted Horizons',
      reply_to: 'hello@hauntedhorizons.com.au',
      list_unsubscribe: null,
    });
    expect(message!.body).toMatch(/http:\/\/localhost:4321\/confirm-subscription\?token=[0-9a-f]{64}/);
    expect(message!.body).toContain('works for 7 days');
    expect(message!.body).toContain("If you didn't ask");
    expect(mail.unticked).toEqual([]);
  });

  it('sends no second confirmation within a day, whichever form ticks the box again', async () => {
    const counts = await asAdmin(async (tx) => {
      await join(tx, STRANGER, true);
      await interest(tx, STRANGER, true);
      await interest(tx, STRANGER.toUpperCase(), true);
      const sameDay = (await mailTo(tx, STRANGER)).length;
      // A day later a new tick may ask again, with a new link (for another trip: one registration a trip).
      await tx.query(
        `update private.marketing_confirmations set requested_at = now() - interval '25 hours' where email = $1`,
        [STRANGER],
      );
      await interest(tx, STRANGER, true, 'Another trip');
      const mails = await mailTo(tx, STRANGER);
      return { sameDay, later: mails.length, tokens: new Set(mails.map(tokenIn)).size };
    });
    expect(counts).toEqual({ sameDay: 1, later: 2, tokens: 2 });
  });

  it("gives a stranger's address, ticked on every form, only the confirmation mail and no marketing", async () => {
    const result = await asAdmin(async (tx) => {
      await join(tx, STRANGER, true);
      await interest(tx, STRANGER, true);
      const update = await sendToWaitlist(tx, 'Stranger news');
      return { update, mail: await mailTo(tx, STRANGER) };
    });
    expect(result.update.to).not.toContain(STRANGER);
    expect(result.mail.map((m) => m.subject)).toEqual(['Please confirm trip news from Haunted Horizons']);
  });

  it('confirms the address with the token once; the address then receives the waitlist news', async () => {
    const result = await asAdmin(async (tx) => {
      await join(tx, 'Keen@fixture.test', true);
      const [message] = await mailTo(tx, 'keen@fixture.test');
      const token = tokenIn(message!);
      const first = await confirm(tx, token);
      const again = await confirm(tx, token);
      const update = await sendToWaitlist(tx, 'Keen news');
      // Confirmed: a later tick sends no further confirmation.
      await interest(tx, 'keen@fixture.test', true);
      const confirmations = (await mailTo(tx, 'keen@fixture.test')).filter((m) =>
        m.subject.startsWith('Please confirm'),
      ).length;
      return { first, again, update, confirmations };
    });
    expect(result.first).toEqual({ outcome: 'confirmed', email: 'keen@fixture.test' });
    // A used link names nobody: it may have been forwarded.
    expect(result.again).toEqual({ outcome: 'already', email: null });
    expect(result.update.to).toEqual(['keen@fixture.test']);
    expect(result.confirmations).toBe(1);
  });

  it('refuses an expired, unknown or malformed token and confirms nothing', async () => {
    const result = await asAdmin(async (tx) => {
      await join(tx, 'late@fixture.test', true);
      const token = tokenIn((await mailTo(tx, 'late@fixture.test'))[0]!);
      await tx.query(
        `update private.marketing_confirmations set requested_at = now() - interval '8 days' where email = $1`,
        ['late@fixture.test'],
      );
      const expired = await confirm(tx, token);
      const unknown = await confirm(tx, 'f'.repeat(64));
      const malformed = await confirm(tx, "' or 1=1 --");
      const empty = await confirm(tx, '');
      const update = await sendToWaitlist(tx, 'Late news');
      return { expired, unknown, malformed, empty, update };
    });
    expect(result.expired).toEqual({ outcome: 'expired', email: null });
    expect(result.unknown).toEqual({ outcome: 'invalid', email: null });
    expect(result.malformed).toEqual({ outcome: 'invalid', email: null });
    expect(result.empty).toEqual({ outcome: 'invalid', email: null });
    expect(result.update.to).toEqual([]);
  });

  it('leaves out of the audience every consent whose address is unconfirmed; in-app reach is unchanged', async () => {
    const result = await asAdmin(async (tx) => {
      await join(tx, 'waiting@fixture.test', true);
      await tx.query('set role authenticated');
      const { rows } = await tx.query<{ in_app: number; email: number }>(
        `select in_app, email from public.send_event_update($1, 'Audience', $2::jsonb, 'waitlist')`,
        [ID.published, paragraphDoc('Soon.')],
      );
      await tx.query('reset role');
      const { rows: audience } = await tx.query<{ email: string; consent: boolean }>(
        `select email, consent from private.event_update_audience($1, 'waitlist') order by email`,
        [ID.published],
      );
      return { reach: rows[0], audience };
    });
    expect(result.reach).toEqual({ in_app: 0, email: 0 });
    // The fixtures' entry (wendy, no consent) is on the list too.
    expect(result.audience).toEqual([
      { email: 'waiting@fixture.test', consent: false },
      { email: 'wendy@fixture.test', consent: false },
    ]);
  });

  it('an unsubscribe clears the confirmation: no news until the address confirms again', async () => {
    const result = await asAdmin(async (tx) => {
      await join(tx, 'leaving@fixture.test', true);
      await confirm(tx, tokenIn((await mailTo(tx, 'leaving@fixture.test'))[0]!));
      const before = await sendToWaitlist(tx, 'Before leaving');
      const { rows } = await tx.query<{ token: string }>(
        `select private.unsubscribe_token('leaving@fixture.test') as token`,
      );
      await tx.query('set role anon');
      await tx.query('select public.unsubscribe($1)', [rows[0]!.token]);
      await tx.query('reset role');
      const { rows: left } = await tx.query<{ confirmed_at: string | null; token: string | null }>(
        `select confirmed_at, token from private.marketing_confirmations where email = 'leaving@fixture.test'`,
      );
      // Ticking again (the entry's consent was cleared by the unsubscribe) is not enough by itself.
      await tx.query(`update public.waitlist_submissions set marketing_consent = true where email = $1`, [
        'leaving@fixture.test',
      ]);
      const after = await sendToWaitlist(tx, 'After leaving');
      return { before: before.to, left: left[0], after: after.to };
    });
    expect(result.before).toEqual(['leaving@fixture.test']);
    expect(result.left).toEqual({ confirmed_at: null, token: null });
    expect(result.after).toEqual([]);
  });

  it('confirms a signed-in member who turns trip news on at once, with no e-mail; off withdraws it', async () => {
    const result = await runAs(testDb.db, 'member', async (tx) => {
      await tx.query(`update public.profiles set marketing_consent = true where id = $1`, [ID.member]);
      await tx.query('reset role');
      const on = await tx.query<{ confirmed: boolean; how: string }>(
        `select confirmed_at is not null as confirmed, confirmed_how as how
         from private.marketing_confirmations where email = 'member@fixture.test'`,
      );
      const mail = await mailTo(tx, 'member@fixture.test');
      await tx.query('set role authenticated');
      await tx.query(`update public.profiles set marketing_consent = false where id = $1`, [ID.member]);
      await tx.query('reset role');
      const off = await tx.query<{ confirmed: boolean }>(
        `select confirmed_at is not null as confirmed from private.marketing_confirmations
         where email = 'member@fixture.test'`,
      );
      return { on: on.rows[0], mail, off: off.rows[0] };
    });
    expect(result.on).toEqual({ confirmed: true, how: 'account' });
    expect(result.mail).toEqual([]);
    expect(result.off).toEqual({ confirmed: false });
  });

  it('confirms a signed-in member ticking the box for their own address at once; another address is asked', async () => {
    const result = await runAs(testDb.db, 'member', async (tx) => {
      await tx.query(
        `select public.join_waitlist($1, 'Mia Member', 'Member@Fixture.test', event_id => $2, marketing_consent => true)`,
        [TRIP, ID.published],
      );
      await tx.query(
        `select public.register_interest($1, 'Mia Member', 'friend@fixture.test', marketing_consent => true)`,
        [TRIP],
      );
      const own = await mailTo(tx, 'member@fixture.test');
      const friend = await mailTo(tx, 'friend@fixture.test');
      const { rows } = await tx.query<{ email: string; how: string | null }>(
        `select email, confirmed_how as how from private.marketing_confirmations
         where email in ('member@fixture.test', 'friend@fixture.test') order by email`,
      );
      return { own: own.length, friend: friend.map((m) => m.subject), rows };
    });
    expect(result).toEqual({
      own: 0,
      friend: ['Please confirm trip news from Haunted Horizons'],
      rows: [
        { email: 'friend@fixture.test', how: null },
        { email: 'member@fixture.test', how: 'account' },
      ],
    });
  });

  it("asks the member's address to confirm when an admin, not the member, turns trip news on", async () => {
    const result = await asAdmin(async (tx) => {
      await tx.query('set role authenticated');
      await tx.query(`update public.profiles set marketing_consent = true where id = $1`, [ID.other]);
      const update = await (async () => {
        await tx.query(`select public.send_event_update($1, 'Admin ticked', $2::jsonb, 'followers')`, [
          ID.published,
          paragraphDoc('News.'),
        ]);
        await tx.query('reset role');
        const { rows } = await tx.query<{ recipient: string }>(
          `select recipient from private.outbound_mail where subject like '%Admin ticked'`,
        );
        return rows.map((r) => r.recipient);
      })();
      return { update, mail: (await mailTo(tx, 'other@fixture.test')).map((m) => m.subject) };
    });
    expect(result.update).not.toContain('other@fixture.test');
    expect(result.mail).toEqual(['Please confirm trip news from Haunted Horizons']);
  });

  it("counts sign-up's ticked box once the account's e-mail is confirmed, and not before", async () => {
    const result = await asAdmin(async (tx) => {
      await tx.query('reset role');
      await tx.query(
        `insert into auth.users (id, aud, role, email, encrypted_password, raw_app_meta_data, raw_user_meta_data,
           created_at, updated_at)
         values ('f1000000-0000-4000-8000-0000000000aa', 'authenticated', 'authenticated', 'New@Fixture.test', 'x',
           '{"provider":"email"}', '{"full_name":"New Member","marketing_consent":true}', now(), now())`,
      );
      const confirmed = async () =>
        (
          await tx.query<{ n: number }>(
            `select count(*)::int as n from private.marketing_confirmations
             where email = 'new@fixture.test' and confirmed_at is not null`,
          )
        ).rows[0]!.n;
      const beforeEmail = await confirmed();
      const mailBefore = (await mailTo(tx, 'new@fixture.test')).length;
      await tx.query(
        `update auth.users set email_confirmed_at = now() where id = 'f1000000-0000-4000-8000-0000000000aa'`,
      );
      return { beforeEmail, mailBefore, afterEmail: await confirmed() };
    });
    expect(result).toEqual({ beforeEmail: 0, mailBefore: 0, afterEmail: 1 });
  });

  it('keeps the confirmation out of the API, shows it in the data download and forgets it with the account', async () => {
    const result = await runAs(testDb.db, 'member', async (tx) => {
      await tx.query(`update public.profiles set marketing_consent = true where id = $1`, [ID.member]);
      await tx.query('savepoint reading');
      const denied = await tx.query('select 1 from private.marketing_confirmations').then(
        () => 'read',
        (error: { code?: string }) => error.code,
      );
      await tx.query('rollback to savepoint reading');
      const { rows } = await tx.query<{
        part: { confirmed_at: string | null; confirmed_how: string } | null;
      }>(`select public.export_my_data() -> 'trip_news_confirmation' as part`);
      await tx.query('select public.delete_my_account()');
      await tx.query('reset role');
      const { rows: left } = await tx.query<{ n: number }>(
        `select count(*)::int as n from private.marketing_confirmations where email = 'member@fixture.test'`,
      );
      return { denied, part: rows[0]!.part, left: left[0]!.n };
    });
    expect(result.denied).toBe('42501');
    expect(result.part).toMatchObject({ confirmed_how: 'account', confirmed_at: expect.any(String) });
    expect(result.part).not.toHaveProperty('token');
    expect(result.left).toBe(0);
  });
});
