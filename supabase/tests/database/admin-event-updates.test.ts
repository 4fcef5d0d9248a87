import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../local/src/db/types.ts';
import { ID, insertFixtures } from './fixtures.ts';
import { outcomeOf, runAs } from './run-as.ts';
import {
  createPreparedDatabase,
  DATABASE_KINDS,
  type TestDatabase,
} from '../../local/test/db/test-databases.ts';
import { paragraphDoc, paragraphDocSql } from './update-doc.ts';

// public.send_event_update (20261127200001, rich since 20261128100003): who gets the e-mail for each segment. From the fixtures the
// member and the other member both follow and booked the published trip; here only the member consents to
// trip news, and the trip's waitlist has one address that consents (and confirmed it, decision 0059), one
// that consents but never confirmed (whoever typed it may not hold it) and one that does not consent.

interface Sent {
  reach: { in_app: number; email: number };
  mail: { recipient: string; body: string }[];
}

describe.each(DATABASE_KINDS)('sending event updates on $name', (kind) => {
  let testDb: TestDatabase;

  async function send(segment: string, title = 'Gate times'): Promise<Sent> {
    return runAs(testDb.db, 'admin', async (tx: Queryable) => {
      const { rows } = await tx.query<{ reach: Sent['reach'] }>(
        `select to_jsonb(r) as reach from public.send_event_update($1, $2, $3::jsonb, $4) r`,
        [ID.published, title, paragraphDoc('We meet at six.'), segment],
      );
      await tx.query('reset role');
      const mail = await tx.query<{ recipient: string; body: string }>(
        `select recipient, body from private.outbound_mail where subject like '%' || $1 order by recipient`,
        [title],
      );
      return { reach: rows[0]!.reach, mail: mail.rows };
    });
  }

  beforeAll(async () => {
    testDb = await createPreparedDatabase(kind);
    await insertFixtures(testDb.db);
    await testDb.db.exec(`
      update public.profiles set marketing_consent = true where id = '${ID.member}';
      insert into public.waitlist_submissions (event_name, event_id, full_name, email, marketing_consent) values
        ('Published trip', '${ID.published}', 'Yes Please', 'yes@fixture.test', true),
        ('Published trip', '${ID.published}', 'No Thanks', 'no@fixture.test', false),
        ('Published trip', '${ID.published}', 'Not Asked', 'unconfirmed@fixture.test', true);
      -- As following the link of the confirmation mail the entry's ticked box sent does.
      select public.confirm_marketing_consent(token) from private.marketing_confirmations
      where email = 'yes@fixture.test';
    `);
  });
  afterAll(async () => {
    await testDb?.dispose();
  });

  it('e-mails followers only with consent, with an unsubscribe link; both see it in-app', async () => {
    const { reach, mail } = await send('followers');
    expect(reach).toMatchObject({ in_app: 2, email: 1 });
    expect(mail.map((m) => m.recipient)).toEqual(['member@fixture.test']);
    expect(mail[0]!.body).toMatch(/We meet at six\.[\s\S]*\/unsubscribe\?token=[0-9a-f]{64}/);
  });

  it('e-mails every traveller booked, consent or not (transactional), without an unsubscribe link', async () => {
    const { reach, mail } = await send('travellers');
    expect(reach).toMatchObject({ in_app: 2, email: 2 });
    expect(mail.map((m) => m.recipient)).toEqual(['member@fixture.test', 'other@fixture.test']);
    expect(mail[1]!.body).toContain('because you are booked on Published trip');
    expect(mail[1]!.body).not.toContain('/unsubscribe');
  });

  it('e-mails the waitlist addresses that consented and confirmed it', async () => {
    const { reach, mail } = await send('waitlist');
    expect(reach.email).toBe(1);
    expect(mail.map((m) => m.recipient)).toEqual(['yes@fixture.test']);
  });

  it('reaches every member in-app and e-mails the consenting ones, once per address', async () => {
    const { reach, mail } = await send('all');
    const { rows } = await testDb.db.query<{ n: number }>('select count(*)::int as n from public.profiles');
    expect(reach).toMatchObject({ in_app: rows[0]!.n, email: 1 });
    expect(mail.map((m) => m.recipient)).toEqual(['member@fixture.test']);
  });

  it('refuses bad input clearly and writes nothing', async () => {
    for (const [segment, title] of [
      ['everyone', 'Fine title'],
      ['followers', ''],
      ['followers', 'Two\nlines'],
    ] as const) {
      await expect(send(segment, title)).rejects.toMatchObject({ code: '22023' });
    }
    const { rows } = await testDb.db.query<{ n: number }>(
      `select count(*)::int as n from public.event_updates where title = 'Fine title'`,
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('refuses a member', async () => {
    expect(
      await outcomeOf(
        testDb.db,
        'member',
        `select email as n from public.send_event_update('${ID.published}', 'Spam', ${paragraphDocSql('Spam')}, 'all')`,
      ),
    ).toBe('refused');
  });
});
