/**
 * Where to go after signing in. A page that needs an account sends the visitor to /login?next=<the page>;
 * only a path on this site is ever followed, so a crafted link cannot send a member elsewhere (an open
 * redirect).
 */

/** The same-site path in `raw` (path, query and hash), or null when it is missing or leaves the site. */
export function safeNextPath(raw: string | null | undefined): string | null {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  const base = 'https://same-site.invalid';
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    return null;
  }
  if (url.origin !== base) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The login page that brings the visitor back to `location` after signing in. */
export function loginPathFor(location: Pick<Location, 'pathname' | 'search' | 'hash'>): string {
  const next = `${location.pathname}${location.search}${location.hash}`;
  return `/login?next=${encodeURIComponent(next)}`;
}
