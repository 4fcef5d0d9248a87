import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ID, insertFixtures } from './fixtures.ts';
import { runAs } from './run-as.ts';
import {
  createPreparedDatabase,
  DATABASE_KINDS,
  type TestDatabase,
} from '../../local/test/db/test-databases.ts';

// The removal signals of 20261125400001_create_comment_removals.sql: a soft delete of a comment or reply
// writes its ids (the member deleting needs no right to the table), other members read them; edits,
// restores and deletes of deleted rows write nothing. Each case runs as the actor and is rolled back.
describe.each(DATABASE_KINDS)('comment removals on $name', (kind) => {
  let testDb: TestDatabase;

  beforeAll(async () => {
    testDb = await createPreparedDatabase(kind);
    await insertFixtures(testDb.db);
  });
  afterAll(async () => {
    await testDb?.dispose();
  });

  /** What the other member reads about `target` after the member (or admin) ran `sql`. */
  async function removalsAfter(actor: 'member' | 'admin', sql: string, target: string) {
    return runAs(testDb.db, actor, async (tx) => {
      await tx.query(sql);
      const { rows } = await tx.query<{
        event_id: string;
        comment_id: string | null;
        reply_id: string | null;
      }>(
        `select event_id, comment_id, reply_id from public.comment_removals where $1 in (comment_id, reply_id)`,
        [target],
      );
      return rows;
    });
  }

  it('records a member soft-deleting their own comment, with ids only', async () => {
    const rows = await removalsAfter(
      'member',
      `update public.comments set is_deleted = true where id = '${ID.commentMember}'`,
      ID.commentMember,
    );
    expect(rows).toEqual([{ event_id: ID.published, comment_id: ID.commentMember, reply_id: null }]);
  });

  it('records a soft-deleted reply', async () => {
    const rows = await removalsAfter(
      'member',
      `update public.comment_replies set is_deleted = true where id = '${ID.replyMember}'`,
      ID.replyMember,
    );
    expect(rows).toEqual([{ event_id: ID.published, comment_id: null, reply_id: ID.replyMember }]);
  });

  it('records an admin removing a member’s comment', async () => {
    const rows = await removalsAfter(
      'admin',
      `update public.comments set is_deleted = true where id = '${ID.commentOther}'`,
      ID.commentOther,
    );
    expect(rows).toHaveLength(1);
  });

  it('records nothing for an edit, or for an admin restoring a deleted comment', async () => {
    expect(
      await removalsAfter(
        'member',
        `update public.comments set content = 'Edited' where id = '${ID.commentMember}'`,
        ID.commentMember,
      ),
    ).toEqual([]);
    // The fixtures' own signal for this comment is the only one after a restore.
    expect(
      await removalsAfter(
        'admin',
        `update public.comments set is_deleted = false where id = '${ID.commentOtherDeleted}'`,
        ID.commentOtherDeleted,
      ),
    ).toHaveLength(1);
  });

  it('is read by the other member for public events, never written by them', async () => {
    const seen = await runAs(testDb.db, 'other', async (tx) => {
      await tx.query(`update public.comments set is_deleted = true where id = '${ID.commentOther}'`);
      const { rows } = await tx.query<{ n: number }>(
        `select count(*)::int as n from public.comment_removals where comment_id = '${ID.commentOther}'`,
      );
      return rows[0]?.n;
    });
    expect(seen).toBe(1);
  });
});
