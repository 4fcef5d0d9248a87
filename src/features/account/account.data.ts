// The account pages' calls to Supabase. Row-level security and the RPCs' own checks decide what each call
// may do; these functions only say it and turn errors into exceptions for TanStack Query.
import { getSupabase } from '../../lib/supabase/client';
import type { Database } from '../../lib/supabase/database.types';
import { authStorageKey } from '../../lib/supabase/session-presence';

export type OwnProfile = Pick<
  Database['public']['Tables']['profiles']['Row'],
  'id' | 'full_name' | 'phone' | 'membership_tier' | 'created_at' | 'marketing_consent'
>;
/** One row of member_public_profile() (the type generator does not spell out its columns). */
export interface PublicProfile {
  id: string;
  full_name: string | null;
  member_since: string;
  membership_tier: Database['public']['Enums']['membership_tier'];
}

/** An error with Supabase's message (and, for a weak password, the auth server's reasons). */
export class AccountError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'AccountError';
  }
}

function fail(error: { message: string; code?: string | undefined } | null): void {
  if (error) throw new AccountError(error.message, error.code);
}

export const ownProfileKey = (userId: string) => ['account', 'profile', userId] as const;

export async function fetchOwnProfile(userId: string): Promise<OwnProfile> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('profiles')
    .select('id, full_name, phone, membership_tier, created_at, marketing_consent')
    .eq('id', userId)
    .single();
  fail(error);
  return data as OwnProfile;
}

export async function saveDetails(
  userId: string,
  row: { full_name: string; phone: string | null },
): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.from('profiles').update(row).eq('id', userId);
  fail(error);
}

/** Asks for the address change; links go to the old and the new address and both must be followed. */
export async function requestEmailChange(email: string, redirectTo: string): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.auth.updateUser({ email: email.trim() }, { emailRedirectTo: redirectTo });
  fail(error);
}

/** A new password; the auth server ends every other session of the member. */
export async function changePassword(password: string): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.auth.updateUser({ password });
  fail(error);
}

export async function setMarketingConsent(userId: string, consent: boolean): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.from('profiles').update({ marketing_consent: consent }).eq('id', userId);
  fail(error);
}

/** Everything the database holds about the member, as export_my_data() gathers it. */
export async function exportMyData(): Promise<unknown> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('export_my_data');
  fail(error);
  return data;
}

/** Deletes or anonymises the account: 'deleted' or 'anonymised'. The server ends every session. */
export async function deleteMyAccount(): Promise<string> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('delete_my_account');
  fail(error);
  return data ?? '';
}

/**
 * Drops this browser's copy of the (already ended) session without an auth event, so the page can leave
 * for home instead of the member gate sending it to /login; other tabs hear the storage change and sign out.
 */
export function forgetStoredSession(): void {
  try {
    localStorage.removeItem(authStorageKey());
  } catch {
    // Storage unavailable: supabase-js finds the session dead on the next page and drops it itself.
  }
}

export const publicProfileKey = (id: string) => ['account', 'public-profile', id] as const;

export async function fetchPublicProfile(id: string): Promise<PublicProfile | null> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('member_public_profile', { member_id: id });
  fail(error);
  return ((data ?? []) as PublicProfile[])[0] ?? null;
}
