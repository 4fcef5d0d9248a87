import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../../src/db/migrate.ts';
import { withClaims } from '../../src/db/with-claims.ts';
import { DATABASE_KINDS, type TestDatabase } from './test-databases.ts';

describe.each(DATABASE_KINDS)('transactions on $name', (kind) => {
  let testDb: TestDatabase;

  beforeAll(async () => {
    testDb = await kind.create();
    // Only the bootstrap (roles, auth helpers): no migrations directory, no seed.
    await prepareDatabase(testDb.db, { migrationsDir: '/nonexistent', seedFile: '/nonexistent.sql' });
    await testDb.db.exec(
      `create table counter (id int primary key, n int not null); insert into counter values (1, 0);`,
    );
  });
  afterAll(async () => {
    await testDb?.dispose();
  });

  it('serialises concurrent read-modify-write transactions without losing one', async () => {
    const increments = Array.from({ length: 40 }, () =>
      testDb.db.transaction(async (tx) => {
        const { rows } = await tx.query<{ n: number }>('select n from counter where id = 1 for update');
        await tx.query('update counter set n = $1 where id = 1', [(rows[0]?.n ?? 0) + 1]);
      }),
    );
    await Promise.all(increments);
    expect((await testDb.db.query('select n from counter')).rows).toEqual([{ n: 40 }]);
  });

  it('rolls back everything when the function throws, and stays usable', async () => {
    const failing = testDb.db.transaction(async (tx) => {
      await tx.query('update counter set n = -1 where id = 1');
      throw new Error('changed my mind');
    });
    await expect(failing).rejects.toThrow('changed my mind');
    expect((await testDb.db.query('select n from counter')).rows).toEqual([{ n: 40 }]);
  });

  it('keeps each concurrent caller’s role and claims to its own transaction', async () => {
    const callers = Array.from(
      { length: 20 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    const seen = await Promise.all(
      callers.map((sub, i) =>
        withClaims(testDb.db, i % 2 ? { role: 'authenticated', sub } : null, async (tx) => {
          const { rows } = await tx.query<{ who: string | null; role: string }>(
            `select current_setting('request.jwt.claim.sub', true) as who, current_user::text as role`,
          );
          return rows[0];
        }),
      ),
    );
    expect(seen).toEqual(
      callers.map((sub, i) => (i % 2 ? { who: sub, role: 'authenticated' } : { who: '', role: 'anon' })),
    );
  });
});
