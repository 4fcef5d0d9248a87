import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueJobs } from '../../src/jobs/scheduler.ts';
import { startTestStack, type TestStack } from '../start-test-stack.ts';

// Jobs declared as migrations declare them on hosted Supabase (pg_cron's cron.schedule), run by the stack
// with a moved clock on both engines: once per due time, failures kept with their error and tried again at
// the next due time, never twice for one time however many schedulers look, and the stack's own endpoint
// that `npm run jobs -- --now` calls. Decision 0079.

describe.each(['pglite', 'postgres'] as const)('scheduled jobs on %s', (database) => {
  let stack: TestStack;
  const ticks = async () =>
    (await stack.db.query<{ n: number }>('select count(*)::int as n from public.job_probe')).rows[0]!.n;

  beforeAll(async () => {
    stack = await startTestStack({ database });
    // The scheduler on its own: the migrations' jobs (their own tests run them) are paused here.
    await stack.db.exec(`
      update cron.job set active = false;
      create table public.job_probe (at timestamptz not null default now());
      select cron.schedule('probe-hourly', '0 * * * *', 'insert into public.job_probe default values');
    `);
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('keeps pg_cron’s interface: upsert by name, checked schedules, unschedule', async () => {
    const first = await stack.db.query<{ id: string }>(
      `select cron.schedule('x', '*/5 * * * *', 'select 1') as id`,
    );
    const again = await stack.db.query<{ id: string }>(
      `select cron.schedule('x', '*/10 * * * *', 'select 2') as id`,
    );
    expect(again.rows[0]!.id).toBe(first.rows[0]!.id);
    expect((await stack.db.query(`select schedule, command from cron.job where jobname = 'x'`)).rows).toEqual(
      [{ schedule: '*/10 * * * *', command: 'select 2' }],
    );
    await expect(stack.db.query(`select cron.schedule('y', 'every day', 'select 1')`)).rejects.toThrow(
      /invalid schedule: every day/,
    );
    await stack.db.query(`select cron.unschedule('x')`);
    await expect(stack.db.query(`select cron.unschedule('x')`)).rejects.toThrow(/could not find valid entry/);
  });

  it('runs a job once when its time comes, and once for a clock moved a day on', async () => {
    const before = await ticks();
    expect(await stack.runJobs(new Date('2031-03-01T09:59:30Z'))).toEqual([]);
    const runs = await stack.runJobs(new Date('2031-03-01T10:00:10Z'));
    expect(runs).toEqual([expect.objectContaining({ jobname: 'probe-hourly', status: 'succeeded' })]);
    expect(await stack.runJobs(new Date('2031-03-01T10:00:50Z'))).toEqual([]);
    expect(await ticks()).toBe(before + 1);
    await stack.runJobs(new Date('2031-03-02T10:30:00Z'));
    expect(await ticks()).toBe(before + 2);
  });

  it('keeps a failing job’s error and tries it again at its next due time', async () => {
    await stack.db.query(
      `select cron.schedule('fails-first', '*/30 * * * *', 'insert into public.job_probe_missing default values')`,
    );
    const failed = await stack.runJobs(new Date('2031-03-02T11:00:05Z'));
    expect(failed).toContainEqual(
      expect.objectContaining({
        jobname: 'fails-first',
        status: 'failed',
        message: expect.stringMatching(/job_probe_missing/),
      }),
    );
    const { rows } = await stack.db.query<{ status: string; return_message: string }>(
      `select status, return_message from cron.job_run_details d join cron.job j using (jobid)
       where j.jobname = 'fails-first'`,
    );
    expect(rows).toEqual([
      { status: 'failed', return_message: expect.stringMatching(/^ERROR: .*job_probe_missing/) },
    ]);
    await stack.db.exec('create table public.job_probe_missing (at timestamptz default now())');
    const retried = await stack.runJobs(new Date('2031-03-02T11:30:05Z'));
    expect(retried).toContainEqual(expect.objectContaining({ jobname: 'fails-first', status: 'succeeded' }));
    await stack.db.query(`select cron.unschedule('fails-first')`);
  });

  it('runs a job once for one due time when two schedulers look at the same moment', async () => {
    const before = await ticks();
    const moment = new Date('2031-03-03T08:00:01Z');
    const [one, two] = await Promise.all([runDueJobs(stack.db, moment), runDueJobs(stack.db, moment)]);
    expect([...one, ...two].filter((run) => run.jobname === 'probe-hourly')).toHaveLength(1);
    expect(await ticks()).toBe(before + 1);
  });

  it('runs due jobs when the service role asks through /local/v1/jobs/run, and only then', async () => {
    const ask = (key: string, body: object) =>
      fetch(`${stack.url}/local/v1/jobs/run`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await ask(stack.anonKey, { at: '2031-03-04T08:00:01Z' })).status).toBe(403);
    expect((await ask(stack.serviceRoleKey, { at: 'soon' })).status).toBe(400);
    const answer = await ask(stack.serviceRoleKey, { at: '2031-03-04T08:00:01Z' });
    expect(answer.status).toBe(200);
    // The migrations' own daily jobs (payment reminders) fell due since the last look too: they run as well.
    expect(await answer.json()).toEqual({
      at: '2031-03-04T08:00:01.000Z',
      runs: expect.arrayContaining([
        expect.objectContaining({ jobname: 'probe-hourly', status: 'succeeded' }),
      ]),
    });
  });

  it('runs only the job named in `job`, leaving the others due for later', async () => {
    await stack.db.query(
      `select cron.schedule('probe-other', '0 * * * *', 'insert into public.job_probe default values')`,
    );
    const before = await ticks();
    const moment = new Date('2031-03-05T10:00:01Z');
    expect(await runDueJobs(stack.db, moment, 'probe-other')).toEqual([
      expect.objectContaining({ jobname: 'probe-other', status: 'succeeded' }),
    ]);
    expect(await ticks()).toBe(before + 1);
    // probe-hourly's clock did not move: it is still due at that moment.
    expect(await runDueJobs(stack.db, moment)).toContainEqual(
      expect.objectContaining({ jobname: 'probe-hourly', status: 'succeeded' }),
    );
    await stack.db.query(`select cron.unschedule('probe-other')`);
  });
});
