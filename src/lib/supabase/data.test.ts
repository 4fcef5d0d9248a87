import type { StorageClient } from '@supabase/storage-js';
import { describe, expect, it } from 'vitest';
import { DataError, dataError, errorCode, loaderOf, sharedClient, storageOf, unwrap } from './data';
import { getSupabase, type BrowserSupabase } from './client';

// The one way a data module reaches the database (decision 0049), without a database: what unwrap() returns
// and throws, what a DataError carries, and that a loader hands back the very client it was given.

describe('unwrap', () => {
  it('returns the data of a result without an error, null included (maybeSingle found nothing)', () => {
    expect(unwrap({ data: [{ id: 'a' }], error: null, status: 200 })).toEqual([{ id: 'a' }]);
    expect(unwrap({ data: null, error: null, status: 200 })).toBeNull();
  });

  it('throws a DataError with the server’s message, code and the HTTP status beside it', () => {
    const result = {
      data: null,
      error: { message: 'duplicate key value violates unique constraint', code: '23505' },
      status: 409,
    };
    expect(() => unwrap(result)).toThrow(DataError);
    expect(() => unwrap(result)).toThrow('duplicate key value violates unique constraint');
    expect(() => unwrap(result)).toThrow(
      expect.objectContaining({ name: 'DataError', code: '23505', status: 409 }),
    );
  });

  it('takes an Auth error’s own status when the result carries none', () => {
    const result = {
      data: { user: null },
      error: { message: 'Password is too weak', code: 'weak_password', status: 422 },
    };
    expect(() => unwrap(result)).toThrow(expect.objectContaining({ code: 'weak_password', status: 422 }));
  });
});

describe('dataError', () => {
  it('keeps the message and code; an empty code (a network failure) is no code', () => {
    const error = dataError({ message: 'TypeError: fetch failed', code: '' }, 0);
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toBe('TypeError: fetch failed');
    expect(error.code).toBeUndefined();
    expect(error.status).toBe(0);
  });

  it('prefers the status it is given over the error’s own', () => {
    expect(dataError({ message: 'Too many', code: 'PT429', status: 500 }, 429).status).toBe(429);
  });
});

describe('errorCode', () => {
  it('reads the code of a DataError, and nothing from anything else thrown', () => {
    expect(errorCode(new DataError('refused', '42501', 403))).toBe('42501');
    expect(errorCode(new DataError('gone'))).toBeUndefined();
    expect(errorCode(new Error('offline'))).toBeUndefined();
    expect(errorCode('a string')).toBeUndefined();
    expect(errorCode(undefined)).toBeUndefined();
  });
});

describe('loaders', () => {
  it('loaderOf hands back the very client it was given, every time', async () => {
    const client = { from: () => null } as unknown as BrowserSupabase;
    const load = loaderOf(client);
    expect(await load()).toBe(client);
    expect(await load()).toBe(client);
  });

  it('storageOf hands back the very Storage client it was given', async () => {
    const storage = { from: () => null } as unknown as StorageClient;
    expect(await storageOf(storage)()).toBe(storage);
  });

  it('the shared loader is the page’s one client (src/lib/supabase/client.ts)', () => {
    expect(sharedClient).toBe(getSupabase);
  });
});
