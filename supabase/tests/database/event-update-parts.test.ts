import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ID, insertFixtures } from './fixtures.ts';
import {
  createPreparedDatabase,
  DATABASE_KINDS,
  type TestDatabase,
} from '../../local/test/db/test-databases.ts';

// send_event_update's parts on their own (migration 20261129100001): the audience, who of it is e-mailed,
// and the message one recipient gets. From the fixtures the member and the other member both follow and
// booked the published trip; here only the member consents to trip news, and the trip's waitlist has the
// member's own address (consenting) and strangers' that do not consent.

interface Row {
  user_id: string | null;
  email: string;
  consent: boolean;
  transactional: boolean;
}

describe.each(DATABASE_KINDS)('event update parts on $name', (kind) => {
  let testDb: TestDatabase;
  const db = () => testDb.db;

  beforeAll(async () => {
    testDb = await createPreparedDatabase(kind);
    await insertFixtures(testDb.db);
    await testDb.db.exec(`
      update public.profiles set marketing_consent = true where id = '${ID.member}';
      insert into public.waitlist_submissions (event_name, event_id, full_name, email, marketing_consent) values
        ('Published trip', '${ID.published}', 'Mia Member', 'MEMBER@fixture.test', true),
        ('Published trip', '${ID.published}', 'No Thanks', 'no@fixture.test', false);
    `);
  });
  afterAll(async () => {
    await testDb?.dispose();
  });

  async function audience(segment: string): Promise<Row[]> {
    const { rows } = await db().query<Row>(
      `select * from private.event_update_audience($1, $2) order by email, transactional`,
      [ID.published, segment],
    );
    return rows;
  }

  async function recipients(segment: string): Promise<{ email: string; transactional: boolean }[]> {
    const { rows } = await db().query<{ email: string; transactional: boolean }>(
      `select * from private.event_update_recipients($1, $2) order by email`,
      [ID.published, segment],
    );
    return rows;
  }

  describe('the audience', () => {
    it('names the followers with their consent, lower-cased, whether or not they consent', async () => {
      expect(await audience('followers')).toEqual([
        { user_id: ID.member, email: 'member@fixture.test', consent: true, transactional: false },
        { user_id: ID.other, email: 'other@fixture.test', consent: false, transactional: false },
      ]);
    });

    it('names the travellers booked as transactional', async () => {
      expect((await audience('travellers')).map((r) => [r.email, r.transactional])).toEqual([
        ['member@fixture.test', true],
        ['other@fixture.test', true],
      ]);
    });

    it('names the waitlist by address, matched to an account when one has it', async () => {
      expect(await audience('waitlist')).toEqual([
        { user_id: ID.member, email: 'member@fixture.test', consent: true, transactional: false },
        { user_id: null, email: 'no@fixture.test', consent: false, transactional: false },
        // The fixtures' entry, linked to the trip by its name.
        { user_id: null, email: 'wendy@fixture.test', consent: false, transactional: false },
      ]);
    });

    it('names every member for all, and nobody for an unknown segment', async () => {
      expect((await audience('all')).map((r) => r.user_id)).toEqual(
        expect.arrayContaining([ID.member, ID.other, ID.admin]),
      );
      expect(await audience('everyone')).toEqual([]);
    });
  });

  describe('who is e-mailed', () => {
    it('leaves out members and waitlist addresses without trip-news consent', async () => {
      expect(await recipients('followers')).toEqual([{ email: 'member@fixture.test', transactional: false }]);
      expect(await recipients('waitlist')).toEqual([{ email: 'member@fixture.test', transactional: false }]);
    });

    it('keeps every traveller booked, consent or not', async () => {
      expect(await recipients('travellers')).toEqual([
        { email: 'member@fixture.test', transactional: true },
        { email: 'other@fixture.test', transactional: true },
      ]);
    });

    it('never e-mails something that is not an address', async () => {
      const { rows } = await db().query<{ ok: boolean }>(
        `select private.may_email_update('not an address', true, true) as ok`,
      );
      expect(rows).toEqual([{ ok: false }]);
    });
  });

  describe('the message', () => {
    async function message(transactional: boolean, imagePath: string | null = null) {
      const { rows } = await db().query<{
        subject: string;
        body: string;
        html_body: string;
        list_unsubscribe: string | null;
      }>(
        `select m.* from private.company_settings s,
           private.event_update_message(s, 'Published trip', E'Gate\ttimes', 'We meet at six.', '<p>We meet at six.</p>',
             $2, case when $2::text is null then null else 'A gate' end, $1, case when $1 then null else 'tok' end) m`,
        [transactional, imagePath],
      );
      return rows[0]!;
    }

    it('gives a trip-news message its unsubscribe link and one-click header', async () => {
      const m = await message(false);
      expect(m.subject).toBe('Published trip: Gate times');
      expect(m.body).toMatch(
        /^We meet at six\.\n\n-- \n.+\nYou receive this because you asked for trip news\. Unsubscribe: https?:\/\/.+\/unsubscribe\?token=tok$/,
      );
      expect(m.html_body).toContain('/unsubscribe?token=tok">Unsubscribe</a>');
      expect(m.list_unsubscribe).toMatch(/\/functions\/v1\/unsubscribe-one-click\?token=tok$/);
    });

    it('gives a booking notice no unsubscribe at all', async () => {
      const m = await message(true);
      expect(m.body).toMatch(/You receive this because you are booked on Published trip\.$/);
      expect(m.html_body).not.toContain('Unsubscribe');
      expect(m.list_unsubscribe).toBeNull();
    });

    it('names the picture in the text and shows it in the HTML', async () => {
      const m = await message(true, `${ID.admin}/1700000000000.png`);
      expect(m.body).toMatch(/This update has a picture \(A gate\): https?:\/\/.+\/event-updates/);
      expect(m.html_body).toMatch(
        new RegExp(
          `<img src="https?://[^"]+/storage/v1/object/public/update-images/${ID.admin}/1700000000000\\.png" alt="A gate"`,
        ),
      );
    });
  });
});
