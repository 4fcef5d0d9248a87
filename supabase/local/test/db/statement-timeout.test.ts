import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../../src/db/migrate.ts';
import { DATABASE_KINDS, type TestDatabase } from './test-databases.ts';

/** Runs for minutes unless something stops it. */
const ENDLESS = 'select count(*) from generate_series(1, 2000000000)';

describe.each(DATABASE_KINDS)('statement_timeout on $name', (kind) => {
  let testDb: TestDatabase;

  beforeAll(async () => {
    testDb = await kind.create();
    await prepareDatabase(testDb.db, { migrationsDir: '/nonexistent', seedFile: '/nonexistent.sql' });
    await testDb.db.exec('create table kept (id int primary key); insert into kept values (1);');
  });
  afterAll(async () => {
    await testDb?.dispose();
  });

  const slowTransaction = () =>
    testDb.db.transaction(async (tx) => {
      await tx.query('insert into kept values (2)');
      await tx.query("set local statement_timeout = '300ms'");
      await tx.query(ENDLESS);
    });

  it('cancels a statement past its statement_timeout with 57014 and undoes its transaction', async () => {
    await expect(slowTransaction()).rejects.toMatchObject({
      code: '57014',
      message: 'canceling statement due to statement timeout',
    });
    expect((await testDb.db.query('select id from kept order by id')).rows).toEqual([{ id: 1 }]);
  });

  it('runs the work that waited meanwhile, keeps listening, and limits only statements after the setting', async () => {
    const notified: string[] = [];
    const stop = await testDb.db.listen?.('bounded', () => notified.push('bounded'));
    const slow = slowTransaction();
    const waiting = [
      testDb.db.query<{ n: number }>('select 41 + 1 as n'),
      testDb.db.transaction((tx) => tx.query('insert into kept values (3)')),
    ];
    await expect(slow).rejects.toMatchObject({ code: '57014' });
    const [sum] = await Promise.all(waiting);
    expect(sum?.rows).toEqual([{ n: 42 }]);
    notified.length = 0; // a restarted PGlite wakes its listeners once; the notification below must arrive itself
    await testDb.db.query("select pg_notify('bounded', 'after')");
    await expect.poll(() => notified.includes('bounded')).toBe(true);
    await stop?.();
    // A local setting ends with its transaction: the next statement has no limit again.
    const after = await testDb.db.transaction(async (tx) => {
      await tx.query("set local statement_timeout = '5s'");
      return tx.query<{ slept: string }>(
        "select pg_sleep(0.4)::text as slept, current_setting('statement_timeout') as t",
      );
    });
    expect(after.rows).toEqual([{ slept: '', t: '5s' }]);
    expect((await testDb.db.query("select current_setting('statement_timeout') as t")).rows).toEqual([
      { t: '0' },
    ]);
    expect((await testDb.db.query('select id from kept order by id')).rows).toEqual([{ id: 1 }, { id: 3 }]);
  });
});
