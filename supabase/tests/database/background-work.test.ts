import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../local/src/db/types.ts';
import { ID, insertFixtures } from './fixtures.ts';
import { classify, runAs } from './run-as.ts';
import {
  createPreparedDatabase,
  DATABASE_KINDS,
  type TestDatabase,
} from '../../local/test/db/test-databases.ts';

// The job bodies of 20261203300001_run_background_work.sql (decision 0083), called with a moved clock as
// the scheduler calls them without one: ended trips completed, rows nobody reads again pruned, images no post
// names listed for removal, Edge Functions called only once Vault names the project, and the admin's view
// of each job's last run. Each case is rolled back.
describe.each(DATABASE_KINDS)('background work on $name', (kind) => {
  let testDb: TestDatabase;

  beforeAll(async () => {
    testDb = await createPreparedDatabase(kind);
    await insertFixtures(testDb.db);
  });
  afterAll(async () => {
    await testDb?.dispose();
  });

  /** Runs fn as the scheduler does (the database's owner) in a transaction that is rolled back. */
  async function rolledBack<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    const rollBack = Symbol('roll back');
    let result: { value: T } | undefined;
    await testDb.db
      .transaction(async (tx) => {
        result = { value: await fn(tx) };
        throw rollBack;
      })
      .catch((error: unknown) => {
        if (error !== rollBack) throw error;
      });
    return result!.value;
  }

  it('marks published trips whose last day has passed completed, and nothing else', async () => {
    const statuses = await rolledBack(async (tx) => {
      // The seed's sample trips have ended by then too.
      const ended = await tx.query<{ n: number }>(
        `select count(*)::int as n from public.events where status = 'published' and end_date < '2027-01-06'`,
      );
      const marked = await tx.query<{ n: number }>(`select private.complete_ended_events('2027-01-06') as n`);
      expect(marked.rows[0]!.n).toBe(ended.rows[0]!.n);
      expect(ended.rows[0]!.n).toBeGreaterThanOrEqual(1);
      const again = await tx.query<{ n: number }>(`select private.complete_ended_events('2027-01-06') as n`);
      expect(again.rows[0]!.n).toBe(0);
      const { rows } = await tx.query<{ id: string; status: string }>(
        `select id, status::text from public.events where id = any($1) order by start_date`,
        [[ID.published, ID.published2, ID.draft]],
      );
      return rows;
    });
    // The first trip ended on 5 January; the second ends on 3 February; a draft never becomes completed.
    expect(statuses).toEqual([
      { id: ID.published, status: 'completed' },
      { id: ID.published2, status: 'published' },
      { id: ID.draft, status: 'draft' },
    ]);
  });

  it('leaves a trip on its last day published, and agrees with private.event_phase', async () => {
    const rows = await rolledBack(async (tx) => {
      await tx.query(`select private.complete_ended_events('2027-01-05')`);
      return (
        await tx.query<{ status: string }>(`select status::text from public.events where id = $1`, [
          ID.published,
        ])
      ).rows;
    });
    expect(rows).toEqual([{ status: 'published' }]);
  });

  it('prunes removal signals a day old, expired confirmations, spent rate-limit rows and old job runs', async () => {
    const result = await rolledBack(async (tx) => {
      await tx.query(
        `update public.comment_removals set removed_at = '2030-01-01T00:00:00Z'
                      where comment_id = $1`,
        [ID.commentOtherDeleted],
      );
      await tx.query(
        `update public.comment_removals set removed_at = '2030-01-01T23:00:00Z'
                      where comment_id = $1`,
        [ID.commentAdminOnDraft],
      );
      await tx.query(
        `update public.reaction_removals
         set removed_at = case when comment_id = $1 then '2030-01-01T00:00:00Z'::timestamptz
                               else '2030-01-01T23:00:00Z' end`,
        [ID.commentOther],
      );
      await tx.exec(`
        insert into private.marketing_confirmations (email, token, requested_at, confirmed_at, confirmed_how) values
          ('old@example.org', repeat('a', 64), '2029-11-01', null, null),
          ('recent@example.org', repeat('b', 64), '2029-12-20', null, null),
          ('kept@example.org', null, '2029-01-01', '2029-01-02', 'link');
        insert into private.unsubscribe_tokens (email, token)
          select 'old@example.org', repeat('c', 64);
        insert into cron.job (jobname, schedule, command) values ('probe', '* * * * *', 'select 1');
        insert into cron.job_run_details (jobid, status, return_message, start_time, end_time)
          select jobid, 'succeeded', '', t, t from cron.job, unnest(array[
            '2029-11-01'::timestamptz, '2029-11-02', '2029-12-30']) t where jobname = 'probe';
        insert into cron.job (jobname, schedule, command) values ('rare', '0 0 1 1 *', 'select 1');
        insert into cron.job_run_details (jobid, status, return_message, start_time, end_time)
          select jobid, 'failed', 'ERROR: x', '2029-01-01', '2029-01-01' from cron.job where jobname = 'rare';
      `);
      const pruned = await tx.query<{ counts: Record<string, number> }>(
        `select private.prune_unread_rows('2030-01-02T12:00:00Z') as counts`,
      );
      const left = await tx.query<{
        removals: string[];
        reactions: string[];
        confirmations: string[];
        tokens: number;
        runs: string[];
      }>(`
        select
          (select array_agg(comment_id::text) from public.comment_removals) as removals,
          (select array_agg(event_id::text) from public.reaction_removals) as reactions,
          (select array_agg(email order by email) from private.marketing_confirmations
            where email like '%@example.org') as confirmations,
          (select count(*)::int from private.unsubscribe_tokens where email = 'old@example.org') as tokens,
          (select array_agg(j.jobname || ' ' || d.start_time::date order by d.runid) from cron.job_run_details d
            join cron.job j using (jobid) where j.jobname in ('probe', 'rare')) as runs`);
      return { counts: pruned.rows[0]!.counts, left: left.rows[0]! };
    });
    expect(result.counts).toMatchObject({
      comment_removals: 1,
      reaction_removals: 1,
      marketing_confirmations: 1,
      job_run_details: 2,
    });
    expect(result.left).toEqual({
      removals: [ID.commentAdminOnDraft],
      reactions: [ID.draft],
      confirmations: ['kept@example.org', 'recent@example.org'],
      tokens: 1,
      runs: ['probe 2029-12-30', 'rare 2029-01-01'],
    });
  });

  it('lists event images a day old that no comment, reply or event names', async () => {
    const names = await rolledBack(async (tx) => {
      await tx.query(`update storage.objects set created_at = '2030-01-01' where bucket_id = 'event-images'`);
      await tx.exec(`
        insert into storage.objects (bucket_id, name, owner_id, created_at) values
          ('event-images', '${ID.member}/1700000000001.png', '${ID.member}', '2030-01-01'),
          ('event-images', '${ID.member}/1700000000002.png', '${ID.member}', '2030-01-01'),
          ('event-images', '${ID.admin}/1700000000003.png', '${ID.admin}', '2030-01-01'),
          ('event-images', '${ID.member}/1700000000004.png', '${ID.member}', '2030-01-02T06:00:00Z'),
          ('update-images', '${ID.admin}/1700000000005.png', '${ID.admin}', '2030-01-01');
        update public.comments set attachment_name = 'Ghost',
          attachment_url = 'http://127.0.0.1:54321/storage/v1/object/public/event-images/${ID.member}/1700000000001.png'
        where id = '${ID.commentMember}';
        update public.events set image_paths = array['${ID.admin}/1700000000003.png'] where id = '${ID.published}';
      `);
      const { rows } = await tx.query<{ name: string }>(
        `select public.orphan_event_images('2030-01-02T12:00:00Z') as name order by 1`,
      );
      return rows.map((row) => row.name);
    });
    // Named: ...001 (a comment), ...003 (an event). Too new: ...004. Another bucket: ...005.
    expect(names).toEqual(
      [`${ID.member}/1700000000002.png`, `${ID.member}/ghost.png`, `${ID.other}/ghost.png`].sort(),
    );
  });

  it('calls an Edge Function only once Vault holds the project URL and key', async () => {
    const calls = await rolledBack(async (tx) => {
      const before = await tx.query<{ id: string | null }>(
        `select private.invoke_edge_function('send-mail') as id`,
      );
      await tx.query(`select vault.create_secret('https://ref.supabase.co/', 'project_url'),
                             vault.create_secret('service-key', 'service_role_key')`);
      await tx.query(`insert into private.outbound_mail (recipient, subject, body)
                      values ('a@example.org', 'One', 'x'), ('b@example.org', 'Two', 'x')`);
      const { rows } = await tx.query<{ url: string; headers: Record<string, string>; timeout: number }>(
        `select url, headers, timeout_milliseconds as timeout from net.http_request_queue order by id`,
      );
      await expect(tx.query(`select private.invoke_edge_function('../auth')`)).rejects.toThrow(
        /invalid Edge Function name/,
      );
      return { before: before.rows[0]!.id, rows };
    });
    expect(calls.before).toBeNull();
    // One call for the statement that queued two messages.
    expect(calls.rows).toEqual([
      {
        url: 'https://ref.supabase.co/functions/v1/send-mail',
        headers: { 'Content-Type': 'application/json', Authorization: 'Bearer service-key' },
        timeout: 60000,
      },
    ]);
  });

  it('queues the mail even when the sender cannot be woken', async () => {
    const queued = await rolledBack(async (tx) => {
      await tx.query(`select vault.create_secret('https://ref.supabase.co', 'project_url'),
                             vault.create_secret('service-key', 'service_role_key')`);
      // pg_net missing, as on a project where the extension could not be created.
      await tx.query(
        `alter function net.http_post(text, jsonb, jsonb, jsonb, integer) rename to http_post_gone`,
      );
      await tx.query(
        `insert into private.outbound_mail (recipient, subject, body) values ('c@example.org', 'Three', 'x')`,
      );
      return (
        await tx.query<{ n: number }>(
          `select count(*)::int as n from private.outbound_mail where recipient = 'c@example.org'`,
        )
      ).rows[0]!.n;
    });
    expect(queued).toBe(1);
  });

  it('shows admins each job’s last run with its error, and refuses everyone else', async () => {
    await testDb.db.exec(`
      insert into cron.job (jobname, schedule, command) values ('zz-probe', '* * * * *', 'select 1');
      insert into cron.job_run_details (jobid, status, return_message, start_time, end_time)
        select jobid, s, m, t, t from cron.job,
          (values ('succeeded', '1 row', '2030-01-01T00:00:00Z'::timestamptz),
                  ('failed', 'ERROR:  boom', '2030-01-01T00:01:00Z')) v(s, m, t)
        where jobname = 'zz-probe';`);
    const seen = await runAs(testDb.db, 'admin', async (tx) => {
      const { rows } = await tx.query<{ job_name: string }>(`select * from public.admin_job_runs()`);
      return rows;
    });
    expect(seen.find((row) => row.job_name === 'zz-probe')).toEqual({
      job_name: 'zz-probe',
      schedule: '* * * * *',
      active: true,
      last_run_at: new Date('2030-01-01T00:01:00Z'),
      last_status: 'failed',
      last_error: 'ERROR:  boom',
    });
    // The migrations' jobs are listed too, before they first run.
    expect(seen.find((row) => row.job_name === 'send-mail-sweep')).toMatchObject({
      last_run_at: null,
      last_status: null,
    });
    for (const actor of ['visitor', 'member'] as const) {
      const outcome = await runAs(testDb.db, actor, async (tx) =>
        tx.query('select * from public.admin_job_runs()').then(
          () => 'allowed' as const,
          (error: unknown) => classify(error),
        ),
      );
      expect(outcome).toMatch(/refused|denied/);
    }
  });

  it('declares every job the scheduler runs', async () => {
    const { rows } = await testDb.db.query<{ jobname: string; schedule: string }>(
      `select jobname, schedule from cron.job where jobname in
         ('send-mail-sweep', 'complete-ended-trips', 'prune-unread-rows', 'prune-images') order by jobname`,
    );
    expect(rows).toEqual([
      { jobname: 'complete-ended-trips', schedule: '5 14 * * *' },
      { jobname: 'prune-images', schedule: '45 16 * * *' },
      { jobname: 'prune-unread-rows', schedule: '30 16 * * *' },
      { jobname: 'send-mail-sweep', schedule: '* * * * *' },
    ]);
  });
});
