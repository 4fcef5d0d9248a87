import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../start-test-stack.ts';
import { samples } from '../storage/samples.ts';
import {
  BUCKET,
  filesOnDisk,
  imageBlob,
  MEMBER,
  memberClient,
  storedNames,
} from '../storage/storage-fixture.ts';

// Housekeeping's image half (decision 0083): the scheduler's daily job calls prune-images through pg_net;
// the function, under Deno, asks the database which event images no post names a day after upload and
// removes them through the Storage API, file and row. An image a comment names, and one uploaded today, stay.

describe('the prune-images job', () => {
  let stack: TestStack;
  let folder: string;

  beforeAll(async () => {
    stack = await startTestStack();
    await stack.db.query(
      `select vault.create_secret($1, 'project_url'), vault.create_secret($2, 'service_role_key')`,
      [stack.url, stack.serviceRoleKey],
    );
    const { client, userId } = await memberClient(stack, MEMBER);
    folder = userId;
    for (const name of ['1800000000001.png', '1800000000002.png', '1800000000003.png']) {
      const { error } = await client.storage.from(BUCKET).upload(`${folder}/${name}`, imageBlob(samples.png));
      if (error) throw error;
    }
    // Two uploaded two days ago; one of them is attached to a comment. The third is today's.
    await stack.db.query(
      `update storage.objects set created_at = now() - interval '2 days'
       where bucket_id = $1 and name = any($2)`,
      [BUCKET, [`${folder}/1800000000001.png`, `${folder}/1800000000002.png`]],
    );
    const { data: events } = await client.from('events').select('id').eq('status', 'published').limit(1);
    const { error } = await client.from('comments').insert({
      event_id: events![0]!.id,
      content: 'Look at this orb',
      attachment_name: 'Orb',
      attachment_url: `${stack.url}/storage/v1/object/public/${BUCKET}/${folder}/1800000000001.png`,
    });
    if (error) throw error;
  }, 120_000);
  afterAll(async () => {
    await stack?.close();
  });

  it('removes the image no post names, file and row, and keeps the others', async () => {
    const runs = await stack.runJobs(new Date('2031-09-01T16:45:10Z'));
    expect(runs).toContainEqual(expect.objectContaining({ jobname: 'prune-images', status: 'succeeded' }));
    // The every-minute mail sweep was due too; this job's request is the one to prune-images.
    const queued = await stack.db.query<{ id: string }>(
      `select id::text from net.http_request_queue where url = $1`,
      [`${stack.url}/functions/v1/prune-images`],
    );
    expect(queued.rows).toHaveLength(1);
    await stack.sendHttpRequests();
    const { rows } = await stack.db.query<{ status_code: number; content: string }>(
      `select status_code, content from net._http_response where id = $1`,
      [queued.rows[0]!.id],
    );
    expect(rows).toEqual([{ status_code: 200, content: JSON.stringify({ removed: 1 }) }]);
    const kept = [`${folder}/1800000000001.png`, `${folder}/1800000000003.png`];
    expect(await storedNames(stack, `${folder}/18`)).toEqual(kept);
    expect((await filesOnDisk(stack, folder)).filter((file) => file.includes('/18'))).toEqual(kept);
  }, 120_000);
});
