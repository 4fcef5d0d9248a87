import type { ReadableAtom } from 'nanostores';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { latestLink } from '../../supabase/local/test/auth/helpers';
import { startTestStack, type TestStack } from '../../supabase/local/test/start-test-stack';
import { createBrowserClient, type BrowserSupabase } from '../lib/supabase/browser-client';
import { authStorageKey, hasStoredSession } from '../lib/supabase/session-presence';
import { createSessionStore, sessionDisplayName } from './session';

// The session store's transitions (product spec §4) against the real local stack with the browser's client.
// A "browser" is a localStorage; a "page" (or tab) is one store with its own supabase-js client over it.

const PASSWORD = 'password123';

class MemoryStorage {
  private readonly items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
}

// Booting a stack and real sign-ins take longer than the unit project's defaults on a shared machine.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 120_000 });

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});

afterAll(async () => {
  await stack?.close();
});

/** Opens a page in the browser whose storage is `storage`; counts how often supabase-js is loaded. */
function openPage(storage = new MemoryStorage()) {
  let loads = 0;
  let client: BrowserSupabase | null = null;
  const window = new EventTarget();
  const store = createSessionStore({
    loadClient: async () => {
      loads += 1;
      client ??= createBrowserClient(stack.url, stack.anonKey, { storage, detectSessionInUrl: false });
      return client;
    },
    hasStoredSession: () => hasStoredSession(storage, stack.url),
    storageKey: authStorageKey(stack.url),
  });
  store.start(window);
  return {
    ...store,
    storage,
    loads: () => loads,
    client: () => client,
    /** What the browser does when another tab changes localStorage. */
    storageChanged: (key: string | null) =>
      window.dispatchEvent(Object.assign(new Event('storage'), { key })),
  };
}

/** Resolves once the store's value satisfies `check` (now or later). */
function until<T>(store: ReadableAtom<T>, check: (value: T) => boolean): Promise<T> {
  return new Promise((resolve) => {
    const unsubscribe = store.subscribe((value) => {
      if (!check(value)) return;
      resolve(value);
      // subscribe() calls back at once, before it has returned `unsubscribe`: stop listening after it.
      queueMicrotask(() => unsubscribe());
    });
  });
}

type Page = ReturnType<typeof openPage>;

async function signedIn(page: Page, email: string) {
  expect(await page.signIn(email, PASSWORD)).toEqual({ error: null });
  return until(page.$profile, (profile) => profile !== null);
}

describe('a visitor without a stored session', () => {
  it('is signed out at once and never loads supabase-js', () => {
    const page = openPage();
    expect(page.$loading.get()).toBe(false);
    expect(page.$user.get()).toBeNull();
    expect(page.$session.get()).toBeNull();
    expect(page.$profile.get()).toBeNull();
    expect(page.$isAdmin.get()).toBe(false);
    page.storageChanged('theme');
    expect(page.loads()).toBe(0);
  });
});

describe('signing in', () => {
  it('stores the user and session, fetches the profile; a member is not an admin', async () => {
    const page = openPage();
    const profile = await signedIn(page, 'member@example.com');
    expect(profile?.full_name).toBe('Jamie Harper');
    expect(page.$user.get()?.email).toBe('member@example.com');
    expect(page.$session.get()?.access_token).toEqual(expect.any(String));
    expect(page.$profile.get()?.id).toBe(page.$user.get()?.id);
    expect(page.$isAdmin.get()).toBe(false);
    expect(page.$loading.get()).toBe(false);
    expect(hasStoredSession(page.storage, stack.url)).toBe(true);
  });

  it('an admin gets isAdmin from the profile', async () => {
    const page = openPage();
    await signedIn(page, 'admin@example.com');
    expect(page.$isAdmin.get()).toBe(true);
  });

  it('a wrong password gives the error message and changes nothing', async () => {
    const page = openPage();
    expect(await page.signIn('member@example.com', 'not-the-password')).toEqual({
      error: 'Invalid login credentials',
    });
    expect(page.$user.get()).toBeNull();
    expect(page.$profile.get()).toBeNull();
    expect(hasStoredSession(page.storage, stack.url)).toBe(false);
  });
});

describe('signing up', () => {
  it('sends the confirmation e-mail that leads to the dashboard, and signs no one in before it', async () => {
    const page = openPage();
    const email = 'new-member@example.com';
    const dashboard = 'http://localhost:4321/dashboard';
    expect(await page.signUp(email, 'a-long-passphrase-1', 'New Member', dashboard)).toEqual({ error: null });
    expect(page.$user.get(), 'e-mail confirmation comes first').toBeNull();
    expect(hasStoredSession(page.storage, stack.url)).toBe(false);
    const link = new URL(await latestLink(stack, email));
    expect(link.searchParams.get('redirect_to')).toBe(dashboard);
  });
});

