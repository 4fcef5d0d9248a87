/**
 * supabase-js's default storage key for the project at `supabaseUrl`: `sb-<first label of its host>-auth-token`.
 * Kept free of the site's config (`import.meta.env`) so scripts and browser tests under tsx can import it.
 */
export function storageKeyFor(supabaseUrl: string): string {
  return `sb-${new URL(supabaseUrl).hostname.split('.')[0]}-auth-token`;
}
