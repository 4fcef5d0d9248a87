import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestDatabaseKind, type TestStack } from '../start-test-stack.ts';
import { samples } from './samples.ts';
import { BUCKET, MEMBER, filesOnDisk, imageBlob, memberClient, serviceClient } from './storage-fixture.ts';

/**
 * Hosted Storage's route words (object/move, object/sign, object/upload/sign, bucket/<id>/empty, render/image…)
 * are never read as bucket names: what the local stack implements works, what it does not is refused with an
 * error naming the route, and nothing is stored, even when a bucket named like the route word exists (hosted
 * Storage allows such names).
 */
describe.each<TestDatabaseKind>(['pglite', 'postgres'])(
  'storage routes through supabase-js (%s)',
  (database) => {
    const ROUTE_WORD_BUCKETS = ['move', 'copy', 'sign', 'upload', 'list-v2', 'render'];
    const SOURCE = 'routes/source.png';
    let stack: TestStack;
    let service: SupabaseClient;
    let memberId: string;

    beforeAll(async () => {
      stack = await startTestStack({ database });
      service = serviceClient(stack);
      ({ userId: memberId } = await memberClient(stack, MEMBER));
      for (const bucket of ROUTE_WORD_BUCKETS) {
        await stack.db.query(`insert into storage.buckets (id, name) values ($1, $1)`, [bucket]);
      }
      const { error } = await service.storage.from(BUCKET).upload(SOURCE, imageBlob(samples.png));
      expect(error).toBeNull();
    });
    afterAll(() => stack?.close());

    function notImplemented(route: string) {
      return {
        status: 400,
        statusCode: '501',
        message: `Not implemented by the local stack: ${route}`,
      };
    }

    /** What is really stored: rows (read without RLS) and files, in the test bucket and the route-word ones. */
    async function stored(): Promise<{ rows: string[]; files: string[] }> {
      const { rows } = await stack.db.query<{ path: string }>(
        `select bucket_id || '/' || name as path from storage.objects
        where bucket_id = any($1::text[]) order by 1`,
        [[BUCKET, ...ROUTE_WORD_BUCKETS]],
      );
      const files: string[] = [];
      for (const bucket of [BUCKET, ...ROUTE_WORD_BUCKETS]) {
        files.push(...(await filesOnDisk(stack, '.', bucket)).map((file) => `${bucket}/${file}`));
      }
      return { rows: rows.map((row) => row.path), files: files.sort() };
    }

    async function expectOnlyTheSource(): Promise<void> {
      expect(await stored()).toEqual({ rows: [`${BUCKET}/${SOURCE}`], files: [`${BUCKET}/${SOURCE}`] });
      for (const bucket of ROUTE_WORD_BUCKETS) {
        const listed = await service.storage.from(bucket).list();
        expect([bucket, listed.error, listed.data]).toEqual([bucket, null, []]);
      }
    }

    it('refuses move and copy by name, in buckets called "move" and "copy" too, and stores nothing', async () => {
      for (const bucket of [BUCKET, 'move', 'copy']) {
        const moved = await service.storage.from(bucket).move(SOURCE, 'routes/moved.png');
        expect(moved.data).toBeNull();
        expect(moved.error).toMatchObject(notImplemented('POST /object/move (moving objects)'));
        const copied = await service.storage
          .from(bucket)
          .copy(SOURCE, 'routes/copied.png', { destinationBucket: 'copy' });
        expect(copied.data).toBeNull();
        expect(copied.error).toMatchObject(notImplemented('POST /object/copy (copying objects)'));
      }
      await expectOnlyTheSource();
    });

    it('refuses signed download URLs by name, with a bucket called "sign", and stores nothing', async () => {
      for (const bucket of [BUCKET, 'sign']) {
        const one = await service.storage.from(bucket).createSignedUrl(SOURCE, 60);
        expect(one.data).toBeNull();
        expect(one.error).toMatchObject(notImplemented('POST /object/sign/<bucket>/<path> (signed URLs)'));
        const many = await service.storage.from(bucket).createSignedUrls([SOURCE, 'routes/b.png'], 60);
        expect(many.data).toBeNull();
        expect(many.error).toMatchObject(notImplemented('POST /object/sign/<bucket> (signed URLs)'));
      }
      // A signed URL needs no Authorization header on hosted Storage; it is refused by name all the same.
      const response = await fetch(`${stack.url}/storage/v1/object/sign/${BUCKET}/${SOURCE}?token=abc`);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        statusCode: '501',
        code: 'NotImplemented',
        error: 'Feature not implemented',
        message: 'Not implemented by the local stack: GET /object/sign/<bucket>/<path> (signed URLs)',
      });
      await expectOnlyTheSource();
    });

    it('refuses signed upload URLs by name, with a bucket called "upload", and stores nothing', async () => {
      for (const bucket of [BUCKET, 'upload']) {
        const created = await service.storage.from(bucket).createSignedUploadUrl('routes/signed.png');
        expect(created.data).toBeNull();
        expect(created.error).toMatchObject(
          notImplemented('POST /object/upload/sign/<bucket>/<path> (signed upload URLs)'),
        );
        const uploaded = await service.storage
          .from(bucket)
          .uploadToSignedUrl('routes/signed.png', 'a-token', imageBlob(samples.png));
        expect(uploaded.data).toBeNull();
        expect(uploaded.error).toMatchObject(
          notImplemented('PUT /object/upload/sign/<bucket>/<path> (signed upload URLs)'),
        );
      }
      await expectOnlyTheSource();
    });

    it('routes a bucket named like a route word as hosted Storage does', async () => {
      // POST /object/move/<path> is no move (that is POST /object/move): hosted uploads into the bucket "move".
      const upload = await service.storage.from('move').upload('kept.png', imageBlob(samples.png));
      expect(upload.error).toBeNull();
      expect((await service.storage.from('move').list()).data?.map((entry) => entry.name)).toEqual([
        'kept.png',
      ]);
      const download = await service.storage.from('move').download('kept.png');
      expect(Buffer.from(await download.data!.arrayBuffer())).toEqual(samples.png);
      expect((await service.storage.from('move').remove(['kept.png'])).error).toBeNull();
      // Every POST under /object/sign/ is a signed-URL request on hosted Storage, whatever buckets exist.
      const intoSign = await service.storage.from('sign').upload('a.png', imageBlob(samples.png));
      expect(intoSign.error).toMatchObject(notImplemented('POST /object/sign/<bucket> (signed URLs)'));
      const deeper = await service.storage.from('sign').upload('a/b.png', imageBlob(samples.png));
      expect(deeper.error).toMatchObject(notImplemented('POST /object/sign/<bucket>/<path> (signed URLs)'));
      await expectOnlyTheSource();
    });

    it('refuses the other hosted routes it lacks by name, and changes nothing', async () => {
      const { rows: bucketsBefore } = await stack.db.query(`select id from storage.buckets order by id`);
      const listV2 = await service.storage.from(BUCKET).listV2({ prefix: 'routes/' });
      expect(listV2.error).toMatchObject(
        notImplemented('POST /object/list-v2/<bucket> (listing, version 2)'),
      );
      const transformed = await service.storage
        .from(BUCKET)
        .download(SOURCE, { transform: { width: 10, height: 10 } });
      expect(transformed.error).toMatchObject({
        statusCode: '501',
        message:
          'Not implemented by the local stack: GET /render/image/authenticated/<bucket>/<path> (image transformations)',
      });
      const publicRender = await fetch(
        service.storage.from(BUCKET).getPublicUrl(SOURCE, { transform: { width: 10 } }).data.publicUrl,
      );
      expect(await publicRender.json()).toMatchObject({
        statusCode: '501',
        message:
          'Not implemented by the local stack: GET /render/image/public/<bucket>/<path> (image transformations)',
      });
      expect((await service.storage.createBucket('new-bucket')).error).toMatchObject(
        notImplemented('POST /bucket (creating buckets)'),
      );
      expect((await service.storage.updateBucket(BUCKET, { public: false })).error).toMatchObject(
        notImplemented('PUT /bucket/<id> (updating buckets)'),
      );
      expect((await service.storage.emptyBucket(BUCKET)).error).toMatchObject(
        notImplemented('POST /bucket/<id>/empty (emptying buckets)'),
      );
      expect((await service.storage.deleteBucket('move')).error).toMatchObject(
        notImplemented('DELETE /bucket/<id> (deleting buckets)'),
      );
      expect((await service.storage.from(BUCKET).purgeCache(SOURCE)).error).toMatchObject(
        notImplemented('DELETE /cdn/<bucket>/<path> (purging the CDN cache)'),
      );
      const resumable = await fetch(`${stack.url}/storage/v1/upload/resumable`, {
        method: 'POST',
        headers: { apikey: stack.serviceRoleKey, authorization: `Bearer ${stack.serviceRoleKey}` },
      });
      expect(await resumable.json()).toMatchObject({
        statusCode: '501',
        message: 'Not implemented by the local stack: POST /upload/resumable (resumable uploads)',
      });
      expect((await stack.db.query(`select id from storage.buckets order by id`)).rows).toEqual(
        bucketsBefore,
      );
      await expectOnlyTheSource();
    });

    it("answers a bucket's owner from its owner column, as hosted Storage does", async () => {
      await stack.db.query(
        `insert into storage.buckets (id, name, owner, owner_id) values
         ('owned', 'owned', $1::uuid, $1::text), ('legacy-owner', 'legacy-owner', $1::uuid, null),
         ('service-made', 'service-made', null, 'not-a-uuid')`,
        [memberId],
      );
      const owned = await service.storage.getBucket('legacy-owner');
      expect(owned.error).toBeNull();
      // getBucket answers exactly these columns on hosted Storage (no type; that is listBuckets').
      expect(owned.data).toEqual({
        id: 'legacy-owner',
        name: 'legacy-owner',
        owner: memberId,
        public: false,
        file_size_limit: null,
        allowed_mime_types: null,
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      });
      expect((await service.storage.getBucket('owned')).data?.owner).toBe(memberId);
      // A null owner column is "" on hosted Storage: its response schema says string, and null serialises so.
      expect((await service.storage.getBucket('service-made')).data?.owner).toBe('');
      expect((await service.storage.getBucket(BUCKET)).data?.owner).toBe('');
      const listed = await service.storage.listBuckets();
      expect(listed.error).toBeNull();
      const byId = new Map(listed.data?.map((bucket) => [bucket.id, bucket]));
      expect(byId.get('legacy-owner')).toMatchObject({ owner: memberId, type: 'STANDARD' });
      expect(byId.get('owned')).toMatchObject({ owner: memberId });
      expect(byId.get('service-made')).toMatchObject({ owner: '' });
    });
  },
);
