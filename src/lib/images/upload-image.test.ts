import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signedInAccount } from '../../../supabase/local/test/stack-accounts';
import { startTestStack, type TestStack } from '../../../supabase/local/test/start-test-stack';
import { createBrowserClient } from '../supabase/browser-client';
import { DataError } from '../supabase/data';
import { createStorageClient } from '../supabase/storage-client';
import { NOT_AN_IMAGE } from './image-file';
import { uploadImage } from './upload-image';

// The general upload against the local stack's Storage, through the page's own wiring (storage-js with the
// user's token from auth-js): what admin event images call, in the event-images bucket.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 120_000 });

const BUCKET = 'event-images';
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

class MemoryStorage {
  private readonly items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
}

let stack: TestStack;
let userId: string;
let storage: ReturnType<typeof createStorageClient>;

beforeAll(async () => {
  stack = await startTestStack();
  const browser = createBrowserClient(stack.url, stack.anonKey, {
    storage: new MemoryStorage(),
    detectSessionInUrl: false,
  });
  const { id, client } = await signedInAccount(stack, { email: 'upload-image@example.com' }, browser);
  userId = id;
  storage = createStorageClient(stack.url, stack.anonKey, client.auth);
});
afterAll(async () => {
  await stack?.close();
});

const gifNamedPng = () => new File([new Uint8Array(GIF)], 'cat.png', { type: 'image/png' });

describe('uploadImage', () => {
  it('stores the file in the uploader’s folder as the type its bytes are, cached for an hour', async () => {
    const result = await uploadImage(storage, BUCKET, userId, gifNamedPng(), 1_764_000_000_000);
    expect(result).toEqual({ outcome: 'uploaded', path: `${userId}/1764000000000.gif` });
    const served = await fetch(`${stack.url}/storage/v1/object/public/${BUCKET}/${userId}/1764000000000.gif`);
    expect(served.headers.get('content-type')).toBe('image/gif');
    expect(served.headers.get('cache-control')).toBe('max-age=3600');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(GIF);
  });

  it('refuses what is not an image, with the words the picker shows', async () => {
    const text = new File(['not a picture\n'], 'notes.png', { type: 'image/png' });
    expect(await uploadImage(storage, BUCKET, userId, text)).toEqual({
      outcome: 'refused',
      message: NOT_AN_IMAGE,
    });
  });

  it('throws a DataError when Storage refuses: the same path twice (no upsert), or another’s folder', async () => {
    await expect(uploadImage(storage, BUCKET, userId, gifNamedPng(), 1_764_000_000_000)).rejects.toThrow(
      DataError,
    );
    const someoneElse = '00000000-0000-4000-8000-000000000001';
    await expect(uploadImage(storage, BUCKET, someoneElse, gifNamedPng())).rejects.toThrow(DataError);
  });
});
