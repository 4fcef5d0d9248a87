// The account pages' calls to Supabase. Row-level security and the RPCs' own checks decide what each call
// may do; these functions only say it, and a failure is thrown as a DataError (Supabase's message and code)
// for TanStack Query.
import { sharedClient, unwrap, type LoadClient } from '../../lib/supabase/data';
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

export const ownProfileKey = (userId: string) => ['account', 'profile', userId] as const;

export async function fetchOwnProfile(
  userId: string,
  client: LoadClient = sharedClient,
): Promise<OwnProfile> {
  const supabase = await client();
  return unwrap(
    await supabase
      .from('profiles')
      .select('id, full_name, phone, membership_tier, created_at, marketing_consent')
      .eq('id', userId)
      .single(),
  );
}

export async function saveDetails(
  userId: string,
  row: { full_name: string; phone: string | null },
  client: LoadClient = sharedClient,
): Promise<void> {
  const supabase = await client();
  unwrap(await supabase.from('profiles').update(row).eq('id', userId));
}

/** Asks for the address change; links go to the old and the new address and both must be followed. */
export async function requestEmailChange(
  email: string,
  redirectTo: string,
  client: LoadClient = sharedClient,
): Promise<void> {
  const supabase = await client();
  unwrap(await supabase.auth.updateUser({ email: email.trim() }, { emailRedirectTo: redirectTo }));
}

/** A new password; the auth server ends every other session of the member. */
export async function changePassword(password: string, client: LoadClient = sharedClient): Promise<void> {
  const supabase = await client();
  unwrap(await supabase.auth.updateUser({ password }));
}

export async function setMarketingConsent(
  userId: string,
  consent: boolean,
  client: LoadClient = sharedClient,
): Promise<void> {
  const supabase = await client();
  unwrap(await supabase.from('profiles').update({ marketing_consent: consent }).eq('id', userId));
}

/** Everything the database holds about the member, as export_my_data() gathers it. */
export async function exportMyData(client: LoadClient = sharedClient): Promise<unknown> {
  const supabase = await client();
  return unwrap(await supabase.rpc('export_my_data'));
}

/** Deletes or anonymises the account: 'deleted' or 'anonymised'. The server ends every session. */
export async function deleteMyAccount(client: LoadClient = sharedClient): Promise<string> {
  const supabase = await client();
  return unwrap(await supabase.rpc('delete_my_account')) ?? '';
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

export async function fetchPublicProfile(
  id: string,
  client: LoadClient = sharedClient,
): Promise<PublicProfile | null> {
  const supabase = await client();
  const rows = unwrap(await supabase.rpc('member_public_profile', { member_id: id }));
  return ((rows ?? []) as PublicProfile[])[0] ?? null;
}
