/**
 * What an e-mail link (or an OAuth/PKCE redirect) left in the page's URL, read without supabase-js: GoTrue
 * answers a followed link with `#access_token=…&type=signup|recovery|…` (implicit flow, what this site
 * uses), `?code=…` (PKCE flow), or `#error=…&error_code=…&error_description=…` when the link is spent or
 * expired. A page whose URL carries any of them loads supabase-js at once so that its detectSessionInUrl
 * takes the session (docs/decisions/0019-auth-flows.md).
 */

export type UrlAuth =
  | { kind: 'none' }
  | { kind: 'session'; type: string | null }
  | { kind: 'code' }
  | { kind: 'error'; code: string | null; description: string | null };

/** Both places GoTrue writes parameters to: the fragment (implicit flow, errors) and the query (PKCE). */
function parameters(location: Pick<Location, 'search' | 'hash'>): URLSearchParams {
  const merged = new URLSearchParams(location.search);
  for (const [key, value] of new URLSearchParams(location.hash.replace(/^#/, ''))) merged.set(key, value);
  return merged;
}

export function urlAuth(location: Pick<Location, 'search' | 'hash'>): UrlAuth {
  const params = parameters(location);
  if (params.has('error') || params.has('error_code') || params.has('error_description'))
    return { kind: 'error', code: params.get('error_code'), description: params.get('error_description') };
  if (params.has('access_token') && params.has('refresh_token'))
    return { kind: 'session', type: params.get('type') };
  if (params.has('code')) return { kind: 'code' };
  return { kind: 'none' };
}

/** True when the URL carries something supabase-js must read (a session, a code or a link's error). */
export function urlCarriesAuth(location: Pick<Location, 'search' | 'hash'>): boolean {
  return urlAuth(location).kind !== 'none';
}

/**
 * What to tell the person about a link that did not work. Only our own sentences are shown (never the
 * text in the URL, which anyone can write into a link to this site).
 */
export function linkErrorMessage(error: { code: string | null }): string {
  if (error.code === 'otp_expired')
    return 'This e-mail link is invalid or has expired. Links work once and for a limited time: please request a new one.';
  return 'This e-mail link could not be used. Please request a new one, or sign in if you already have a password.';
}

/** The URL without the link's parameters, so a refresh or a shared address does not replay them. */
export function withoutAuthParams(href: string): string {
  const url = new URL(href);
  for (const key of ['code', 'error', 'error_code', 'error_description']) url.searchParams.delete(key);
  const fragment = new URLSearchParams(url.hash.replace(/^#/, ''));
  if (['error', 'error_code', 'error_description', 'access_token'].some((key) => fragment.has(key)))
    url.hash = '';
  return url.href;
}
