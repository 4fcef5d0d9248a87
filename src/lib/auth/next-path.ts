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

/**
 * Where a member goes after signing in with a password, and where a signed-in visitor of /login is sent:
 * the page that asked for the sign-in (same-site only), else the admin home for admins, else the events.
 */
export function afterSignInPath(next: string | null | undefined, isAdmin: boolean): string {
  return safeNextPath(next) ?? (isAdmin ? '/admin' : '/events');
}

/** The `next` parameter of a page's query string (e.g. /login?next=%2Fdashboard). */
export function nextParam(search: string): string | null {
  return new URLSearchParams(search).get('next');
}
