import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMMENT_MAX,
  COMMENTS_PER_MINUTE,
  COMMENT_RATE_SQLSTATE,
  commentTextOk,
} from '../../../src/features/comments/comment-rules.ts';
import type { Queryable } from '../../local/src/db/types.ts';
import { ID, insertFixtures } from './fixtures.ts';
import { classify, runAs } from './run-as.ts';
import {
  createPreparedDatabase,
  DATABASE_KINDS,
  type TestDatabase,
} from '../../local/test/db/test-databases.ts';

// The per-minute limit on comments and replies (20261125200001_limit_comment_rate.sql), its setting at
// its default (COMMENTS_PER_MINUTE) unless a test changes it.
describe.each(DATABASE_KINDS)('comment rate limit on $name', (kind) => {
  let testDb: TestDatabase;
  const db = () => testDb.db;

  beforeAll(async () => {
    testDb = await createPreparedDatabase(kind);
    await insertFixtures(testDb.db);
    // The fixtures' own comments are an hour old, so only what each test posts counts.
    await testDb.db.query(`update public.comments set created_at = now() - interval '1 hour'`);
    await testDb.db.query(`update public.comment_replies set created_at = now() - interval '1 hour'`);
  });
  afterAll(async () => {
    await testDb?.dispose();
  });

  const comment = (tx: Queryable, userId: string, text = 'Hello') =>
    tx.query(`insert into public.comments (event_id, user_id, content) values ($1, $2, $3)`, [
      ID.published,
      userId,
      text,
    ]);
  const reply = (tx: Queryable, userId: string) =>
    tx.query(
      `insert into public.comment_replies (event_id, parent_comment_id, user_id, content) values ($1, $2, $3, 'Re')`,
      [ID.published, ID.commentOther, userId],
    );
  const outcome = async (post: Promise<unknown>) => {
    try {
      await post;
      return 'posted';
    } catch (error) {
      return classify(error);
    }
  };

  it(`lets a member post ${COMMENTS_PER_MINUTE} in a minute and refuses the next with ${COMMENT_RATE_SQLSTATE}`, async () => {
    const outcomes = await runAs(db(), 'member', async (tx) => {
      const seen: unknown[] = [];
      for (let i = 0; i < COMMENTS_PER_MINUTE; i += 1) seen.push(await outcome(comment(tx, ID.member)));
      await tx.query('savepoint next');
      seen.push(await outcome(comment(tx, ID.member)));
      await tx.query('rollback to savepoint next');
      seen.push(await outcome(reply(tx, ID.member)));
      return seen;
    });
    expect(outcomes).toEqual([
      ...Array<string>(COMMENTS_PER_MINUTE).fill('posted'),
      `error ${COMMENT_RATE_SQLSTATE}`,
      `error ${COMMENT_RATE_SQLSTATE}`,
    ]);
  });

  it('counts replies and comments together', async () => {
    const outcomes = await runAs(db(), 'member', async (tx) => {
      const seen: unknown[] = [];
      for (let i = 0; i < COMMENTS_PER_MINUTE; i += 1) seen.push(await outcome(reply(tx, ID.member)));
      seen.push(await outcome(comment(tx, ID.member)));
      return seen;
    });
    expect(outcomes.at(-2)).toBe('posted');
    expect(outcomes.at(-1)).toBe(`error ${COMMENT_RATE_SQLSTATE}`);
  });

  it("counts only the last minute's posts, and each member's own", async () => {
    const insertAsOperator = (age: string, n: number) =>
      db().query(
        `insert into public.comments (event_id, user_id, content, created_at)
         select $1, $2, 'Earlier', now() - $3::interval from generate_series(1, $4)`,
        [ID.published, ID.member, age, n],
      );
    await insertAsOperator('61 seconds', 10);
    expect(await runAs(db(), 'member', (tx) => outcome(comment(tx, ID.member)))).toBe('posted');
    await insertAsOperator('10 seconds', COMMENTS_PER_MINUTE);
    expect(await runAs(db(), 'member', (tx) => outcome(comment(tx, ID.member)))).toBe(
      `error ${COMMENT_RATE_SQLSTATE}`,
    );
    expect(await runAs(db(), 'other', (tx) => outcome(comment(tx, ID.other)))).toBe('posted');
  });

  it('agrees with the form on the longest comment (characters, not UTF-16 units) and blank text', async () => {
    for (const text of ['👻'.repeat(COMMENT_MAX), 'x'.repeat(COMMENT_MAX + 1), ' \n\t ']) {
      const saved = await runAs(db(), 'admin', (tx) => outcome(comment(tx, ID.admin, text)));
      expect(saved === 'posted', `${text.length} units`).toBe(commentTextOk(text));
    }
  });

  it('follows the setting in private.posting_limits, which only operators change', async () => {
    const setLimit = (n: number) =>
      db().query('update private.posting_limits set posts_per_minute = $1', [n]);
    const burst = (n: number) =>
      runAs(db(), 'other', async (tx) => {
        const seen: unknown[] = [];
        for (let i = 0; i < n; i += 1) seen.push(await outcome(comment(tx, ID.other)));
        return seen;
      });
    try {
      await setLimit(COMMENTS_PER_MINUTE + 3);
      expect(await burst(COMMENTS_PER_MINUTE + 4)).toEqual([
        ...Array<string>(COMMENTS_PER_MINUTE + 3).fill('posted'),
        `error ${COMMENT_RATE_SQLSTATE}`,
      ]);
      await setLimit(1);
      expect(await burst(2)).toEqual(['posted', `error ${COMMENT_RATE_SQLSTATE}`]);
    } finally {
      await setLimit(COMMENTS_PER_MINUTE);
    }
    for (const actor of ['member', 'admin'] as const) {
      const changed = await runAs(db(), actor, (tx) =>
        outcome(tx.query('update private.posting_limits set posts_per_minute = 1000')),
      );
      expect(changed).toBe('denied');
    }
  });

  it('does not limit operators (the seed, the Studio)', async () => {
    for (let i = 0; i <= COMMENTS_PER_MINUTE; i += 1) await comment(db(), ID.admin, 'Operator note');
    const { rows } = await db().query<{ n: number }>(
      `select count(*)::int as n from public.comments where content = 'Operator note'`,
    );
    expect(rows[0]?.n).toBe(COMMENTS_PER_MINUTE + 1);
  });
});
