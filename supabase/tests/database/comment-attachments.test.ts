import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ID, insertFixtures, type Actor } from './fixtures.ts';
import { outcomeOf } from './run-as.ts';
import {
  createPreparedDatabase,
  DATABASE_KINDS,
  type TestDatabase,
} from '../../local/test/db/test-databases.ts';

// A comment's or reply's image is its author's own upload in the event-images bucket
// (20261125300002_reply_attachment_in_own_folder.sql), whoever sends the insert.
const CHECK = 'error 23514';
const HOST = 'http://127.0.0.1:54321';
const inFolder = (userId: string, file = '1764000000000.png') =>
  `${HOST}/storage/v1/object/public/event-images/${userId}/${file}`;

const POSTS = [
  {
    table: 'comments',
    insert: `insert into public.comments (event_id, user_id, content, attachment_url, attachment_name)
       values ('${ID.published}', $1, 'Look at this', $2, $3)`,
  },
  {
    table: 'comment_replies',
    insert: `insert into public.comment_replies (event_id, parent_comment_id, user_id, content, attachment_url, attachment_name)
       values ('${ID.published}', '${ID.commentOther}', $1, 'Look at this', $2, $3)`,
  },
];

describe.each(DATABASE_KINDS.flatMap((kind) => POSTS.map((post) => ({ ...kind, ...post }))))(
  '$table attachments on $name',
  ({ insert, ...kind }) => {
    let testDb: TestDatabase;
    beforeAll(async () => {
      testDb = await createPreparedDatabase(kind);
      await insertFixtures(testDb.db);
    });
    afterAll(async () => {
      await testDb?.dispose();
    });

    const attach = (actor: Actor, userId: string, url: string | null, name: string | null) =>
      outcomeOf(testDb.db, actor, insert, [userId, url, name]);

    it('takes an image from the author’s own folder, of each type, on any host, with its name', async () => {
      for (const file of ['1.png', '1764000000000.jpg', '2.gif', '3.webp'])
        expect(await attach('member', ID.member, inFolder(ID.member, file), 'ghost.png'), file).toBe(1);
      const hosted = `https://abcdefghijklmnop.supabase.co/storage/v1/object/public/event-images/${ID.member}/7.png`;
      expect(await attach('member', ID.member, hosted, 'ghost.png')).toBe(1);
      expect(await attach('member', ID.member, null, null)).toBe(1);
    });

    it('refuses another member’s folder, another bucket, any other URL or file name', async () => {
      for (const url of [
        inFolder(ID.other),
        inFolder(ID.member).replace('event-images', 'avatars'),
        inFolder(ID.member).replace('/public/', '/authenticated/'),
        inFolder(ID.member, 'photo.png'),
        inFolder(ID.member, '1.svg'),
        inFolder(ID.member, `other/1.png`),
        `${inFolder(ID.member)}?download=1`,
        `https://tracker.example/pixel.png#${inFolder(ID.member)}`,
        `https://user@evil.example/storage/v1/object/public/event-images/${ID.member}/1.png`,
        `javascript:alert(1)//storage/v1/object/public/event-images/${ID.member}/1.png`,
      ])
        expect(await attach('member', ID.member, url, 'x.png'), url).toBe(CHECK);
    });

    it('wants a non-blank name with an image, and no name without one', async () => {
      expect(await attach('member', ID.member, inFolder(ID.member), null)).toBe(CHECK);
      expect(await attach('member', ID.member, inFolder(ID.member), '  ')).toBe(CHECK);
      expect(await attach('member', ID.member, null, 'x.png')).toBe(CHECK);
    });

    it('holds for an admin too: the URL follows the comment’s author', async () => {
      expect(await attach('admin', ID.admin, inFolder(ID.member), 'x.png')).toBe(CHECK);
      expect(await attach('admin', ID.admin, inFolder(ID.admin), 'x.png')).toBe(1);
    });
  },
);
