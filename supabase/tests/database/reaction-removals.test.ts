import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ID, insertFixtures } from './fixtures.ts';
import { runAs } from './run-as.ts';
import {
  createPreparedDatabase,
  DATABASE_KINDS,
  type TestDatabase,
} from '../../local/test/db/test-databases.ts';

// The removal signals of 20261205004002_reaction_removals.sql: a heart or event reaction taken back writes
// its event and post (the member needs no right to the table); a removal cascading from its post's or
// event's deletion writes nothing. Each case runs as the actor and is rolled back.
describe.each(DATABASE_KINDS)('reaction removals on $name', (kind) => {
  let testDb: TestDatabase;

  beforeAll(async () => {
    testDb = await createPreparedDatabase(kind);
    await insertFixtures(testDb.db);
  });
  afterAll(async () => {
    await testDb?.dispose();
  });

  /** The removal signals `actor` running `sql` wrote (the fixtures' own two left out). */
  async function signalsAfter(actor: 'member' | 'other' | 'admin', sql: string) {
    return runAs(testDb.db, actor, async (tx) => {
      const { rows: before } = await tx.query<{ id: string }>(
        `select max(id)::text as id from public.reaction_removals`,
      );
      await tx.query(sql);
      const { rows } = await tx.query<{
        event_id: string;
        comment_id: string | null;
        reply_id: string | null;
      }>(
        `select event_id, comment_id, reply_id from public.reaction_removals where id > $1::bigint order by id`,
        [before[0]?.id ?? '0'],
      );
      return rows;
    });
  }

  it('records a member taking back a heart on a comment, and another on a reply, with ids only', async () => {
    expect(
      await signalsAfter(
        'member',
        `delete from public.comment_reactions where comment_id = '${ID.commentOther}'`,
      ),
    ).toEqual([{ event_id: ID.published, comment_id: ID.commentOther, reply_id: null }]);
    expect(
      await signalsAfter(
        'other',
        `delete from public.comment_reactions where reply_id = '${ID.replyMember}'`,
      ),
    ).toEqual([{ event_id: ID.published, comment_id: null, reply_id: ID.replyMember }]);
  });

  it('records an event reaction taken back with its event alone', async () => {
    expect(
      await signalsAfter('member', `delete from public.reactions where id = '${ID.reactionMember}'`),
    ).toEqual([{ event_id: ID.published, comment_id: null, reply_id: null }]);
  });

  it('records nothing for a heart that goes with its post, or a delete that matched nothing', async () => {
    expect(
      await signalsAfter('admin', `delete from public.comments where id = '${ID.commentOther}'`),
    ).toEqual([]);
    expect(
      await signalsAfter(
        'other',
        `delete from public.comment_reactions where comment_id = '${ID.commentOther}'`,
      ),
    ).toEqual([]);
  });
});
