import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../local/src/db/types.ts';
import { ID, insertFixtures } from './fixtures.ts';
import { outcomeOf, runAs } from './run-as.ts';
import {
  createPreparedDatabase,
  DATABASE_KINDS,
  type TestDatabase,
} from '../../local/test/db/test-databases.ts';
import { paragraphDoc } from './update-doc.ts';

// Issue 20, decision 0063 (migration 20261129940001). The admin area's phase of an event
// (private.event_phase through public.admin_events): a published event whose last day has passed in Sydney
// reads 'completed', as members see it, while one on its last day is still published. And
// public.event_update_reach: what a send would reach, in-app and by e-mail, before it is sent, from the
// same parts the send uses, so it always equals what the send then reports.

const PAST = 'f2000000-0000-4000-8000-0000000000a1';
const LAST_DAY = 'f2000000-0000-4000-8000-0000000000a2';
const OLD_DRAFT = 'f2000000-0000-4000-8000-0000000000a3';
const OLD_CANCELLED = 'f2000000-0000-4000-8000-0000000000a4';
const SEGMENTS = ['followers', 'travellers', 'waitlist', 'all'] as const;

describe.each(DATABASE_KINDS)('event phase and update reach on $name', (kind) => {
  let testDb: TestDatabase;

  beforeAll(async () => {
    testDb = await createPreparedDatabase(kind);
    await insertFixtures(testDb.db);
    // Dates relative to Sydney's day, whatever the clock of the machine running the test.
    await testDb.db.exec(`
      insert into public.events (id, slug, title, status, start_date, end_date) values
        ('${PAST}', 'phase-past', 'Ended yesterday', 'published',
          private.sydney_today() - 3, private.sydney_today() - 1),
        ('${LAST_DAY}', 'phase-last-day', 'Ends today', 'published',
          private.sydney_today() - 2, private.sydney_today()),
        ('${OLD_DRAFT}', 'phase-old-draft', 'Old draft', 'draft',
          private.sydney_today() - 10, private.sydney_today() - 9),
        ('${OLD_CANCELLED}', 'phase-old-cancelled', 'Old cancellation', 'cancelled',
          private.sydney_today() - 10, private.sydney_today() - 9);
      update public.profiles set marketing_consent = true where id = '${ID.member}';
      insert into public.waitlist_submissions (event_name, event_id, full_name, email, marketing_consent) values
        ('Published trip', '${ID.published}', 'Yes Please', 'yes@fixture.test', true),
        ('Published trip', '${ID.published}', 'No Thanks', 'no@fixture.test', false);
      select public.confirm_marketing_consent(token) from private.marketing_confirmations
      where email in ('yes@fixture.test', 'member@fixture.test');
    `);
  });
  afterAll(async () => {
    await testDb?.dispose();
  });

  const phases = (actor: 'admin' | 'member') =>
    runAs(testDb.db, actor, async (tx) => {
      const { rows } = await tx.query<{ id: string; status: string; phase: string }>(
        `select id, status, phase from public.admin_events where id = any($1::uuid[]) order by id`,
        [[ID.published, ID.draft, PAST, LAST_DAY, OLD_DRAFT, OLD_CANCELLED]],
      );
      return Object.fromEntries(rows.map((row) => [row.id, [row.status, row.phase]]));
    });

  describe('the phase', () => {
    it('reads a published event that ended before Sydney’s today as completed, one on its last day as published', async () => {
      expect(await phases('admin')).toEqual({
        [ID.published]: ['published', 'published'],
        [ID.draft]: ['draft', 'draft'],
        [PAST]: ['published', 'completed'],
        [LAST_DAY]: ['published', 'published'],
        [OLD_DRAFT]: ['draft', 'draft'],
        [OLD_CANCELLED]: ['cancelled', 'cancelled'],
      });
    });

    it('filters by phase in the database: the Completed tab finds the ended trip and no upcoming one', async () => {
      const ids = await runAs(testDb.db, 'admin', async (tx) => {
        const { rows } = await tx.query<{ id: string }>(
          `select id from public.admin_events where phase = 'completed' and id = any($1::uuid[])`,
          [[ID.published, PAST, LAST_DAY]],
        );
        return rows.map((row) => row.id);
      });
      expect(ids).toEqual([PAST]);
    });

    it('keeps the events policies: members see no drafts through the view, visitors nothing, nobody writes', async () => {
      const seen = await phases('member');
      expect(Object.keys(seen).sort()).toEqual([ID.published, PAST, LAST_DAY, OLD_CANCELLED].sort());
      expect(
        await outcomeOf(testDb.db, 'visitor', `select count(*)::int as n from public.admin_events`),
      ).toBe('denied');
      for (const actor of ['member', 'admin'] as const)
        expect(
          await outcomeOf(
            testDb.db,
            actor,
            `update public.admin_events set title = 'x' where id = '${PAST}'`,
          ),
        ).toBe('denied');
    });
  });

  describe('the reach before a send', () => {
    const reach = (tx: Queryable, eventId: string, segment: string) =>
      tx
        .query<{ in_app: number; email: number }>(`select * from public.event_update_reach($1, $2)`, [
          eventId,
          segment,
        ])
        .then(({ rows }) => rows[0]);

    it.each(SEGMENTS)('equals what the send then reports, for %s', async (segment) => {
      const [before, sent] = await runAs(testDb.db, 'admin', async (tx) => {
        const counted = await reach(tx, ID.published, segment);
        const { rows } = await tx.query<{ in_app: number; email: number }>(
          `select in_app, email from public.send_event_update($1, 'Gate times', $2::jsonb, $3)`,
          [ID.published, paragraphDoc('We meet at six.'), segment],
        );
        return [counted, rows[0]];
      });
      expect(before).toEqual(sent);
    });

    it('counts followers in-app and only the consenting ones by e-mail', async () => {
      const counted = await runAs(testDb.db, 'admin', (tx) => reach(tx, ID.published, 'followers'));
      expect(counted).toEqual({ in_app: 2, email: 1 });
    });

    it('says nobody for an event with no followers', async () => {
      const counted = await runAs(testDb.db, 'admin', (tx) => reach(tx, PAST, 'followers'));
      expect(counted).toEqual({ in_app: 0, email: 0 });
    });

    it('counts no e-mail while the company’s settings are missing, as the send then queues none', async () => {
      const [counted, sent] = await runAs(testDb.db, 'admin', async (tx) => {
        await tx.query('reset role');
        await tx.query('delete from private.company_settings');
        await tx.query('set local role authenticated');
        const before = await reach(tx, ID.published, 'travellers');
        const { rows } = await tx.query<{ in_app: number; email: number }>(
          `select in_app, email from public.send_event_update($1, 'Gate times', $2::jsonb, 'travellers')`,
          [ID.published, paragraphDoc('We meet at six.')],
        );
        return [before, rows[0]];
      });
      expect(counted).toEqual({ in_app: 2, email: 0 });
      expect(sent).toEqual(counted);
    });

    it('refuses members (42501), visitors, an unknown segment and an unknown event (22023)', async () => {
      const sql = (eventId: string, segment: string) =>
        `select count(*)::int as n from public.event_update_reach('${eventId}', '${segment}')`;
      expect(await outcomeOf(testDb.db, 'member', sql(ID.published, 'followers'))).toBe('refused');
      expect(await outcomeOf(testDb.db, 'visitor', sql(ID.published, 'followers'))).toBe('denied');
      expect(await outcomeOf(testDb.db, 'admin', sql(ID.published, 'everyone'))).toBe('error 22023');
      expect(
        await outcomeOf(testDb.db, 'admin', sql('f2000000-0000-4000-8000-0000000000ff', 'followers')),
      ).toBe('error 22023');
    });
  });
});
