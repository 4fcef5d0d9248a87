import { createClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { authStorageKey, hasStoredSession } from './session-presence';

// The presence check must read the very key supabase-js writes, or a signed-in member would look signed out.

function memoryStorage(items: Record<string, string> = {}) {
  const map = new Map(Object.entries(items));
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  };
}

describe('authStorageKey', () => {
  it('is the key supabase-js itself uses, for the local stack and for a hosted project', () => {
    for (const url of ['http://127.0.0.1:54321', 'https://abcdefghijklmnop.supabase.co']) {
      const client = createClient(url, 'anon-key', {
        auth: { storage: memoryStorage(), autoRefreshToken: false, detectSessionInUrl: false },
      });
      // Not part of supabase-js's typed API, but the field its storage reads and writes go through.
      const { storageKey } = client.auth as unknown as { storageKey: string };
      expect(authStorageKey(url)).toBe(storageKey);
    }
    expect(authStorageKey('https://abcdefghijklmnop.supabase.co')).toBe('sb-abcdefghijklmnop-auth-token');
  });
});

describe('hasStoredSession', () => {
  const url = 'https://abcdefghijklmnop.supabase.co';

  it('is true only when the session key is stored', () => {
    expect(hasStoredSession(memoryStorage(), url)).toBe(false);
    expect(hasStoredSession(memoryStorage({ 'sb-other-auth-token': '{}' }), url)).toBe(false);
    expect(hasStoredSession(memoryStorage({ 'sb-abcdefghijklmnop-auth-token': '{}' }), url)).toBe(true);
  });

  it('is false when storage is missing or throws', () => {
    expect(hasStoredSession(undefined, url)).toBe(false);
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(hasStoredSession(blocked, url)).toBe(false);
  });
});
