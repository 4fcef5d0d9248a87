import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLAG_REASON_MAX, flagReason, flagReasonOk } from '../../../src/features/comments/flag-rules.ts';
import type { Queryable } from '../../local/src/db/types.ts';
import { ID, insertFixtures, type Actor } from './fixtures.ts';
import { classify, runAs } from './run-as.ts';
import {
  createPreparedDatabase,
  DATABASE_KINDS,
  type TestDatabase,
} from '../../local/test/db/test-databases.ts';

// Members report comments and replies (20261125200002_create_comment_flags.sql). Who may flag what and who
// reads flags is in the authorization matrix; these are the rules a policy alone does not show.
describe.each(DATABASE_KINDS)('comment flags on $name', (kind) => {
  let testDb: TestDatabase;
  const db = () => testDb.db;

  beforeAll(async () => {
    testDb = await createPreparedDatabase(kind);
    await insertFixtures(testDb.db);
  });
  afterAll(async () => {
    await testDb?.dispose();
  });

  const flag = (tx: Queryable, target: { comment?: string; reply?: string }, reason: string | null = null) =>
    tx.query(`insert into public.comment_flags (comment_id, reply_id, reason) values ($1, $2, $3)`, [
      target.comment ?? null,
      target.reply ?? null,
      reason,
    ]);
  const outcome = (actor: Actor, fn: (tx: Queryable) => Promise<unknown>) =>
    runAs(db(), actor, async (tx) => {
      try {
        await fn(tx);
        return 'flagged';
      } catch (error) {
        return classify(error);
      }
    });

  it("records the flag as the caller's own, with or without a reason", async () => {
    const rows = await runAs(db(), 'other', async (tx) => {
      await flag(tx, { comment: ID.commentMember }, 'Off topic');
      return (await tx.query(`select user_id, comment_id, reply_id, reason from public.comment_flags`)).rows;
    });
    expect(rows).toContainEqual({
      user_id: ID.other,
      comment_id: ID.commentMember,
      reply_id: null,
      reason: 'Off topic',
    });
    expect(await outcome('member', (tx) => flag(tx, { reply: ID.replyOtherDeleted }))).toBe('rls');
    expect(await outcome('other', (tx) => flag(tx, { reply: ID.replyMember }, null))).toBe('error 23505');
    expect(await outcome('admin', (tx) => flag(tx, { reply: ID.replyMember }, null))).toBe('flagged');
  });

  it('takes one flag per member and target: a second one is a unique violation', async () => {
    // The fixtures hold the member's flag of the other's comment.
    expect(await outcome('member', (tx) => flag(tx, { comment: ID.commentOther }, 'Again'))).toBe(
      'error 23505',
    );
  });

  it("refuses the caller's own words, deleted posts and posts the caller cannot see", async () => {
    expect(await outcome('member', (tx) => flag(tx, { comment: ID.commentMember }))).toBe('rls');
    expect(await outcome('member', (tx) => flag(tx, { reply: ID.replyMember }))).toBe('rls');
    expect(await outcome('member', (tx) => flag(tx, { comment: ID.commentOtherDeleted }))).toBe('rls');
    expect(await outcome('member', (tx) => flag(tx, { comment: ID.commentAdminOnDraft }))).toBe('rls');
  });

  it('needs exactly one target', async () => {
    // No target: no policy lets it in; two targets: the CHECK refuses it.
    expect(await outcome('member', (tx) => flag(tx, {}))).toBe('rls');
    expect(
      await outcome('admin', (tx) => flag(tx, { comment: ID.commentOther, reply: ID.replyMember })),
    ).toBe('error 23514');
  });

  it('agrees with the form on the reason: blank is no reason, at most FLAG_REASON_MAX characters', async () => {
    for (const typed of ['👻'.repeat(FLAG_REASON_MAX), 'x'.repeat(FLAG_REASON_MAX + 1), '  Spam  ', '']) {
      const saved = await outcome('admin', (tx) =>
        flag(tx, { comment: ID.commentMember }, flagReason(typed)),
      );
      expect(saved === 'flagged', `${typed.length} units`).toBe(flagReasonOk(typed));
    }
    // A direct API call sending only whitespace is refused rather than stored.
    expect(await outcome('admin', (tx) => flag(tx, { comment: ID.commentMember }, ' \n '))).toBe(
      'error 23514',
    );
  });

  it("leaves the comment's is_flagged and updated_at alone (the admin's verdict; no '(edited)')", async () => {
    const before = await db().query(`select is_flagged, updated_at from public.comments where id = $1`, [
      ID.commentMember,
    ]);
    await runAs(db(), 'other', async (tx) => {
      await flag(tx, { comment: ID.commentMember });
      const after = await tx.query(`select is_flagged, updated_at from public.comments where id = $1`, [
        ID.commentMember,
      ]);
      expect(after.rows).toEqual(before.rows);
    });
    expect(before.rows).toEqual([expect.objectContaining({ is_flagged: false })]);
  });
});
