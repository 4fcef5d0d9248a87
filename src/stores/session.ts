/**
 * The signed-in member (product spec §4, "Auth context"): user, session, profile, loading and isAdmin, with
 * signIn, signUp and signOut, plus the account actions the auth card needs (reset, resend, new password).
 * supabase-js loads only when a session is stored in this browser, the URL carries what an e-mail link left
 * there, or the visitor signs in or up (docs/decisions/0006 and 0019); a visitor without any of them gets
 * loading = false and no user at once, and never downloads it.
 */
import { atom, computed } from 'nanostores';
import type { AuthChangeEvent, AuthError, Session, User } from '@supabase/supabase-js';
import { linkErrorMessage, urlAuth, withoutAuthParams } from '../lib/auth/url-auth';
import { getSupabase, type BrowserSupabase } from '../lib/supabase/client';
import type { LoadClient } from '../lib/supabase/data';
import type { Database } from '../lib/supabase/database.types';
import { authStorageKey, earlyMember, hasStoredSession } from '../lib/supabase/session-presence';
import type { MembershipTierCode } from '../lib/format/membership-tier';

export type Profile = Database['public']['Tables']['profiles']['Row'];

/** What the chrome needs to know about the signed-in member. */
export interface SessionUser {
  id: string;
  email: string;
  fullName: string | null;
  isAdmin: boolean;
  tier?: MembershipTierCode | null;
}

/** The user menu trigger shows the full name, else the e-mail. */
export function sessionDisplayName(user: SessionUser): string {
  const name = user.fullName?.trim();
  return name ? name : user.email;
}

/** The page's address, read and rewritten (a link's error is taken out of it once read). */
export interface PageUrl {
  current: () => string;
  replace: (href: string) => void;
}

export interface SessionStoreOptions {
  /** The page's supabase-js client, loaded on first call (src/lib/supabase/data.ts; tests pass their own). */
  loadClient: LoadClient;
  /** Whether a session is stored, checked without supabase-js. */
  hasStoredSession: () => boolean;
  /** supabase-js's storage key: a `storage` event for it means another tab signed in or out. */
  storageKey: string;
  /** The page's address, for what an e-mail link left in it; none outside a browser. */
  url?: PageUrl | undefined;
  /**
   * The member a page's early reads were made for (early-reads.ts), shown before auth-js has checked the
   * stored session (decision 0098); none on most pages.
   */
  earlyUser?: (() => User | null) | undefined;
  /** How long an early member may be shown before their session is checked anyway (tests shorten it). */
  earlyCheckWithinMs?: number | undefined;
}

/**
 * The outcome of an auth action: null on success, else supabase's message and code. `unexpected` marks a
 * failure the provider did not answer (network, server error): the forms then show the spec's 'Login Error'
 * or 'Registration Error' instead of the provider's message. `reasons` are weak_password's reasons.
 */
export interface AuthResult {
  error: string | null;
  code?: string;
  reasons?: string[];
  unexpected?: boolean;
}

/** A minimal `storage` event: which key changed (null when the whole storage was cleared). */
type StorageChange = Event & { key?: string | null };

/**
 * How long a page with early reads may show their member before supabase-js checks the session, when the
 * page has not said it is done first (checkSession): its island failed, say.
 */
const EARLY_CHECK_WITHIN_MS = 3000;

function outcome(error: AuthError | null): AuthResult {
  if (!error) return { error: null };
  const status = error.status;
  const answered = typeof status === 'number' && status >= 400 && status < 500;
  const result: AuthResult = { error: error.message, unexpected: !answered };
  if (error.code) result.code = error.code;
  const reasons = (error as { reasons?: string[] }).reasons;
  if (reasons?.length) result.reasons = reasons;
  return result;
}

/** Runs an action; anything it throws (supabase-js could not load, the network is down) is unexpected. */
async function attempt(action: () => Promise<AuthResult>): Promise<AuthResult> {
  try {
    return await action();
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error), unexpected: true };
  }
}