describe('a page opened with a stored session', () => {
  it('is loading until the session check and the profile fetch, then holds the member', async () => {
    const first = openPage();
    await signedIn(first, 'member@example.com');

    const next = openPage(first.storage);
    expect(next.$loading.get(), 'loading starts true').toBe(true);
    expect(next.$user.get()).toBeNull();
    await until(next.$loading, (loading) => !loading);
    expect(next.$user.get()?.email).toBe('member@example.com');
    expect(next.$profile.get()?.full_name).toBe('Jamie Harper');
    expect(next.loads()).toBe(1);
  });

  it('an expired session that cannot be refreshed is removed and the page is signed out', async () => {
    const first = openPage();
    await signedIn(first, 'priya@example.com');
    const key = authStorageKey(stack.url);
    const stored = JSON.parse(first.storage.getItem(key) ?? '{}') as Record<string, unknown>;
    const storage = new MemoryStorage();
    storage.setItem(
      key,
      JSON.stringify({ ...stored, expires_at: Math.floor(Date.now() / 1000) - 60, refresh_token: 'revoked' }),
    );

    const page = openPage(storage);
    expect(page.$loading.get()).toBe(true);
    await until(page.$loading, (loading) => !loading);
    expect(page.$user.get()).toBeNull();
    expect(page.$profile.get()).toBeNull();
    expect(storage.getItem(key), 'the stale session is removed').toBeNull();
  });
});

describe('signing out', () => {
  it('is global: clears this page and ends the session on every other device', async () => {
    const laptop = openPage();
    const phone = openPage();
    await signedIn(laptop, 'tom@example.com');
    await signedIn(phone, 'tom@example.com');

    expect(await laptop.signOut()).toEqual({ error: null });
    expect(laptop.$user.get()).toBeNull();
    expect(laptop.$session.get()).toBeNull();
    expect(laptop.$profile.get()).toBeNull();
    expect(laptop.$isAdmin.get()).toBe(false);
    expect(hasStoredSession(laptop.storage, stack.url)).toBe(false);

    // The phone's session ended with the laptop's: its refresh token no longer works.
    const { error } = (await phone.client()?.auth.refreshSession()) ?? { error: null };
    expect(error?.message).toMatch(/refresh token/i);
  });
});

describe('other tabs of the same browser', () => {
  it('follow a sign-out through the storage event', async () => {
    const storage = new MemoryStorage();
    const tab1 = openPage(storage);
    await signedIn(tab1, 'admin@example.com');
    const tab2 = openPage(storage);
    await until(tab2.$profile, (profile) => profile !== null);
    expect(tab2.$isAdmin.get()).toBe(true);

    await tab1.signOut();
    tab2.storageChanged(authStorageKey(stack.url));
    await until(tab2.$user, (user) => user === null);
    expect(tab2.$session.get()).toBeNull();
    expect(tab2.$profile.get()).toBeNull();
    expect(tab2.$isAdmin.get()).toBe(false);
  });

  it('follow a sign-in through the storage event, loading supabase-js only then', async () => {
    const storage = new MemoryStorage();
    const tab1 = openPage(storage);
    const tab2 = openPage(storage);
    expect(tab2.loads()).toBe(0);

    await signedIn(tab1, 'member@example.com');
    tab2.storageChanged(authStorageKey(stack.url));
    const profile = await until(tab2.$profile, (value) => value !== null);
    expect(profile?.full_name).toBe('Jamie Harper');
    expect(tab2.$user.get()?.email).toBe('member@example.com');
    expect(tab2.loads()).toBe(1);
  });
});

describe('sessionDisplayName', () => {
  it('shows the full name when there is one', () => {
    expect(sessionDisplayName({ id: '1', email: 'a@b.au', fullName: 'Ada Lovelace', isAdmin: false })).toBe(
      'Ada Lovelace',
    );
  });

  it('falls back to the e-mail when the name is missing or blank', () => {
    expect(sessionDisplayName({ id: '1', email: 'a@b.au', fullName: null, isAdmin: false })).toBe('a@b.au');
    expect(sessionDisplayName({ id: '1', email: 'a@b.au', fullName: '  ', isAdmin: false })).toBe('a@b.au');
  });
});
