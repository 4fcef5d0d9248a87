/**
 * The signed-in member (product spec §4, "Auth context"): user, session, profile, loading and isAdmin, with
 * signIn, signUp and signOut. supabase-js loads only when a session is stored in this browser or the
 * visitor signs in or up (docs/decisions/0006-native-dialogs-for-the-js-budget.md); a visitor without a
 * session gets loading = false and no user at once, and never downloads it.
 */
import { atom, computed } from 'nanostores';
import type { AuthChangeEvent, Session, User } from '@supabase/supabase-js';
import { getSupabase, type BrowserSupabase } from '../lib/supabase/client';
import type { Database } from '../lib/supabase/database.types';
import { authStorageKey, hasStoredSession } from '../lib/supabase/session-presence';

export type Profile = Database['public']['Tables']['profiles']['Row'];

/** What the chrome needs to know about the signed-in member. */
export interface SessionUser {
  id: string;
  email: string;
  fullName: string | null;
  isAdmin: boolean;
}

/** The user menu trigger shows the full name, else the e-mail. */
export function sessionDisplayName(user: SessionUser): string {
  const name = user.fullName?.trim();
  return name ? name : user.email;
}

export interface SessionStoreOptions {
  /** The page's supabase-js client, loaded on first call (see src/lib/supabase/client.ts). */
  loadClient: () => Promise<BrowserSupabase>;
  /** Whether a session is stored, checked without supabase-js. */
  hasStoredSession: () => boolean;
  /** supabase-js's storage key: a `storage` event for it means another tab signed in or out. */
  storageKey: string;
}

/** The outcome of an auth action: supabase's error message, or null on success. */
export interface AuthResult {
  error: string | null;
}

/** A minimal `storage` event: which key changed (null when the whole storage was cleared). */
type StorageChange = Event & { key?: string | null };

export function createSessionStore({ loadClient, hasStoredSession, storageKey }: SessionStoreOptions) {
  const $user = atom<User | null>(null);
  const $session = atom<Session | null>(null);
  const $profile = atom<Profile | null>(null);
  /** True until the first session check (and, with a user, the first profile fetch) has finished. */
  const $loading = atom(true);
  /** From the profile's is_admin; false whenever there is no profile (no user). */
  const $isAdmin = computed($profile, (profile) => profile?.is_admin === true);

  let connection: Promise<BrowserSupabase> | null = null;
  /** Whose profile is held or being fetched, so a late answer for someone else is dropped. */
  let profileOwner: string | null = null;

  function clear(): void {
    $session.set(null);
    $user.set(null);
    $profile.set(null);
    profileOwner = null;
  }

  async function fetchProfile(client: BrowserSupabase, userId: string): Promise<void> {
    const { data, error } = await client.from('profiles').select('*').eq('id', userId).single();
    if ($user.get()?.id !== userId) return;
    $profile.set(error ? null : data);
    $loading.set(false);
  }

  function apply(client: BrowserSupabase, event: AuthChangeEvent, session: Session | null): void {
    const user = session?.user ?? null;
    if (!user) {
      clear();
      $loading.set(false);
      return;
    }
    $session.set(session);
    $user.set(user);
    if (user.id !== profileOwner || event === 'USER_UPDATED') {
      profileOwner = user.id;
      // supabase-js must not be called from inside its own auth callback (it holds a lock): fetch after it.
      setTimeout(() => void fetchProfile(client, user.id), 0);
    }
  }

  /** Loads supabase-js (once) and follows its auth events: INITIAL_SESSION, SIGNED_IN, SIGNED_OUT, … */
  function connect(): Promise<BrowserSupabase> {
    connection ??= loadClient().then((client) => {
      client.auth.onAuthStateChange((event, session) => apply(client, event, session));
      return client;
    });
    connection.catch(() => {
      // Offline or blocked: nothing more can be known now; a later action tries again.
      connection = null;
      $loading.set(false);
    });
    return connection;
  }

  /** Another tab signed in or out: read the stored session again and follow it. */
  async function followOtherTab(change: StorageChange): Promise<void> {
    if (change.key != null && change.key !== storageKey) return;
    if (!connection && !hasStoredSession()) return;
    const client = await connect();
    const { data } = await client.auth.getSession();
    apply(client, data.session ? 'SIGNED_IN' : 'SIGNED_OUT', data.session);
  }

  /** Once per page: check for a stored session and listen for other tabs. */
  function start(events: Pick<EventTarget, 'addEventListener'> = window): void {
    events.addEventListener('storage', (event) => void followOtherTab(event as StorageChange));
    if (hasStoredSession()) void connect();
    else $loading.set(false);
  }

  async function signIn(email: string, password: string): Promise<AuthResult> {
    const client = await connect();
    const { error } = await client.auth.signInWithPassword({ email, password });
    return { error: error?.message ?? null };
  }

  /** Registration; the account is confirmed by e-mail, whose link leads to `redirectTo` (the dashboard). */
  async function signUp(
    email: string,
    password: string,
    fullName: string,
    redirectTo: string = new URL('/dashboard', location.origin).href,
  ): Promise<AuthResult> {
    const client = await connect();
    const { error } = await client.auth.signUp({
      email,
      password,
      options: { data: { full_name: fullName }, emailRedirectTo: redirectTo },
    });
    return { error: error?.message ?? null };
  }

  /** Signs out everywhere (every device's refresh token is revoked) and clears the store. */
  async function signOut(): Promise<AuthResult> {
    const client = await connect();
    const { error } = await client.auth.signOut({ scope: 'global' });
    if (!error) clear();
    return { error: error?.message ?? null };
  }

  return { $user, $session, $profile, $loading, $isAdmin, start, signIn, signUp, signOut };
}

const store = createSessionStore({
  loadClient: getSupabase,
  hasStoredSession: () => hasStoredSession(),
  storageKey: authStorageKey(),
});

export const { $user, $session, $profile, $loading, $isAdmin, signIn, signUp, signOut } = store;
export const startSession = store.start;

/** The member as the chrome shows them, or null when signed out. */
export const $sessionUser = computed(
  [$user, $profile, $isAdmin],
  (user, profile, isAdmin): SessionUser | null =>
    user ? { id: user.id, email: user.email ?? '', fullName: profile?.full_name ?? null, isAdmin } : null,
);