export function createSessionStore({
  loadClient,
  hasStoredSession,
  storageKey,
  url,
  earlyUser,
  earlyCheckWithinMs = EARLY_CHECK_WITHIN_MS,
}: SessionStoreOptions) {
  const $user = atom<User | null>(null);
  const $session = atom<Session | null>(null);
  const $profile = atom<Profile | null>(null);
  /**
   * The signed-in member has no password yet (just confirmed, or invited: decision 0016) and must choose one
   * before any member page. Read with the profile; a failed read answers false: the database still refuses
   * what it must.
   */
  const $needsPassword = atom(false);
  /** True until the first session check (and, with a user, that user's profile fetch) has finished. */
  const $loading = atom(true);
  /** From the profile's is_admin; false whenever there is no profile (no user). */
  const $isAdmin = computed($profile, (profile) => profile?.is_admin === true);
  /** This page was opened from a password reset link (supabase-js said PASSWORD_RECOVERY). */
  const $passwordRecovery = atom(false);
  /** What to tell the visitor about an e-mail link that did not work (spent, expired, malformed). */
  const $linkError = atom<string | null>(null);

  let connection: Promise<BrowserSupabase> | null = null;
  /** An early member's session check, waiting for checkSession() or its time. */
  let earlyCheck: ReturnType<typeof setTimeout> | undefined;
  /** Whose profile is held or being fetched, and when that fetch is done. */
  let profileFetch: { userId: string; done: Promise<void> } | null = null;

  function clear(): void {
    $session.set(null);
    $user.set(null);
    $profile.set(null);
    $needsPassword.set(false);
    profileFetch = null;
  }

  async function fetchProfile(client: BrowserSupabase, userId: string): Promise<void> {
    // supabase-js must not be called from inside its own auth callback (it holds a lock): fetch after it.
    await new Promise((resolve) => setTimeout(resolve, 0));
    // One request: the profile and whether a password must be chosen first (public.my_session()).
    const { data, error } = await client.rpc('my_session');
    if ($user.get()?.id !== userId) return;
    const session = error ? null : data;
    $profile.set(session?.profile ?? null);
    $needsPassword.set(session?.needs_password === true);
    $loading.set(false);
  }

  function loadProfile(client: BrowserSupabase, userId: string): Promise<void> {
    const done = fetchProfile(client, userId).catch(() => {
      // Offline: the member is known, the profile is not; the page still stops waiting.
      if ($user.get()?.id === userId) $loading.set(false);
    });
    profileFetch = { userId, done };
    return done;
  }

  function apply(client: BrowserSupabase, event: AuthChangeEvent, session: Session | null): void {
    if (event === 'PASSWORD_RECOVERY') $passwordRecovery.set(true);
    const user = session?.user ?? null;
    if (!user) {
      clear();
      $loading.set(false);
      return;
    }
    $session.set(session);
    $user.set(user);
    if (user.id !== profileFetch?.userId) {
      // Someone new (or the first check): the page waits for their profile, so isAdmin is never guessed.
      $profile.set(null);
      $loading.set(true);
      void loadProfile(client, user.id);
    } else if (event === 'USER_UPDATED') {
      void loadProfile(client, user.id);
    }
  }

  /** Loads supabase-js (once) and follows its auth events: INITIAL_SESSION, SIGNED_IN, SIGNED_OUT, … */
  function connect(): Promise<BrowserSupabase> {
    clearTimeout(earlyCheck);
    earlyCheck = undefined;
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

  /**
   * Once per page: read what an e-mail link left in the URL, check for a stored session, listen for other
   * tabs. A link's session (or PKCE code) wakes supabase-js, whose detectSessionInUrl takes it; a link's
   * error carries no session, so it is only kept for the page to show and taken out of the address.
   */
  function start(events: Pick<EventTarget, 'addEventListener'> = window): void {
    events.addEventListener('storage', (event) => void followOtherTab(event as StorageChange));
    const fromLink = url ? urlAuth(new URL(url.current())) : { kind: 'none' as const };
    if (fromLink.kind === 'error' && url) {
      $linkError.set(linkErrorMessage(fromLink));
      url.replace(withoutAuthParams(url.current()));
    }
    if (hasStoredSession() || fromLink.kind === 'session' || fromLink.kind === 'code') {
      // The page's early reads trusted the stored session's member: so does the page until auth-js, once
      // loaded, confirms them (INITIAL_SESSION, then their profile) or signs the page out. It is still loading
      // meanwhile, so what needs the profile or isAdmin waits; a link's session may be someone else's.
      const early = fromLink.kind === 'none' ? (earlyUser?.() ?? null) : null;
      if (!early) return void connect();
      $user.set(early);
      // supabase-js then loads once the page has shown what it read early (checkSession), not beside the
      // page's first render; at the latest after earlyCheckWithinMs.
      earlyCheck = setTimeout(checkSession, earlyCheckWithinMs);
    } else $loading.set(false);
  }

  /**
   * A page with early reads has shown what it read for the early member: load supabase-js and check their
   * session now (once; nothing to do on any other page, or once anything has needed supabase-js).
   */
  function checkSession(): void {
    if (earlyCheck !== undefined) void connect();
  }

  async function signIn(email: string, password: string): Promise<AuthResult> {
    return attempt(async () => {
      const client = await connect();
      const { data, error } = await client.auth.signInWithPassword({ email, password });
      // The profile decides where the member goes (admins to /admin): wait for it.
      if (!error && profileFetch?.userId === data.user?.id) await profileFetch?.done;
      return outcome(error);
    });
  }

  /**
   * Registration; the account is confirmed by e-mail, whose link leads to `redirectTo` (the dashboard).
   * The metadata is the shared contract: `{ full_name, marketing_consent }` (handle_new_user copies both).
   */
  async function signUp(
    email: string,
    password: string,
    fullName: string,
    marketingConsent = false,
    redirectTo: string = new URL('/dashboard', location.origin).href,
  ): Promise<AuthResult> {
    return attempt(async () => {
      const client = await connect();
      const { error } = await client.auth.signUp({
        email,
        password,
        options: {
          data: { full_name: fullName, marketing_consent: marketingConsent },
          emailRedirectTo: redirectTo,
        },
      });
      return outcome(error);
    });
  }

  /** Signs out everywhere (every device's refresh token is revoked) and clears the store. */
  async function signOut(): Promise<AuthResult> {
    return attempt(async () => {
      const client = await connect();
      const { error } = await client.auth.signOut({ scope: 'global' });
      if (!error) clear();
      return outcome(error);
    });
  }

  /** E-mails a password reset link leading to `redirectTo` (the /reset-password page). */
  async function requestPasswordReset(
    email: string,
    redirectTo: string = new URL('/reset-password', location.origin).href,
  ): Promise<AuthResult> {
    return attempt(async () => {
      const client = await connect();
      const { error } = await client.auth.resetPasswordForEmail(email, { redirectTo });
      return outcome(error);
    });
  }

  /** Sends the sign-up confirmation e-mail again (for an address not confirmed yet). */
  async function resendConfirmation(
    email: string,
    redirectTo: string = new URL('/dashboard', location.origin).href,
  ): Promise<AuthResult> {
    return attempt(async () => {
      const client = await connect();
      const { error } = await client.auth.resend({
        type: 'signup',
        email,
        options: { emailRedirectTo: redirectTo },
      });
      return outcome(error);
    });
  }

  /** Sets the signed-in member's password (after a reset link, or the first one after confirming). */
  async function updatePassword(password: string): Promise<AuthResult> {
    return attempt(async () => {
      const client = await connect();
      const { error } = await client.auth.updateUser({ password });
      return outcome(error);
    });
  }

  /** The member chose their password: member pages may show. */
  function passwordChosen(): void {
    $needsPassword.set(false);
  }

  return {
    $user,
    $session,
    $profile,
    $loading,
    $isAdmin,
    $passwordRecovery,
    $linkError,
    start,
    checkSession,
    signIn,
    signUp,
    signOut,
    requestPasswordReset,
    resendConfirmation,
    updatePassword,
    passwordChosen,
    $needsPassword,
  };
}

const store = createSessionStore({
  // The page's shared client (data.ts's sharedClient is the same function): imported from client.ts, so a
  // page's first load carries no data-module code it does not use (the landing page's JavaScript budget).
  loadClient: getSupabase,
  hasStoredSession: () => hasStoredSession(),
  storageKey: authStorageKey(),
  earlyUser: earlyMember,
  url:
    typeof window === 'undefined'
      ? undefined
      : {
          current: () => window.location.href,
          replace: (href) => window.history.replaceState(window.history.state, '', href),
        },
});

export const {
  $user,
  $session,
  $profile,
  $loading,
  $isAdmin,
  $passwordRecovery,
  $linkError,
  signIn,
  signUp,
  signOut,
  requestPasswordReset,
  resendConfirmation,
  updatePassword,
  passwordChosen,
  $needsPassword,
} = store;
export const startSession = store.start;
export const checkSession = store.checkSession;

/** The member as the chrome shows them, or null when signed out. */
export const $sessionUser = computed(
  [$user, $profile, $isAdmin],
  (user, profile, isAdmin): SessionUser | null =>
    user
      ? {
          id: user.id,
          email: user.email ?? '',
          fullName: profile?.full_name ?? null,
          isAdmin,
          tier: profile?.membership_tier ?? null,
        }
      : null,
);
