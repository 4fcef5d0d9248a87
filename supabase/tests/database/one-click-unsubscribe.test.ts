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

// RFC 8058 (20261128500001, decision 0047): marketing mail from send_event_update carries the one-click
// target on the API's origin; a travellers' notice carries none. From the fixtures the member and the other
// member both booked and follow the published trip; here only the member consents to trip news.

interface QueuedMail {
  recipient: string;
  body: string;
  list_unsubscribe: string | null;
}

const API = 'https://api.example.test';

describe.each(DATABASE_KINDS)('one-click unsubscribe on $name', (kind) => {
  let testDb: TestDatabase;

  async function send(segment: string, title: string): Promise<QueuedMail[]> {
    return runAs(testDb.db, 'admin', async (tx: Queryable) => {
      await tx.query(`select public.send_event_update($1, $2, $3::jsonb, $4)`, [
        ID.published,
        title,
        paragraphDoc('We meet at six.'),
        segment,
      ]);
      await tx.query('reset role');
      const { rows } = await tx.query<QueuedMail>(
        `select recipient, body, list_unsubscribe from private.outbound_mail
         where subject like '%' || $1 order by recipient`,
        [title],
      );
      return rows;
    });
  }

  beforeAll(async () => {
    testDb = await createPreparedDatabase(kind);
    await insertFixtures(testDb.db);
    await testDb.db.exec(`
      update public.profiles set marketing_consent = true where id = '${ID.member}';
      update private.company_settings set api_url = '${API}';
    `);
  });
  afterAll(async () => {
    await testDb?.dispose();
  });

  it("defaults api_url to the local stack's API", async () => {
    const fresh = await createPreparedDatabase(kind);
    try {
      const { rows } = await fresh.db.query<{ api_url: string }>(
        'select api_url from private.company_settings',
      );
      expect(rows[0]!.api_url).toBe('http://127.0.0.1:54321');
    } finally {
      await fresh.dispose();
    }
  });

  it('gives marketing mail the one-click target, with the same token as the link in its body', async () => {
    const [mail, ...others] = await send('followers', 'One click');
    expect(others).toEqual([]);
    const target = mail!.list_unsubscribe ?? '';
    expect(target).toMatch(
      /^https:\/\/api\.example\.test\/functions\/v1\/unsubscribe-one-click\?token=[0-9a-f]{64}$/,
    );
    const token = target.split('token=')[1];
    expect(mail!.body).toContain(`/unsubscribe?token=${token}`);
  });

  it("gives a travellers' notice none, consent or not", async () => {
    const mail = await send('travellers', 'Notice');
    expect(mail.map((m) => [m.recipient, m.list_unsubscribe])).toEqual([
      ['member@fixture.test', null],
      ['other@fixture.test', null],
    ]);
  });

  it('hands the target to the sender with the message', async () => {
    const target = `${API}/functions/v1/unsubscribe-one-click?token=${'a'.repeat(64)}`;
    await testDb.db.query(
      `insert into private.outbound_mail (recipient, subject, body, list_unsubscribe) values ('c@b.test', 'Claimed', 'b', $1)`,
      [target],
    );
    const { rows } = await testDb.db.query<{ subject: string; list_unsubscribe: string | null }>(
      'select subject, list_unsubscribe from private.claim_outbound_mail(100)',
    );
    expect(rows.find((row) => row.subject === 'Claimed')?.list_unsubscribe).toBe(target);
  });

  it('refuses an api_url that is not an origin, and a target that is not an http(s) URL', async () => {
    for (const bad of ['api.example.test', 'https://api.example.test/', 'ftp://x.test', 'https://a b.test']) {
      await expect(
        testDb.db.query('update private.company_settings set api_url = $1', [bad]),
      ).rejects.toMatchObject({ code: '23514' });
    }
    for (const bad of ['mailto:x@example.org', 'https://x.test/a b', 'https://x.test/>, <mailto:y@z']) {
      await expect(
        testDb.db.query(
          `insert into private.outbound_mail (recipient, subject, body, list_unsubscribe) values ('a@b.test', 's', 'b', $1)`,
          [bad],
        ),
      ).rejects.toMatchObject({ code: '23514' });
    }
  });
});
