import { createClient, type User } from '@supabase/supabase-js';
import type { ReadableAtom } from 'nanostores';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { latestLink, mailTo } from '../../supabase/local/test/auth/helpers';
import { startTestStack, type TestStack } from '../../supabase/local/test/start-test-stack';
import { createBrowserClient, type BrowserSupabase } from '../lib/supabase/browser-client';
import { authStorageKey, hasStoredSession } from '../lib/supabase/session-presence';
import { createSessionStore, sessionDisplayName, type PageUrl } from './session';

// The session store's transitions (product spec §4) against the real local stack with the browser's client.
// A "browser" is a localStorage; a "page" (or tab) is one store with its own supabase-js client over it.

const PASSWORD = 'password123';
const DASHBOARD = 'http://localhost:4321/dashboard';

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
function openPage(
  storage = new MemoryStorage(),
  url?: PageUrl,
  earlyUser?: () => User | null,
  earlyCheckWithinMs?: number,
) {
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
    url,
    earlyUser,
    earlyCheckWithinMs,
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
      code: 'invalid_credentials',
      unexpected: false,
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
    expect(await page.signUp(email, 'a-long-passphrase-1', 'New Member', false, dashboard)).toEqual({
      error: null,
    });
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

  it("shows the early reads' member at once, still loading, until auth-js confirms them (decision 0098)", async () => {
    const first = openPage();
    await signedIn(first, 'member@example.com');
    const stored = JSON.parse(first.storage.getItem(authStorageKey(stack.url)) ?? '{}') as { user: User };

    const next = openPage(first.storage, undefined, () => stored.user);
    expect(next.$user.get()?.id, 'before supabase-js has loaded').toBe(stored.user.id);
    expect(next.$loading.get()).toBe(true);
    expect(next.$isAdmin.get()).toBe(false);
    // supabase-js loads once the page says it has shown what it read early.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(next.loads()).toBe(0);
    next.checkSession();
    next.checkSession();
    await until(next.$loading, (loading) => !loading);
    expect(next.loads()).toBe(1);
    expect(next.$user.get()?.id).toBe(stored.user.id);
    expect(next.$session.get()?.access_token).toEqual(expect.any(String));
    expect(next.$profile.get()?.full_name).toBe('Jamie Harper');
  });

  it('an early member is not trusted over an e-mail link, and is signed out when auth-js finds no session', async () => {
    const first = openPage();
    await signedIn(first, 'member@example.com');
    const stored = JSON.parse(first.storage.getItem(authStorageKey(stack.url)) ?? '{}') as { user: User };
    const link = { current: () => `${DASHBOARD}?code=from-a-link`, replace: () => {} };
    expect(openPage(new MemoryStorage(), link, () => stored.user).$user.get()).toBeNull();

    const ended = new MemoryStorage();
    ended.setItem(
      authStorageKey(stack.url),
      JSON.stringify({ ...stored, expires_at: Math.floor(Date.now() / 1000) - 60, refresh_token: 'revoked' }),
    );
    const page = openPage(ended, undefined, () => stored.user, 200);
    expect(page.$user.get()?.id).toBe(stored.user.id);
    // The page never says it is done (its island failed): the session is checked at the latest then.
    expect(page.loads()).toBe(0);
    await until(page.$loading, (loading) => !loading);
    expect(page.loads()).toBe(1);
    expect(page.$user.get()).toBeNull();
    expect(page.$profile.get()).toBeNull();
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

/** The token in the newest e-mailed link to `email` (what the link's /verify would consume). */
async function mailedToken(email: string): Promise<string> {
  return new URL(await latestLink(stack, email)).searchParams.get('token') ?? '';
}

/** A confirmed member with a password, made through the admin API (a fresh account per test). */
async function newMember(email: string, password = 'first-pass-1') {
  const admin = createClient(stack.url, stack.serviceRoleKey, { auth: { persistSession: false } });
  const { error } = await admin.auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    user_metadata: { full_name: 'Fresh Member' },
  });
  expect(error).toBeNull();
  return { email, password };
}

/** A page's URL as the store sees it, recording the address it rewrites. */
function pageUrl(href: string): PageUrl & { href: string } {
  const url = {
    href,
    current: () => url.href,
    replace: (next: string) => {
      url.href = next;
    },
  };
  return url;
}

describe('auth events (spec §4)', () => {
  it('TOKEN_REFRESHED keeps the member and profile, stores the new session, and does not load again', async () => {
    const page = openPage();
    const profile = await signedIn(page, 'member@example.com');
    const before = page.$session.get()?.access_token;
    const loadingSeen: boolean[] = [];
    const stop = page.$loading.listen((value) => loadingSeen.push(value));
    await new Promise((resolve) => setTimeout(resolve, 1100)); // a new token must differ in iat
    const { error } = (await page.client()?.auth.refreshSession()) ?? { error: new Error('no client') };
    expect(error).toBeNull();
    await until(page.$session, (session) => session?.access_token !== before);
    stop();
    expect(page.$profile.get()).toBe(profile);
    expect(loadingSeen, 'no loading flash on refresh').toEqual([]);
  });

  it('USER_UPDATED fetches the profile again', async () => {
    const member = await newMember('updated@example.com');
    const page = openPage();
    expect(await page.signIn(member.email, member.password)).toEqual({ error: null });
    const id = page.$user.get()?.id ?? '';
    await page.client()?.from('profiles').update({ full_name: 'Renamed Member' }).eq('id', id);
    expect(page.$profile.get()?.full_name).toBe('Fresh Member');
    expect(await page.updatePassword('second-pass-2')).toEqual({ error: null });
    const profile = await until(page.$profile, (value) => value?.full_name === 'Renamed Member');
    expect(profile?.id).toBe(id);
  });

  it('PASSWORD_RECOVERY from a reset link marks the page for a new password, which then signs in', async () => {
    const member = await newMember('forgetful@example.com');
    const page = openPage();
    expect(await page.requestPasswordReset(member.email, 'http://localhost:4321/reset-password')).toEqual({
      error: null,
    });
    const link = new URL(await latestLink(stack, member.email));
    expect(link.searchParams.get('redirect_to')).toBe('http://localhost:4321/reset-password');
    expect(page.$passwordRecovery.get()).toBe(false);
    const { error } = (await page.client()?.auth.verifyOtp({
      type: 'recovery',
      token_hash: await mailedToken(member.email),
    })) ?? { error: new Error('no client') };
    expect(error).toBeNull();
    expect(page.$passwordRecovery.get()).toBe(true);
    expect(page.$user.get()?.email).toBe(member.email);
    expect(await page.updatePassword('brand-new-3')).toEqual({ error: null });

    const elsewhere = openPage();
    expect((await elsewhere.signIn(member.email, member.password)).code).toBe('invalid_credentials');
    expect(await elsewhere.signIn(member.email, 'brand-new-3')).toEqual({ error: null });
  });

  it('without a user the profile and isAdmin are cleared', async () => {
    const page = openPage();
    await signedIn(page, 'admin@example.com');
    expect(page.$isAdmin.get()).toBe(true);
    expect(await page.signOut()).toEqual({ error: null });
    expect(page.$profile.get()).toBeNull();
    expect(page.$isAdmin.get()).toBe(false);
    expect(page.$loading.get()).toBe(false);
  });
});

describe('registration and its e-mail link (decision 0016)', () => {
  it('passes the consent in the metadata; signing in before confirming says so; the mail can be resent', async () => {
    const page = openPage();
    const email = 'unconfirmed@example.com';
    expect(await page.signUp(email, 'squatter-pass-1', 'New Person', true, DASHBOARD)).toEqual({
      error: null,
    });
    const result = await page.signIn(email, 'squatter-pass-1');
    expect(result).toMatchObject({ code: 'email_not_confirmed', unexpected: false });
    await new Promise((resolve) => setTimeout(resolve, 1100)); // config.toml's max_frequency between mails
    expect(await page.resendConfirmation(email, 'http://localhost:4321/dashboard')).toEqual({ error: null });
    expect(await mailTo(stack, email)).toHaveLength(2);

    const { rows } = await stack.db.query<{ consent: boolean }>(
      "select (raw_user_meta_data->>'marketing_consent')::boolean as consent from auth.users where email = $1",
      [email],
    );
    expect(rows[0]?.consent).toBe(true);
  });

  it('a confirmed newcomer needs a password until they choose one', async () => {
    const page = openPage();
    const email = 'confirmed@example.com';
    expect(await page.signUp(email, 'squatter-pass-1', 'New Person', false, DASHBOARD)).toEqual({
      error: null,
    });
    await page.client()?.auth.verifyOtp({ type: 'signup', token_hash: await mailedToken(email) });
    await until(page.$profile, (profile) => profile !== null);
    expect(page.$needsPassword.get()).toBe(true);
    expect(await page.updatePassword('chosen-pass-4')).toEqual({ error: null });
    // USER_UPDATED reads the session again: the database now says a password is set.
    await until(page.$needsPassword, (needs) => !needs);
    expect(page.$needsPassword.get()).toBe(false);
    expect((await openPage().signIn(email, 'squatter-pass-1')).code).toBe('invalid_credentials');
  });

  it("gives the server's weak-password reasons", async () => {
    const result = await openPage().signUp('weak@example.com', 'short', 'Weak Password', false, DASHBOARD);
    expect(result).toMatchObject({ code: 'weak_password', unexpected: false });
    expect(result.reasons).toEqual(expect.arrayContaining(['length', 'characters']));
  });
});

describe('what an e-mail link leaves in the URL', () => {
  it('a session in the fragment wakes supabase-js without a stored session', async () => {
    const page = openPage(
      new MemoryStorage(),
      pageUrl('http://localhost:4321/dashboard#access_token=a&refresh_token=r&expires_in=3600&type=signup'),
    );
    expect(page.loads()).toBe(1);
    await until(page.$loading, (loading) => !loading);
  });

  it("a link's error is kept for the page, taken out of the address, and loads nothing", () => {
    const url = pageUrl(
      'http://localhost:4321/dashboard?x=1#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
    );
    const page = openPage(new MemoryStorage(), url);
    expect(page.$linkError.get()).toMatch(/invalid or has expired/);
    expect(url.href).toBe('http://localhost:4321/dashboard?x=1');
    expect(page.loads()).toBe(0);
    expect(page.$loading.get()).toBe(false);
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
