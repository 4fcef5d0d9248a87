import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestDatabaseKind, type TestStack } from '../start-test-stack.ts';
import { samples } from './samples.ts';
import {
  BUCKET,
  MEMBER,
  OTHER_MEMBER,
  anonClient,
  filesOnDisk,
  rawUpload,
  imageBlob,
  memberClient,
  serviceClient,
  storedNames,
} from './storage-fixture.ts';

describe.each<TestDatabaseKind>(['pglite', 'postgres'])('storage through supabase-js (%s)', (database) => {
  let stack: TestStack;
  let member: SupabaseClient;
  let memberId: string;
  let other: SupabaseClient;
  let anon: SupabaseClient;

  beforeAll(async () => {
    stack = await startTestStack({ database });
    ({ client: member, userId: memberId } = await memberClient(stack, MEMBER));
    ({ client: other } = await memberClient(stack, OTHER_MEMBER));
    anon = anonClient(stack);
  });
  afterAll(() => stack?.close());

  describe('a member in their own folder', () => {
    it('uploads with cache-control 3600 and no upsert; a second upload of the path is a 409', async () => {
      const key = `${memberId}/first.png`;
      const first = await member.storage.from(BUCKET).upload(key, imageBlob(samples.png));
      expect(first.error).toBeNull();
      expect(first.data).toEqual({ path: key, fullPath: `${BUCKET}/${key}`, id: expect.any(String) });
      const { rows } = await stack.db.query<{
        id: string;
        owner_id: string;
        metadata: Record<string, unknown>;
      }>(
        `select id::text as id, owner_id, metadata from storage.objects where bucket_id = $1 and name = $2`,
        [BUCKET, key],
      );
      expect(rows[0]).toMatchObject({ id: first.data?.id, owner_id: memberId });
      expect(rows[0]?.metadata).toMatchObject({
        cacheControl: 'max-age=3600',
        mimetype: 'image/png',
        size: samples.png.length,
        contentLength: samples.png.length,
        httpStatusCode: 200,
        eTag: expect.stringMatching(/^"[0-9a-f]{32}"$/),
      });

      const second = await member.storage.from(BUCKET).upload(key, imageBlob(samples.gif, 'image/gif'));
      expect(second.data).toBeNull();
      expect(second.error).toMatchObject({
        status: 400,
        statusCode: '409',
        message: 'The resource already exists',
      });
      const download = await member.storage.from(BUCKET).download(key);
      expect(Buffer.from(await download.data!.arrayBuffer())).toEqual(samples.png);
    });

    it('serves the public URL with the bytes, type, cache-control and ETag', async () => {
      const key = `${memberId}/public.png`;
      await member.storage.from(BUCKET).upload(key, imageBlob(samples.png), { cacheControl: '60' });
      const { publicUrl } = anon.storage.from(BUCKET).getPublicUrl(key).data;
      expect(publicUrl).toBe(`${stack.url}/storage/v1/object/public/${BUCKET}/${key}`);
      const response = await fetch(publicUrl);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      expect(response.headers.get('cache-control')).toBe('max-age=60');
      const etag = response.headers.get('etag');
      expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
      expect(Buffer.from(await response.arrayBuffer())).toEqual(samples.png);
      const again = await fetch(publicUrl, { headers: { 'if-none-match': etag! } });
      expect(again.status).toBe(304);
    });

    it('answers a missing object as supabase/storage does', async () => {
      const response = await fetch(`${stack.url}/storage/v1/object/public/${BUCKET}/${memberId}/missing.png`);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        statusCode: '404',
        code: 'NoSuchKey',
        error: 'not_found',
        message: 'Object not found',
      });
      const download = await anon.storage.from(BUCKET).download(`${memberId}/missing.png`);
      expect(download.error).toMatchObject({ status: 400, statusCode: '404', message: 'Object not found' });
      const missingBucket = await anon.storage.from('no-such-bucket').download('a.png');
      expect(missingBucket.error).toMatchObject({ statusCode: '404', message: 'Bucket not found' });
    });

    it('takes a raw body with its content type, updates with PUT and upserts when asked', async () => {
      const key = `${memberId}/raw.png`;
      const raw = await member.storage.from(BUCKET).upload(key, samples.png, { contentType: 'image/png' });
      expect(raw.error).toBeNull();
      const updated = await member.storage
        .from(BUCKET)
        .update(key, imageBlob(samples.gif, 'image/gif'), { cacheControl: '120' });
      expect(updated.error).toBeNull();
      expect(updated.data?.id).toBe(raw.data?.id);
      const upserted = await member.storage
        .from(BUCKET)
        .upload(key, imageBlob(samples.webp, 'image/webp'), { upsert: true });
      expect(upserted.error).toBeNull();
      const info = await member.storage.from(BUCKET).info(key);
      expect(info.data).toMatchObject({
        id: raw.data?.id,
        contentType: 'image/webp',
        size: samples.webp.length,
      });
      expect(await member.storage.from(BUCKET).exists(key)).toEqual({ data: true, error: null });
      const missing = await member.storage
        .from(BUCKET)
        .update(`${memberId}/never.png`, imageBlob(samples.png));
      expect(missing.error).toMatchObject({ statusCode: '404', message: 'Object not found' });
    });

    it('lists with the defaults (limit 100, offset 0, by name ascending), folders as entries with null id', async () => {
      const folder = `${memberId}/listing`;
      for (const name of ['b.png', 'a.png', 'c.png', 'sub/inner.png']) {
        const { error } = await member.storage
          .from(BUCKET)
          .upload(`${folder}/${name}`, imageBlob(samples.png));
        expect(error).toBeNull();
      }
      const listed = await anon.storage.from(BUCKET).list(folder);
      expect(listed.error).toBeNull();
      expect(listed.data?.map((entry) => [entry.name, entry.id === null])).toEqual([
        ['a.png', false],
        ['b.png', false],
        ['c.png', false],
        ['sub', true],
      ]);
      expect(listed.data?.[0]).toEqual({
        name: 'a.png',
        id: expect.any(String),
        updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        created_at: expect.any(String),
        last_accessed_at: expect.any(String),
        metadata: expect.objectContaining({ mimetype: 'image/png', cacheControl: 'max-age=3600' }),
      });
      expect(listed.data?.[3]).toEqual({
        name: 'sub',
        id: null,
        updated_at: null,
        created_at: null,
        last_accessed_at: null,
        metadata: null,
      });
      const page = await anon.storage
        .from(BUCKET)
        .list(folder, { limit: 2, offset: 1, sortBy: { column: 'name', order: 'desc' } });
      expect(page.data?.map((entry) => entry.name)).toEqual(['c.png', 'b.png']);
      const searched = await anon.storage.from(BUCKET).list(folder, { search: 'B' });
      expect(searched.data?.map((entry) => entry.name)).toEqual(['b.png']);
    });

    it('removes only what the caller may delete, rows and files alike', async () => {
      const key = `${memberId}/remove-me.png`;
      await member.storage.from(BUCKET).upload(key, imageBlob(samples.png));
      const refused = await other.storage.from(BUCKET).remove([key]);
      expect(refused).toEqual({ data: [], error: null });
      expect(await storedNames(stack, key)).toEqual([key]);
      const removed = await member.storage.from(BUCKET).remove([key, `${memberId}/not-there.png`]);
      expect(removed.error).toBeNull();
      expect(removed.data).toEqual([
        expect.objectContaining({ name: key, bucket_id: BUCKET, owner_id: memberId, id: expect.any(String) }),
      ]);
      expect(await storedNames(stack, key)).toEqual([]);
      expect(await filesOnDisk(stack, memberId)).not.toContain(key);
    });
  });

  describe('refusals leave nothing behind', () => {
    async function expectNothingStored(prefix: string, folder: string): Promise<void> {
      expect(await storedNames(stack, prefix)).toEqual([]);
      expect((await filesOnDisk(stack, folder)).filter((file) => file.startsWith(prefix))).toEqual([]);
    }

    it('an anonymous upload', async () => {
      const key = `${memberId}/anon.png`;
      const { error } = await anon.storage.from(BUCKET).upload(key, imageBlob(samples.png));
      expect(error).toMatchObject({
        status: 400,
        statusCode: '403',
        message: 'new row violates row-level security policy',
      });
      await expectNothingStored(key, memberId);
    });

    it("an upload into another member's folder", async () => {
      const key = `${memberId}/from-other.png`;
      const { error } = await other.storage.from(BUCKET).upload(key, imageBlob(samples.png));
      expect(error).toMatchObject({
        statusCode: '403',
        message: 'new row violates row-level security policy',
      });
      await expectNothingStored(key, memberId);
    });

    it('a file over the bucket limit of 5 MB', async () => {
      const key = `${memberId}/huge.png`;
      const huge = new Uint8Array(5 * 1024 * 1024 + 1);
      huge.set(samples.png);
      const { error } = await member.storage.from(BUCKET).upload(key, imageBlob(huge));
      expect(error).toMatchObject({
        statusCode: '413',
        message: 'The object exceeded the maximum allowed size',
      });
      const raw = await member.storage.from(BUCKET).upload(key, huge, { contentType: 'image/png' });
      expect(raw.error).toMatchObject({ statusCode: '413' });
      await expectNothingStored(key, memberId);
    });

    it('a non-image named .png and an SVG disguised as PNG', async () => {
      for (const [name, bytes] of [
        ['script.png', samples.script],
        ['drawing.png', samples.svg],
      ] as const) {
        const key = `${memberId}/${name}`;
        const { error } = await member.storage.from(BUCKET).upload(key, imageBlob(bytes));
        expect(error).toMatchObject({ status: 400, statusCode: '415' });
        await expectNothingStored(key, memberId);
      }
      const svg = await member.storage
        .from(BUCKET)
        .upload(`${memberId}/real.svg`, imageBlob(samples.svg, 'image/svg+xml'));
      expect(svg.error).toMatchObject({
        statusCode: '415',
        message: 'mime type image/svg+xml is not supported',
      });
      await expectNothingStored(`${memberId}/real.svg`, memberId);
    });

    it('paths with ..', async () => {
      const viaClient = await member.storage
        .from(BUCKET)
        .upload(`${memberId}/../escape.png`, imageBlob(samples.png));
      expect(viaClient.error).not.toBeNull();
      const { data } = await member.auth.getSession();
      const token = data.session?.access_token ?? '';
      // Sent with node:http, which (unlike fetch) leaves dot segments in the path as they are.
      for (const path of [
        `${memberId}/../escape.png`,
        `${memberId}/..%2F..%2Fescape.png`,
        `${memberId}/%2E%2E/escape.png`,
        `${memberId}/a%00.png`,
      ]) {
        const response = await rawUpload(
          `${stack.url}/storage/v1/object/${BUCKET}/${path}`,
          token,
          samples.png,
          stack.anonKey,
        );
        expect([response.status, response.body.statusCode, response.body.code]).toEqual([
          400,
          '400',
          'InvalidKey',
        ]);
        expect(response.body.message).toMatch(/^Invalid key: /);
      }
      expect(await storedNames(stack, 'escape')).toEqual([]);
      expect(await storedNames(stack, `${memberId}/escape`)).toEqual([]);
      expect(await filesOnDisk(stack, '.')).not.toContain('escape.png');
    });
  });

  it('gives the service role its buckets', async () => {
    const { data, error } = await serviceClient(stack).storage.getBucket(BUCKET);
    expect(error).toBeNull();
    expect(data).toMatchObject({
      id: BUCKET,
      name: BUCKET,
      public: true,
      file_size_limit: 5 * 1024 * 1024,
      allowed_mime_types: expect.arrayContaining(['image/png']),
    });
    const all = await serviceClient(stack).storage.listBuckets();
    expect(all.data?.map((bucket) => bucket.id)).toContain(BUCKET);
  });
});
