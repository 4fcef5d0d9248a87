import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ID, insertFixtures } from './fixtures.ts';
import { outcomeOf, runAs } from './run-as.ts';
import {
  createPreparedDatabase,
  DATABASE_KINDS,
  type TestDatabase,
} from '../../local/test/db/test-databases.ts';

// /admin/events in the database (decision 0035): the slug named from title and date, the cancellation
// e-mail (one per person who follows or booked, however they are linked), the audit row, and members
// refused. From the fixtures: the member and the other member both follow and booked the published trip.
describe.each(DATABASE_KINDS)('admin events on $name', (kind) => {
  let testDb: TestDatabase;
  const db = () => testDb.db;

  beforeAll(async () => {
    testDb = await createPreparedDatabase(kind);
    await insertFixtures(testDb.db);
  });
  afterAll(async () => {
    await testDb?.dispose();
  });

  it('names a new event from its title and start date, unique among events', async () => {
    const slugs = await runAs(db(), 'admin', async (tx) => {
      const insert = `insert into public.events (title, start_date, end_date) values ($1, '2027-06-01', '2027-06-03') returning slug, trip_slug, badge`;
      const first = await tx.query<{ slug: string; trip_slug: string | null; badge: string }>(insert, [
        'Ghosts of Ballarat!',
      ]);
      const second = await tx.query<{ slug: string }>(insert, ['Ghosts of  Ballarat']);
      const symbols = await tx.query<{ slug: string }>(insert, ['¡¿?!']);
      return [first.rows[0], second.rows[0]!.slug, symbols.rows[0]!.slug] as const;
    });
    expect(slugs[0]).toEqual({ slug: 'ghosts-of-ballarat-2027-06-01', trip_slug: null, badge: 'eoi' });
    expect(slugs[1]).toBe('ghosts-of-ballarat-2027-06-01-2');
    expect(slugs[2]).toBe('event-2027-06-01');
  });

  it('keeps a slug given explicitly, and refuses bad badges, trip slugs and image paths', async () => {
    expect(
      await outcomeOf(
        db(),
        'admin',
        `insert into public.events (slug, title, start_date, end_date) values ('my-own', 'Mine', '2027-06-01', '2027-06-01')`,
      ),
    ).toBe(1);
    for (const change of [
      `badge = 'sold-out'`,
      `trip_slug = 'Not A Slug'`,
      `image_paths = array['../elsewhere.png']`,
      `image_paths = array['${ID.admin}/1.png', '${ID.admin}/1.png']`,
      `image_paths = array['${ID.admin}/1.exe']`,
      `title = ' padded'`,
      `price_cents = 100000001`,
    ])
      expect(
        await outcomeOf(db(), 'admin', `update public.events set ${change} where id = '${ID.draft}'`),
        change,
      ).toBe('error 23514');
    expect(
      await outcomeOf(
        db(),
        'admin',
        `update public.events set badge = 'locked-in', trip_slug = 'tasmania-paranormal-getaway',
           image_paths = array['${ID.admin}/1764000000000.png', '${ID.admin}/1764000000001.webp']
         where id = '${ID.draft}'`,
      ),
    ).toBe(1);
  });

  it('mails each follower and traveller once when an admin cancels, and logs the change', async () => {
    const { mail, audit } = await runAs(db(), 'admin', async (tx) => {
      await tx.query(`update public.events set status = 'cancelled' where id = $1`, [ID.published]);
      // Saving it again as cancelled sends nothing more.
      await tx.query(
        `update public.events set status = 'cancelled', title = 'Published trip' where id = $1`,
        [ID.published],
      );
      await tx.query('reset role');
      const mail = await tx.query<{ recipient: string; subject: string; body: string }>(
        `select recipient, subject, body from private.outbound_mail where subject like 'Cancelled:%' order by recipient`,
      );
      const audit = await tx.query<{ action: string; before: unknown; after: unknown }>(
        `select action, before, after from public.audit_log where entity = 'events' and entity_id = $1`,
        [ID.published],
      );
      return { mail: mail.rows, audit: audit.rows };
    });
    expect(mail.map((row) => row.recipient)).toEqual(['member@fixture.test', 'other@fixture.test']);
    // Both hold a booking, so each gets the one e-mail about their booking's cancellation (decision 0096).
    expect(mail[0]!.subject).toBe('Cancelled: Published trip (your booking FIX-0001)');
    expect(mail[0]!.body).toContain('has been cancelled');
    expect(audit).toEqual([
      { action: 'update', before: { status: 'published' }, after: { status: 'cancelled' } },
    ]);
  });

  it('leaves out a booking that was cancelled before, unless that person follows the event', async () => {
    const recipients = await runAs(db(), 'admin', async (tx) => {
      await tx.query('reset role');
      await tx.query(`update public.bookings set status = 'cancelled' where id = $1`, [ID.bookingOther]);
      await tx.query(`delete from public.event_follows where id = $1`, [ID.followOther]);
      await tx.query(`update public.events set status = 'cancelled' where id = $1`, [ID.published]);
      const { rows } = await tx.query<{ recipient: string }>(
        `select recipient from private.outbound_mail where subject like 'Cancelled:%'`,
      );
      return rows.map((row) => row.recipient);
    });
    expect(recipients).toEqual(['member@fixture.test']);
  });

  it('refuses members every change, so no e-mail goes out', async () => {
    expect(
      await outcomeOf(
        db(),
        'member',
        `update public.events set status = 'cancelled' where id = '${ID.published}'`,
      ),
    ).toBe(0);
    const { rows } = await db().query<{ n: number }>(
      `select count(*)::int as n from private.outbound_mail where subject like 'Cancelled:%'`,
    );
    expect(rows[0]!.n).toBe(0);
  });
});
