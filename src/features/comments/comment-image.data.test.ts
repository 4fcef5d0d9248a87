import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { publishedEvent, signedInAccount } from '../../../supabase/local/test/stack-accounts';
import { startTestStack, type TestStack } from '../../../supabase/local/test/start-test-stack';
import { createBrowserClient, type BrowserSupabase } from '../../lib/supabase/browser-client';
import { loaderOf, storageOf } from '../../lib/supabase/data';
import { createStorageClient } from '../../lib/supabase/storage-client';
import { IMAGE_MAX_BYTES } from '../../lib/images/image-rules';
import { NOT_AN_IMAGE, TOO_LARGE } from '../../lib/images/image-file';
import { isShownImageUrl } from './comment-image';
import { BUCKET, removeCommentImage, uploadCommentImage } from './comment-image.data';
import { fetchThreads, postComment } from './comments.data';

// The page's own Storage wiring (storage-js with the member's token from auth-js) against the local stack:
// an image goes into the member's folder and onto their comment; the bucket refuses what the browser would.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 120_000 });

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

class MemoryStorage {
  private readonly items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
}

let stack: TestStack;
let storageRequests = 0;
const realFetch = globalThis.fetch;

interface Member {
  id: string;
  client: BrowserSupabase;
  storage: ReturnType<typeof createStorageClient>;
}

async function newMember(email: string): Promise<Member> {
  const browser = createBrowserClient(stack.url, stack.anonKey, {
    storage: new MemoryStorage(),
    detectSessionInUrl: false,
  });
  const { id, client } = await signedInAccount(stack, { email }, browser);
  return { id, client, storage: createStorageClient(stack.url, stack.anonKey, client.auth) };
}

let ivy: Member;
let otto: Member;
let eventId: string;

beforeAll(async () => {
  stack = await startTestStack();
  ivy = await newMember('images-ivy@example.com');
  otto = await newMember('images-otto@example.com');
  eventId = await publishedEvent(stack, 'images-one', 'Images');
  globalThis.fetch = (input, init) => {
    if (String(input instanceof Request ? input.url : input).includes('/storage/v1/')) storageRequests += 1;
    return realFetch(input, init);
  };
});
afterAll(async () => {
  globalThis.fetch = realFetch;
  await stack?.close();
});

const png = (bytes: Uint8Array = PNG, name = 'Ghost at the window.png') =>
  new File([new Uint8Array(bytes)], name, { type: 'image/png' });

describe('a comment image', () => {
  it('goes into the member’s folder as {user id}/{timestamp}.png, public, and onto their comment', async () => {
    const result = await uploadCommentImage(ivy.id, png(), 1_764_000_000_000, storageOf(ivy.storage));
    expect(result).toEqual({
      outcome: 'uploaded',
      attachment: {
        url: `${stack.url}/storage/v1/object/public/${BUCKET}/${ivy.id}/1764000000000.png`,
        name: 'Ghost at the window.png',
        path: `${ivy.id}/1764000000000.png`,
      },
    });
    if (result.outcome !== 'uploaded') return;
    const served = await realFetch(result.attachment.url);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toBe('max-age=3600');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);
    expect(isShownImageUrl(result.attachment.url, stack.url, ivy.id)).toBe(true);

    const { url, name } = result.attachment;
    expect(
      await postComment(
        {
          userId: ivy.id,
          eventId,
          content: 'Seen it',
          attachment: { url, name },
        },
        loaderOf(ivy.client),
      ),
    ).toBe('done');
    const pages = await fetchThreads({ ids: [eventId] }, loaderOf(otto.client));
    expect(pages.get(eventId)?.comments).toEqual([
      expect.objectContaining({ content: 'Seen it', attachmentUrl: url, attachmentName: name }),
    ]);
  });

  it('is stored as the type its bytes are, whatever its name says: a GIF named .png is a .gif', async () => {
    const gif = new File([new Uint8Array(GIF)], 'cat.png', { type: 'image/png' });
    const result = await uploadCommentImage(ivy.id, gif, 1_764_000_000_002, storageOf(ivy.storage));
    expect(result).toMatchObject({
      outcome: 'uploaded',
      attachment: { name: 'cat.png', path: `${ivy.id}/1764000000002.gif` },
    });
    if (result.outcome !== 'uploaded') return;
    const { rows } = await stack.db.query<{ mimetype: string }>(
      `select metadata ->> 'mimetype' as mimetype from storage.objects where bucket_id = $1 and name = $2`,
      [BUCKET, result.attachment.path],
    );
    expect(rows).toEqual([{ mimetype: 'image/gif' }]);
    expect((await realFetch(result.attachment.url)).headers.get('content-type')).toBe('image/gif');
  });

  it('is checked in the browser first: a text file renamed .png and a 5 MB + 1 image never reach Storage', async () => {
    const before = storageRequests;
    const text = png(Buffer.from('not a picture at all\n'), 'notes.png');
    expect(await uploadCommentImage(ivy.id, text, undefined, storageOf(ivy.storage))).toEqual({
      outcome: 'refused',
      message: NOT_AN_IMAGE,
    });
    const huge = new Uint8Array(IMAGE_MAX_BYTES + 1);
    huge.set(PNG);
    expect(await uploadCommentImage(ivy.id, png(huge), undefined, storageOf(ivy.storage))).toEqual({
      outcome: 'refused',
      message: TOO_LARGE,
    });
    expect(storageRequests).toBe(before);
  });

  it('is refused by the bucket in another member’s folder, and the comment cannot point there', async () => {
    const theirs = await otto.storage
      .from(BUCKET)
      .upload(`${ivy.id}/1764000000001.png`, png(), { contentType: 'image/png' });
    expect(theirs.error).toMatchObject({
      statusCode: '403',
      message: 'new row violates row-level security policy',
    });
    const url = `${stack.url}/storage/v1/object/public/${BUCKET}/${ivy.id}/1764000000000.png`;
    expect(
      await postComment(
        {
          userId: otto.id,
          eventId,
          content: 'Mine now',
          attachment: { url, name: 'x.png' },
        },
        loaderOf(otto.client),
      ),
    ).toBe('failed');
  });

  it('is refused by the bucket when the browser check is skipped: too large, or text declared as a PNG', async () => {
    const huge = new Uint8Array(IMAGE_MAX_BYTES + 1);
    huge.set(PNG);
    const big = await ivy.storage.from(BUCKET).upload(`${ivy.id}/1.png`, huge, { contentType: 'image/png' });
    expect(big.error).toMatchObject({ statusCode: '413' });
    const text = await ivy.storage
      .from(BUCKET)
      .upload(`${ivy.id}/2.png`, Buffer.from('not a picture\n'), { contentType: 'image/png' });
    expect(text.error).toMatchObject({ statusCode: '415' });
  });

  it('can be removed by its owner before posting, not by anyone else', async () => {
    const result = await uploadCommentImage(ivy.id, png(), 1_764_000_000_009, storageOf(ivy.storage));
    if (result.outcome !== 'uploaded') throw new Error(result.outcome);
    expect(await removeCommentImage(result.attachment.path, storageOf(otto.storage))).toBe(false);
    expect(await removeCommentImage(result.attachment.path, storageOf(ivy.storage))).toBe(true);
    expect((await realFetch(result.attachment.url)).status).toBe(400);
  });

  it('reports a failed upload (the same path twice: no upsert)', async () => {
    expect(await uploadCommentImage(ivy.id, png(), 1_764_000_000_000, storageOf(ivy.storage))).toEqual({
      outcome: 'failed',
    });
  });
});
